package docpath_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// newTable creates a table keyed by the string "pk" on DynamoDB Local.
func newTable(t *testing.T) (*dynamodb.Client, string) {
	t.Helper()
	client := entitytest.Client(t)
	name := entitytest.NewTable(t, &dynamodb.CreateTableInput{
		TableName:            aws.String("docpath-"),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
	})
	return client, name
}

// render writes p with every name aliased as #p0, #p1... into names.
func render(p docpath.Path, names map[string]string) string {
	var b strings.Builder
	for i, e := range p {
		if e.IsIndex {
			fmt.Fprintf(&b, "[%d]", e.Index)
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		ph := "#p" + strconv.Itoa(len(names))
		names[ph] = e.Name
		b.WriteString(ph)
	}
	return b.String()
}

// isValidationException reports whether err is DynamoDB's refusal of a
// document path that does not fit the item.
func isPathValidationException(err error) bool {
	var ae smithy.APIError
	return errors.As(err, &ae) && ae.ErrorCode() == "ValidationException" &&
		strings.Contains(ae.ErrorMessage(), "document path provided in the update expression is invalid")
}

// TestSemanticsMatchDynamoDB applies every update case to an item on
// DynamoDB Local with UpdateItem and checks the outcome the case records;
// for SET and REMOVE, TestSetRemoveSemantics checks docpath against the
// same cases, so docpath does what DynamoDB does.
func TestSemanticsMatchDynamoDB(t *testing.T) {
	t.Parallel()
	client, table := newTable(t)
	for i, c := range updateCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pk := "case" + strconv.Itoa(i)
			start := toItem(c.item)
			start["pk"] = av(pk)
			if _, err := client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: &table, Item: start}); err != nil {
				t.Fatal(err)
			}
			names := map[string]string{}
			in := &dynamodb.UpdateItemInput{
				TableName:                &table,
				Key:                      toItem(item{"pk": pk}),
				UpdateExpression:         aws.String(c.op + " " + render(docpath.MustParse(c.path), names)),
				ExpressionAttributeNames: names,
			}
			switch c.op {
			case "SET":
				*in.UpdateExpression += " = :v"
				in.ExpressionAttributeValues = map[string]types.AttributeValue{":v": av(c.value)}
			case "ADD", "DELETE":
				*in.UpdateExpression += " :v"
				in.ExpressionAttributeValues = map[string]types.AttributeValue{":v": av(c.value)}
			}
			_, err := client.UpdateItem(t.Context(), in)
			switch {
			case c.wantErr && !isPathValidationException(err):
				t.Fatalf("%s = %v, want a ValidationException", *in.UpdateExpression, err)
			case c.wantErr:
				t.Logf("%s: %v", *in.UpdateExpression, err)
			case err != nil:
				t.Fatalf("%s: %v", *in.UpdateExpression, err)
			}
			out, err := client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: &table, Key: in.Key, ConsistentRead: aws.Bool(true)})
			if err != nil {
				t.Fatal(err)
			}
			delete(out.Item, "pk")
			want := c.want
			if c.wantErr {
				want = c.item
			}
			if diff := cmp.Diff(toItem(want), out.Item, entitytest.CmpOptions); diff != "" {
				t.Errorf("%s %s on %v (-want +got):\n%s", c.op, c.path, c.item, diff)
			}
		})
	}
}

// TestGetMatchesDynamoDB checks that Get finds what attribute_exists finds
// on DynamoDB Local, with the value that a condition compares equal and a
// projection returns. A projection through a list index returns the list
// holding only the projected elements: l[2].k comes back as l[0].k.
func TestGetMatchesDynamoDB(t *testing.T) {
	t.Parallel()
	client, table := newTable(t)
	start := toItem(getItem)
	start["pk"] = av("get")
	if _, err := client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: &table, Item: start}); err != nil {
		t.Fatal(err)
	}
	key := toItem(item{"pk": "get"})
	for _, c := range getCases {
		p := docpath.MustParse(c.path)
		got, found := docpath.Get(start, p)
		names := map[string]string{}
		ref := render(p, names)
		cond := "attribute_not_exists(" + ref + ")"
		var values map[string]types.AttributeValue
		if found {
			cond = "attribute_exists(" + ref + ") AND " + ref + " = :v"
			values = map[string]types.AttributeValue{":v": got}
		}
		names["#probe"] = "probe"
		_, err := client.UpdateItem(t.Context(), &dynamodb.UpdateItemInput{
			TableName: &table, Key: key,
			UpdateExpression:          aws.String("REMOVE #probe"),
			ConditionExpression:       &cond,
			ExpressionAttributeNames:  names,
			ExpressionAttributeValues: values,
		})
		if err != nil {
			t.Errorf("Get %s = %v, %v; DynamoDB's condition %s: %v", c.path, got, found, cond, err)
		}
		pnames := map[string]string{}
		proj, err := client.GetItem(t.Context(), &dynamodb.GetItemInput{
			TableName: &table, Key: key, ConsistentRead: aws.Bool(true),
			ProjectionExpression: aws.String(render(p, pnames)), ExpressionAttributeNames: pnames,
		})
		if err != nil {
			t.Fatalf("projection %s: %v", c.path, err)
		}
		compact := append(docpath.Path(nil), p...)
		for i := range compact {
			compact[i].Index = 0
		}
		pgot, pfound := docpath.Get(proj.Item, compact)
		if pfound != found || found && !cmp.Equal(got, pgot, entitytest.CmpOptions) {
			t.Errorf("Get %s = %v, %v; from the projection %v: %v, %v", c.path, got, found, proj.Item, pgot, pfound)
		}
	}
}
