package geo_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/geo"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
	"github.com/ddbmodel/ddbmodel/internal/pagetest"
)

func setup(t *testing.T) (context.Context, *entity.DB) {
	t.Helper()
	return exampletest.Sample(t, geo.Table, geo.LoadSample)
}

// named returns the sample stores with these names, in this order.
func named(t *testing.T, names ...string) []geo.Store {
	t.Helper()
	var out []geo.Store
	for _, n := range names {
		found := false
		for _, s := range geo.SampleStores {
			if s.Name == n {
				out = append(out, s)
				found = true
			}
		}
		if !found {
			t.Fatalf("no sample store %q", n)
		}
	}
	return out
}

func TestHierarchyLevels(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	// Key order is text order: "Santos" < "SaoPaulo", "JardimPaulista#" <
	// "JardimPaulistano#", and upper case before lower case.
	tests := []struct {
		name string
		run  func() ([]geo.Store, error)
		want []geo.Store
	}{
		{"country BR", func() ([]geo.Store, error) { return geo.StoresInCountry(ctx, db, "cafe", "BR") },
			named(t, "Cafe Savassi", "Cafe Copacabana", "Cafe Ipanema", "Cafe Cambui", "Cafe Campinas Centro",
				"Cafe Gonzaga", "Cafe Alameda", "Cafe Jardins", "Cafe Liberdade", "Cafe Faria Lima", "Cafe Teodoro", "Cafe Pinheiros")},
		{"country US", func() ([]geo.Store, error) { return geo.StoresInCountry(ctx, db, "cafe", "US") },
			named(t, "Cafe Capitol Hill", "Cafe Fremont")},
		{"state BR/SP", func() ([]geo.Store, error) { return geo.StoresInState(ctx, db, "cafe", "BR", "SP") },
			named(t, "Cafe Cambui", "Cafe Campinas Centro", "Cafe Gonzaga", "Cafe Alameda", "Cafe Jardins",
				"Cafe Liberdade", "Cafe Faria Lima", "Cafe Teodoro", "Cafe Pinheiros")},
		{"state BR/RJ", func() ([]geo.Store, error) { return geo.StoresInState(ctx, db, "cafe", "BR", "RJ") },
			named(t, "Cafe Copacabana", "Cafe Ipanema")},
		{"city BR/SP/SaoPaulo", func() ([]geo.Store, error) {
			return geo.StoresInCity(ctx, db, "cafe", "BR", "SP", "SaoPaulo")
		}, named(t, "Cafe Alameda", "Cafe Jardins", "Cafe Liberdade", "Cafe Faria Lima", "Cafe Teodoro", "Cafe Pinheiros")},
		{"city BR/SP/Campinas", func() ([]geo.Store, error) {
			return geo.StoresInCity(ctx, db, "cafe", "BR", "SP", "Campinas")
		}, named(t, "Cafe Cambui", "Cafe Campinas Centro")},
		{"neighborhood Pinheiros", func() ([]geo.Store, error) {
			return geo.StoresInNeighborhood(ctx, db, "cafe", "BR", "SP", "SaoPaulo", "Pinheiros")
		}, named(t, "Cafe Faria Lima", "Cafe Teodoro", "Cafe Pinheiros")},
		// JardimPaulista is a prefix of JardimPaulistano; the query never confuses them.
		{"neighborhood JardimPaulista", func() ([]geo.Store, error) {
			return geo.StoresInNeighborhood(ctx, db, "cafe", "BR", "SP", "SaoPaulo", "JardimPaulista")
		}, named(t, "Cafe Alameda")},
		{"neighborhood JardimPaulistano", func() ([]geo.Store, error) {
			return geo.StoresInNeighborhood(ctx, db, "cafe", "BR", "SP", "SaoPaulo", "JardimPaulistano")
		}, named(t, "Cafe Jardins")},
		{"other chain, same neighborhood", func() ([]geo.Store, error) {
			return geo.StoresInNeighborhood(ctx, db, "books", "BR", "SP", "SaoPaulo", "Pinheiros")
		}, named(t, "Books Pinheiros")},
		{"no store in AR", func() ([]geo.Store, error) { return geo.StoresInCountry(ctx, db, "cafe", "AR") }, nil},
	}
	for _, tt := range tests {
		got, err := tt.run()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestHierarchyPages(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	full, err := geo.StoresInCountry(ctx, db, "cafe", "BR")
	if err != nil {
		t.Fatal(err)
	}
	if len(full) != 12 {
		t.Fatalf("%d stores in BR, want 12", len(full))
	}
	for _, limit := range []int{1, 5, 12, 50} {
		got, pages := pagetest.Walk(ctx, t, db, geo.StoresInCountryQuery("cafe", "BR"), limit)
		if diff := cmp.Diff(full, got); diff != "" {
			t.Errorf("pages of %d (-want +got):\n%s", limit, diff)
		}
		if min := (12 + limit - 1) / limit; pages < min {
			t.Errorf("pages of %d: %d pages, want at least %d", limit, pages, min)
		}
	}
	city, pages := pagetest.Walk(ctx, t, db, geo.StoresInCityQuery("cafe", "BR", "SP", "SaoPaulo"), 4)
	want := named(t, "Cafe Alameda", "Cafe Jardins", "Cafe Liberdade", "Cafe Faria Lima", "Cafe Teodoro", "Cafe Pinheiros")
	if diff := cmp.Diff(want, city); diff != "" || pages != 2 {
		t.Errorf("city in pages of 4: %d pages (-want +got):\n%s", pages, diff)
	}
}

func TestPlaceNamesCannotForgeALevel(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	_, err := geo.Stores.Put(geo.Store{ChainID: "cafe", Country: "BR", State: "SP#SaoPaulo", City: "X", Neighborhood: "Y", Street: "Z", Name: "forged"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Fatalf("state with '#': got %v, want ErrInvalid", err)
	}
	if _, err := geo.StoresInStateQuery("cafe", "BR", "SP#SaoPaulo").Build(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("query with '#' in a level: got %v, want ErrInvalid", err)
	}
	// The street, the last level, takes any text but the delimiter (doc.go).
	_, err = geo.Stores.Put(geo.Store{ChainID: "cafe", Country: "BR", State: "SP", City: "X", Neighborhood: "Y", Street: "Rua A#B", Name: "forged"}).Run(ctx, db)
	var verr *ddbmodel.ValidationError
	if !errors.As(err, &verr) || verr.Attribute != "street" {
		t.Errorf("street with '#': got %v, want a ValidationError naming street", err)
	}
	if _, err := geo.Stores.Put(geo.Store{ChainID: "cafe", Country: "BR", State: "SP", City: "X", Neighborhood: "Y", Street: "Avenida Faria Lima, 2232 (térreo) / 5º", Name: "ok"}).Run(ctx, db); err != nil {
		t.Errorf("street with spaces, commas and accents: %v", err)
	}
}
