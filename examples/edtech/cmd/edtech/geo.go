package main

import (
	"context"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/geo"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
	"github.com/ddbmodel/ddbmodel/query"
)

func runGeo(ctx context.Context, app *exampleapp.App, db *entity.DB) error {
	d := desc{db}
	if err := geo.LoadSample(ctx, db); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	patterns := []struct {
		id, name string
		q        query.Query[geo.Store]
	}{
		{"L1", "Stores of chain cafe in Brazil", geo.StoresInCountryQuery("cafe", "BR")},
		{"L2", "Stores in the state of Sao Paulo", geo.StoresInStateQuery("cafe", "BR", "SP")},
		{"L3", "Stores in the city of Sao Paulo", geo.StoresInCityQuery("cafe", "BR", "SP", "SaoPaulo")},
		{"L4", "Stores in Pinheiros", geo.StoresInNeighborhoodQuery("cafe", "BR", "SP", "SaoPaulo", "Pinheiros")},
		{"L4", "Stores in JardimPaulista (not JardimPaulistano)", geo.StoresInNeighborhoodQuery("cafe", "BR", "SP", "SaoPaulo", "JardimPaulista")},
	}
	for _, p := range patterns {
		req, err := d.query(p.q.Build())
		if err != nil {
			return err
		}
		stores, err := p.q.Collect(ctx, db)
		if err != nil {
			return err
		}
		var rows [][]string
		for _, s := range stores {
			rows = append(rows, []string{s.Name, s.Country, s.State, s.City, s.Neighborhood, s.Street})
		}
		app.Pattern(p.id, p.name, req, []string{"NAME", "COUNTRY", "STATE", "CITY", "NEIGHBORHOOD", "STREET"}, rows)
	}
	return nil
}
