package expr_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

func m(kv map[string]types.AttributeValue) types.AttributeValue {
	return &types.AttributeValueMemberM{Value: kv}
}

func l(vs ...types.AttributeValue) types.AttributeValue {
	return &types.AttributeValueMemberL{Value: vs}
}

// TestWriterPathOnDynamoDB runs a SET, a REMOVE, a condition and a
// projection written with Writer.Path on DynamoDB Local, through map keys
// holding '.', '[' and ']', a space, and the reserved word status, and
// checks that they reach the same values as docpath does on the item.
func TestWriterPathOnDynamoDB(t *testing.T) {
	t.Parallel()
	client := entitytest.Client(t)
	table := entitytest.NewTable(t, &dynamodb.CreateTableInput{
		TableName:            aws.String("expr-path-"),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
	})
	key := map[string]types.AttributeValue{"pk": s("p1")}
	item := map[string]types.AttributeValue{
		"pk": s("p1"),
		"doc": m(map[string]types.AttributeValue{
			"a.b":    m(map[string]types.AttributeValue{"status": s("old")}),
			"x[0]":   l(s("p"), s("q")),
			"my key": s("gone soon"),
			"status": m(map[string]types.AttributeValue{"in progress": s("yes"), "keep": s("k")}),
			"a":      m(map[string]types.AttributeValue{"b": s("decoy")}),
		}),
		"status": s("top"),
	}
	if _, err := client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: &table, Item: item}); err != nil {
		t.Fatal(err)
	}
	var (
		status = docpath.MustParse(`doc."a.b".status`)
		list   = docpath.MustParse(`doc."x[0]"[7]`)
		space  = docpath.MustParse(`doc."my key"`)
		nested = docpath.MustParse(`doc.status."in progress"`)
		top    = docpath.MustParse("status")
		second = docpath.MustParse(`doc."x[0]"[1]`)
	)

	// A condition that does not hold must fail: the paths are evaluated,
	// not taken for missing attributes.
	var w expr.Writer
	cond := w.Path(status) + " = " + w.Value(s("wrong"))
	_, err := client.UpdateItem(t.Context(), &dynamodb.UpdateItemInput{
		TableName: &table, Key: key,
		UpdateExpression:          aws.String("REMOVE " + w.Path(space)),
		ConditionExpression:       &cond,
		ExpressionAttributeNames:  w.Names(),
		ExpressionAttributeValues: w.Values(),
	})
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) {
		t.Fatalf("update under a false condition %s: %v, want ConditionalCheckFailedException", cond, err)
	}

	w = expr.Writer{}
	update := "SET " + w.Path(status) + " = " + w.Value(s("new")) + ", " +
		w.Path(list) + " = " + w.Value(s("r")) + ", " +
		w.Path(top) + " = " + w.Value(s("top2")) +
		" REMOVE " + w.Path(space) + ", " + w.Path(nested)
	cond = w.Path(status) + " = " + w.Value(s("old")) + " AND attribute_exists(" + w.Path(second) + ")" +
		" AND attribute_exists(" + w.Path(nested) + ")"
	if _, err := client.UpdateItem(t.Context(), &dynamodb.UpdateItemInput{
		TableName: &table, Key: key,
		UpdateExpression:          &update,
		ConditionExpression:       &cond,
		ExpressionAttributeNames:  w.Names(),
		ExpressionAttributeValues: w.Values(),
	}); err != nil {
		t.Fatalf("%s IF %s (names %v): %v", update, cond, w.Names(), err)
	}

	want := item
	for _, step := range []struct {
		p docpath.Path
		v types.AttributeValue
	}{{status, s("new")}, {list, s("r")}, {top, s("top2")}, {space, nil}, {nested, nil}} {
		if step.v == nil {
			want, err = docpath.Remove(want, step.p)
		} else {
			want, err = docpath.Set(want, step.p, step.v)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: &table, Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got.Item, entitytest.CmpOptions); diff != "" {
		t.Errorf("item after the update (-want +got):\n%s", diff)
	}

	w = expr.Writer{}
	third := docpath.MustParse(`doc."x[0]"[2]`)
	keep := docpath.MustParse("doc.status.keep")
	proj := w.Path(status) + ", " + w.Path(third) + ", " + w.Path(keep)
	got, err = client.GetItem(t.Context(), &dynamodb.GetItemInput{
		TableName: &table, Key: key, ConsistentRead: aws.Bool(true),
		ProjectionExpression: &proj, ExpressionAttributeNames: w.Names(),
	})
	if err != nil {
		t.Fatalf("projection %s: %v", proj, err)
	}
	wantProj := map[string]types.AttributeValue{"doc": m(map[string]types.AttributeValue{
		"a.b":    m(map[string]types.AttributeValue{"status": s("new")}),
		"x[0]":   l(s("r")),
		"status": m(map[string]types.AttributeValue{"keep": s("k")}),
	})}
	if diff := cmp.Diff(wantProj, got.Item, entitytest.CmpOptions); diff != "" {
		t.Errorf("projection %s (-want +got):\n%s", proj, diff)
	}
}
