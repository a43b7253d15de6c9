package employment_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/examples/edtech/employment"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// Status leads the GSI1 sort key, so current and former employees are two
// key ranges of one index partition.
func ExampleCurrentEmployeesQuery() {
	in, err := employment.CurrentEmployeesQuery("c1").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	in, err = employment.CurrentJobQuery("u1").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	// Output:
	// Query edtech-employment/GSI1: GSI1PK = "COMPANY#c1" AND begins_with(GSI1SK, "STATUS#current#")
	// Query edtech-employment/GSI1: GSI1PK = "USER#u1" AND begins_with(GSI1SK, "STATUS#current#"); descending; limit 1
}

// Ending a job is one transaction of two updates; each recomputes GSI1SK
// from the new status and the key's composites.
func ExampleEndJobTx() {
	in, err := employment.EndJobTx("u1", "c2", "2022-02-01T09:00:00Z", mustTime("2024-09-30T18:00:00Z")).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeTransaction(in))
	// Output:
	// Update edtech-employment: PK = "USER#u1", SK = "EMPLOYMENT#2022-02-01T09:00:00.000000000Z#COMPANY#c2"; SET GSI1SK = "STATUS#former#2022-02-01T09:00:00.000000000Z#COMPANY#c2", status = "former", ended_at = "2024-09-30T18:00:00Z"; if (__entity = "UserEmployment") AND (status = "current")
	// Update edtech-employment: PK = "COMPANY#c2", SK = "EMPLOYMENT#2022-02-01T09:00:00.000000000Z#USER#u1"; SET GSI1SK = "STATUS#former#2022-02-01T09:00:00.000000000Z#USER#u1", status = "former", ended_at = "2024-09-30T18:00:00Z"; if (__entity = "CompanyEmployment") AND (status = "current")
}
