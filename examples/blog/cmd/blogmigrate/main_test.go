package main

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/examples/blog"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

func TestMain(m *testing.M) { entitytest.Main(m) }

func TestProgram(t *testing.T) {
	t.Parallel()
	in := blog.Table.CreateTableInput()
	in.TableName = aws.String("blog-migrate-cmd-")
	table := entitytest.NewTable(t, in)
	report := exampletest.RunTwice(t, config(), table)
	exampletest.Contains(t, report,
		"== M1: Version 2 reads a message version 1 wrote (upgraded on read)",
		"m000        Reader 0   reader0@example.com  new",
		"== M2: An update of a version 1 message is refused, the item unchanged",
		"1               2                true",
		"== M3: The service migrates that one message, and its update goes through",
		"1         m000        Reader 0   answered",
		"verify   400      399          -",
		"migrate  400      399          399",
		"verify   400      0            -",
		"== M5: After the migration, an update of any message goes through",
		"m001        Reader 1   answered",
	)
}
