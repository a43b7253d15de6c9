package edtech_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/examples/edtech"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// The lessons of module m1 are a prefix that ends on the separator, so they
// never include the lessons of m10; only the modules are a GSI1 key range.
func ExampleModuleLessonsQuery() {
	for _, m := range []string{"m1", "m10"} {
		in, err := edtech.ModuleLessonsQuery("c10", m).Build()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(*in.KeyConditionExpression)
		fmt.Println(exampleapp.DescribeQuery(in))
	}
	in, err := edtech.CourseModulesQuery("c10").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	// Output:
	// #PK = :v0 AND begins_with(#SK, :v1)
	// Query edtech-platform: PK = "COURSE#c10" AND begins_with(SK, "MODULE#m1#LESSON#")
	// #PK = :v0 AND begins_with(#SK, :v1)
	// Query edtech-platform: PK = "COURSE#c10" AND begins_with(SK, "MODULE#m10#LESSON#")
	// Query edtech-platform/GSI1: GSI1PK = "COURSE#c10" AND begins_with(GSI1SK, "MODULE#")
}

// The student listing is ten queries, one per write shard, that the library
// runs concurrently and merges by GSI1SK.
func ExampleStudentsRegisteredSinceQuery() {
	ins, err := edtech.StudentsRegisteredSinceQuery("2024-09-01").Limit(5).BuildShards()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, in := range ins {
		fmt.Println(exampleapp.DescribeQuery(in))
	}
	// Output:
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#0" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#1" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#2" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#3" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#4" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#5" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#6" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#7" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#8" AND GSI1SK >= "2024-09-01#"; limit 5
	// Query edtech-platform/GSI1: GSI1PK = "STUDENT#9" AND GSI1SK >= "2024-09-01#"; limit 5
}

// Enrolling is one transaction: two condition checks and the two edges.
func ExampleEnrollTx() {
	in, err := edtech.EnrollTx("s1", "c10", edtech.SampleEnrollStart).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeTransaction(in))
	// Output:
	// ConditionCheck edtech-platform: PK = "STUDENT#s1", SK = "PROFILE"; if (attribute_not_exists(PK) OR entity_type = "STUDENT") AND (attribute_exists(PK))
	// ConditionCheck edtech-platform: PK = "COURSE#c10", SK = "METADATA"; if (attribute_not_exists(PK) OR entity_type = "COURSE") AND (attribute_exists(PK))
	// Put edtech-platform: PK = "STUDENT#s1", SK = "ENROLLMENT#c10" (+8 attributes); if attribute_not_exists(PK)
	// Put edtech-platform: PK = "COURSE#c10", SK = "ENROLLMENT#STUDENT#s1" (+7 attributes); if attribute_not_exists(PK)
}
