package geo

import (
	"context"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// StoresInCountryQuery is L1: begins_with(SK, "<country>#").
func StoresInCountryQuery(chainID, country string) query.Query[Store] {
	return query.By(StoresByLocation, Location{ChainID: chainID, Country: &country})
}

// StoresInCountry runs L1, in key (address) order.
func StoresInCountry(ctx context.Context, db *entity.DB, chainID, country string) ([]Store, error) {
	return StoresInCountryQuery(chainID, country).Collect(ctx, db)
}

// StoresInStateQuery is L2: begins_with(SK, "<country>#<state>#").
func StoresInStateQuery(chainID, country, state string) query.Query[Store] {
	return query.By(StoresByLocation, Location{ChainID: chainID, Country: &country, State: &state})
}

// StoresInState runs L2.
func StoresInState(ctx context.Context, db *entity.DB, chainID, country, state string) ([]Store, error) {
	return StoresInStateQuery(chainID, country, state).Collect(ctx, db)
}

// StoresInCityQuery is L3: begins_with(SK, "<country>#<state>#<city>#").
func StoresInCityQuery(chainID, country, state, city string) query.Query[Store] {
	return query.By(StoresByLocation, Location{ChainID: chainID, Country: &country, State: &state, City: &city})
}

// StoresInCity runs L3.
func StoresInCity(ctx context.Context, db *entity.DB, chainID, country, state, city string) ([]Store, error) {
	return StoresInCityQuery(chainID, country, state, city).Collect(ctx, db)
}

// StoresInNeighborhoodQuery is L4:
// begins_with(SK, "<country>#<state>#<city>#<neighborhood>#").
func StoresInNeighborhoodQuery(chainID, country, state, city, neighborhood string) query.Query[Store] {
	return query.By(StoresByLocation, Location{
		ChainID: chainID, Country: &country, State: &state, City: &city, Neighborhood: &neighborhood,
	})
}

// StoresInNeighborhood runs L4.
func StoresInNeighborhood(ctx context.Context, db *entity.DB, chainID, country, state, city, neighborhood string) ([]Store, error) {
	return StoresInNeighborhoodQuery(chainID, country, state, city, neighborhood).Collect(ctx, db)
}
