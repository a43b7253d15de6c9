package geo_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/examples/edtech/geo"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func describe(in *dynamodb.QueryInput, err error) string {
	if err != nil {
		return err.Error()
	}
	return exampleapp.DescribeQuery(in)
}

// One begins_with per level of the hierarchy; each prefix ends on '#'.
func Example() {
	fmt.Println(describe(geo.StoresInCountryQuery("cafe", "BR").Build()))
	fmt.Println(describe(geo.StoresInStateQuery("cafe", "BR", "SP").Build()))
	fmt.Println(describe(geo.StoresInCityQuery("cafe", "BR", "SP", "SaoPaulo").Build()))
	fmt.Println(describe(geo.StoresInNeighborhoodQuery("cafe", "BR", "SP", "SaoPaulo", "Pinheiros").Build()))
	// Output:
	// Query edtech-geo: PK = "CHAIN#cafe" AND begins_with(SK, "BR#")
	// Query edtech-geo: PK = "CHAIN#cafe" AND begins_with(SK, "BR#SP#")
	// Query edtech-geo: PK = "CHAIN#cafe" AND begins_with(SK, "BR#SP#SaoPaulo#")
	// Query edtech-geo: PK = "CHAIN#cafe" AND begins_with(SK, "BR#SP#SaoPaulo#Pinheiros#")
}
