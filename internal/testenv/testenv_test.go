package testenv

import (
	"errors"
	"regexp"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestMain(m *testing.M) { Main(m) }

func tableInput(prefix string) *dynamodb.CreateTableInput {
	return &dynamodb.CreateTableInput{
		TableName:            aws.String(prefix),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash}},
	}
}

func TestClientAnswers(t *testing.T) {
	client := Client(t)
	if _, err := client.ListTables(t.Context(), &dynamodb.ListTablesInput{}); err != nil {
		t.Fatalf("ListTables: %v", err)
	}
	if got := Endpoint(t); !regexp.MustCompile(`^https?://`).MatchString(got) {
		t.Errorf("Endpoint() = %q, want a URL", got)
	}
}

func TestNewTable(t *testing.T) {
	client := Client(t)
	input := tableInput("cms-")
	var first string
	t.Run("create", func(t *testing.T) {
		first = NewTable(t, input)
		second := NewTable(t, input)
		if !regexp.MustCompile(`^cms-[0-9a-f]{12}$`).MatchString(first) {
			t.Errorf("table name %q, want cms- and 12 hex digits", first)
		}
		if first == second {
			t.Errorf("two NewTable calls returned the same name %q", first)
		}
		if got := aws.ToString(input.TableName); got != "cms-" || input.BillingMode != "" {
			t.Errorf("input changed: TableName %q, BillingMode %q", got, input.BillingMode)
		}
		out, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(first)})
		if err != nil {
			t.Fatalf("DescribeTable: %v", err)
		}
		if out.Table.TableStatus != types.TableStatusActive {
			t.Errorf("table status %q, want ACTIVE", out.Table.TableStatus)
		}
		item := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "A"}}
		if _, err := client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String(first), Item: item}); err != nil {
			t.Fatalf("PutItem into the new table: %v", err)
		}
	})
	// The subtest's cleanup deleted its tables.
	_, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(first)})
	var notFound *types.ResourceNotFoundException
	if !errors.As(err, &notFound) {
		t.Errorf("DescribeTable after cleanup: err = %v, want ResourceNotFoundException", err)
	}
}

func TestNewTableDefaultPrefixAndProvisioned(t *testing.T) {
	client := Client(t)
	input := tableInput("")
	input.TableName = nil
	input.ProvisionedThroughput = &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)}
	name := NewTable(t, input)
	if !regexp.MustCompile(`^test-[0-9a-f]{12}$`).MatchString(name) {
		t.Errorf("table name %q, want test- and 12 hex digits", name)
	}
	out, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		t.Fatalf("DescribeTable: %v", err)
	}
	if got := aws.ToInt64(out.Table.ProvisionedThroughput.ReadCapacityUnits); got != 5 {
		t.Errorf("read capacity %d, want the input's 5", got)
	}
}

func TestParallelTables(t *testing.T) {
	for _, name := range []string{"a", "b", "c", "d"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			table := NewTable(t, tableInput(name+"-"))
			client := Client(t)
			item := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: name}}
			if _, err := client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String(table), Item: item}); err != nil {
				t.Fatalf("PutItem: %v", err)
			}
			out, err := client.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(table)})
			if err != nil {
				t.Fatalf("Scan: %v", err)
			}
			if out.Count != 1 {
				t.Errorf("table %s holds %d items, want only its own 1", table, out.Count)
			}
		})
	}
}
