package geo

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

func store(chain, country, state, city, hood, street, name string) Store {
	return Store{ChainID: chain, Country: country, State: state, City: city, Neighborhood: hood, Street: street, Name: name}
}

// SampleStores are the stores of two chains, "cafe" and "books". São Paulo
// has the neighbourhoods JardimPaulista and JardimPaulistano, the first a
// prefix of the second.
var SampleStores = []Store{
	store("cafe", "BR", "SP", "SaoPaulo", "Pinheiros", "Avenida Faria Lima, 2232", "Cafe Faria Lima"),
	store("cafe", "BR", "SP", "SaoPaulo", "Pinheiros", "Rua dos Pinheiros, 500", "Cafe Pinheiros"),
	store("cafe", "BR", "SP", "SaoPaulo", "Pinheiros", "Rua Teodoro Sampaio, 1000", "Cafe Teodoro"),
	store("cafe", "BR", "SP", "SaoPaulo", "JardimPaulista", "Alameda Santos, 100", "Cafe Alameda"),
	store("cafe", "BR", "SP", "SaoPaulo", "JardimPaulistano", "Rua Estados Unidos, 1500", "Cafe Jardins"),
	store("cafe", "BR", "SP", "SaoPaulo", "Liberdade", "Rua Galvao Bueno, 200", "Cafe Liberdade"),
	store("cafe", "BR", "SP", "Campinas", "Cambui", "Rua Coronel Quirino, 900", "Cafe Cambui"),
	store("cafe", "BR", "SP", "Campinas", "Centro", "Rua 13 de Maio, 50", "Cafe Campinas Centro"),
	store("cafe", "BR", "SP", "Santos", "Gonzaga", "Avenida Ana Costa, 400", "Cafe Gonzaga"),
	store("cafe", "BR", "RJ", "RioDeJaneiro", "Copacabana", "Avenida Atlantica, 1702", "Cafe Copacabana"),
	store("cafe", "BR", "RJ", "RioDeJaneiro", "Ipanema", "Rua Visconde de Piraja, 300", "Cafe Ipanema"),
	store("cafe", "BR", "MG", "BeloHorizonte", "Savassi", "Rua Pernambuco, 1000", "Cafe Savassi"),
	store("cafe", "PT", "Lisboa", "Lisboa", "Chiado", "Rua Garrett, 120", "Cafe Chiado"),
	store("cafe", "US", "WA", "Seattle", "CapitolHill", "Broadway E, 400", "Cafe Capitol Hill"),
	store("cafe", "US", "WA", "Seattle", "Fremont", "Fremont Ave N, 3500", "Cafe Fremont"),
	store("books", "BR", "SP", "SaoPaulo", "Pinheiros", "Rua dos Pinheiros, 800", "Books Pinheiros"),
	store("books", "BR", "SP", "SaoPaulo", "Liberdade", "Rua da Gloria, 10", "Books Liberdade"),
}

// LoadSample writes the sample stores in one batch.
func LoadSample(ctx context.Context, db *entity.DB) error {
	puts := make([]entity.BatchWriter, 0, len(SampleStores))
	for _, s := range SampleStores {
		puts = append(puts, Stores.Put(s))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, puts...); err != nil {
		return fmt.Errorf("geo: load sample: %w", err)
	}
	return nil
}
