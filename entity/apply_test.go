package entity

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/google/go-cmp/cmp"
)

// TestApplyLocallyMatchesDynamoDB checks the update's local model against
// DynamoDB itself: for random items and random actions, the item that
// applyLocally computes (and that ReadFirst updates derive keys and
// conditions from) is the item DynamoDB returns as ALL_NEW.
func TestApplyLocallyMatchesDynamoDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	client := testKit.Client(t)
	table := testKit.NewTable(t, &dynamodb.CreateTableInput{
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
		TableName:            aws.String("apply"),
	})
	rng := rand.New(rand.NewPCG(1, 2))
	refused := 0
	for n := range 200 {
		pk := "item" + strconv.Itoa(n)
		item := randomItem(rng)
		item["PK"] = &types.AttributeValueMemberS{Value: pk}
		acts, vals := randomActions(rng, item)
		paths := make([]docpath.Path, len(acts))
		for i, a := range acts {
			paths[i] = docpath.Path{{Name: a.attr}}
		}
		want, localErr := applyLocally(item, acts, paths, vals)
		for _, v := range vals {
			if err := checkNumbers(v, 0); err != nil && localErr == nil {
				localErr = err // the update's compiler refuses it before applying it
			}
		}
		if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: &table, Item: item}); err != nil {
			t.Fatalf("case %d: put: %v", n, err)
		}
		in := updateInputFor(acts, vals)
		in.TableName = &table
		in.Key = map[string]types.AttributeValue{"PK": item["PK"]}
		in.ReturnValues = types.ReturnValueAllNew
		out, err := client.UpdateItem(ctx, in)
		var api smithy.APIError
		switch {
		case localErr != nil && errors.As(err, &api) && api.ErrorCode() == "ValidationException":
			refused++
			continue // both refuse it
		case localErr != nil:
			t.Fatalf("case %d: %s: applyLocally refused it (%v), DynamoDB: %v", n, *in.UpdateExpression, localErr, err)
		case err != nil:
			t.Fatalf("case %d: %s: DynamoDB refused it (%v), applyLocally did not", n, *in.UpdateExpression, err)
		}
		if diff := cmp.Diff(byValue(out.Attributes), byValue(want), testKit.CmpOptions); diff != "" {
			t.Errorf("case %d: %s on %v: local item differs from DynamoDB's (-dynamodb +local):\n%s", n, *in.UpdateExpression, item, diff)
		}
	}
	t.Logf("%d of 200 updates refused by both", refused)
	if refused == 0 || refused > 40 {
		t.Errorf("%d of 200 updates were refused (a sum beyond 38 digits, a number twice in a set); the cases no longer test both outcomes", refused)
	}
}

// applyNumbers has numbers written in more than one way (1 and 1.0, 2.5 and
// 25E-1), which a number set holds once, and one of 38 digits, which sums
// can push past DynamoDB's precision.
var applyNumbers = []string{"0", "1", "1.0", "-1", "2.5", "25E-1", "-0.125", "1000000000000000000000", "0.000000000000000000001", "12345678901234567890123456789012345678"}

func randomNumber(rng *rand.Rand) string { return applyNumbers[rng.IntN(len(applyNumbers))] }

// randomStrings picks one to three members of pool that key tells apart.
func randomStrings(rng *rand.Rand, pool []string, key func(string) string) []string {
	n := 1 + rng.IntN(3)
	var out, keys []string
	for len(out) < n {
		s := pool[rng.IntN(len(pool))]
		if k := key(s); !slices.Contains(keys, k) {
			out, keys = append(out, s), append(keys, k)
		}
	}
	return out
}

// randomItem has, or lacks, each of n (N), s (S), ss (SS), ns (NS), l (L).
func randomItem(rng *rand.Rand) map[string]types.AttributeValue {
	item := map[string]types.AttributeValue{}
	if rng.IntN(2) == 0 {
		item["n"] = &types.AttributeValueMemberN{Value: randomNumber(rng)}
	}
	if rng.IntN(2) == 0 {
		item["s"] = &types.AttributeValueMemberS{Value: "x" + strconv.Itoa(rng.IntN(9))}
	}
	if rng.IntN(2) == 0 {
		item["ss"] = &types.AttributeValueMemberSS{Value: randomStrings(rng, []string{"a", "b", "c", "d"}, sameString)}
	}
	if rng.IntN(2) == 0 {
		item["ns"] = &types.AttributeValueMemberNS{Value: randomStrings(rng, applyNumbers, numberKey)}
	}
	if rng.IntN(2) == 0 {
		item["l"] = &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "old"}}}
	}
	return item
}

// randomActions picks one to three actions on distinct attributes, each of
// a kind that DynamoDB accepts for the attribute's type.
func randomActions(rng *rand.Rand, item map[string]types.AttributeValue) ([]action, []types.AttributeValue) {
	var acts []action
	var vals []types.AttributeValue
	attrs := []string{"n", "s", "ss", "ns", "l"}
	rng.Shuffle(len(attrs), func(i, j int) { attrs[i], attrs[j] = attrs[j], attrs[i] })
	for _, attr := range attrs[:1+rng.IntN(3)] {
		var kinds []actionKind
		var v types.AttributeValue
		switch attr {
		case "n":
			kinds = []actionKind{actSet, actSetIfNotExists, actAdd, actRemove}
			v = &types.AttributeValueMemberN{Value: randomNumber(rng)}
		case "s":
			kinds = []actionKind{actSet, actSetIfNotExists, actRemove}
			v = &types.AttributeValueMemberS{Value: "new"}
		case "ss":
			kinds = []actionKind{actSet, actAdd, actDeleteFromSet, actRemove}
			v = &types.AttributeValueMemberSS{Value: randomStrings(rng, []string{"a", "b", "c", "d"}, sameString)}
		case "ns":
			kinds = []actionKind{actAdd, actDeleteFromSet, actSetIfNotExists}
			// Told apart by spelling only: 1 and 1.0 may both be
			// in it, which DynamoDB refuses.
			v = &types.AttributeValueMemberNS{Value: randomStrings(rng, applyNumbers, sameString)}
		case "l":
			kinds = []actionKind{actAppend, actPrepend, actRemove}
			v = &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "new"}, &types.AttributeValueMemberN{Value: "7"}}}
		}
		acts = append(acts, action{kinds[rng.IntN(len(kinds))], attr, nil})
		vals = append(vals, v)
	}
	return acts, vals
}

// updateInputFor writes the update expression for acts by hand, apart
// from UpdateOp's compiler.
func updateInputFor(acts []action, vals []types.AttributeValue) *dynamodb.UpdateItemInput {
	names := map[string]string{}
	values := map[string]types.AttributeValue{}
	var sets, removes, adds, deletes []string
	empty := &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
	for i, a := range acts {
		n, v := "#"+a.attr, ":v"+strconv.Itoa(i)
		names[n] = a.attr
		values[v] = vals[i]
		switch a.kind {
		case actSet:
			sets = append(sets, n+" = "+v)
		case actSetIfNotExists:
			sets = append(sets, n+" = if_not_exists("+n+", "+v+")")
		case actAdd:
			adds = append(adds, n+" "+v)
		case actRemove:
			removes = append(removes, n)
			delete(values, v)
		case actAppend:
			values[":empty"] = empty
			sets = append(sets, n+" = list_append(if_not_exists("+n+", :empty), "+v+")")
		case actPrepend:
			values[":empty"] = empty
			sets = append(sets, n+" = list_append("+v+", if_not_exists("+n+", :empty))")
		case actDeleteFromSet:
			deletes = append(deletes, n+" "+v)
		}
	}
	var clauses []string
	for _, c := range []struct {
		verb  string
		parts []string
	}{{"SET", sets}, {"REMOVE", removes}, {"ADD", adds}, {"DELETE", deletes}} {
		if len(c.parts) > 0 {
			clauses = append(clauses, c.verb+" "+strings.Join(c.parts, ", "))
		}
	}
	in := &dynamodb.UpdateItemInput{UpdateExpression: aws.String(strings.Join(clauses, " ")), ExpressionAttributeNames: names}
	if len(values) > 0 {
		in.ExpressionAttributeValues = values
	}
	return in
}

// byValue returns item with numbers as their values (1.0 and 1E0 read 1)
// and set members in order: DynamoDB writes numbers its own way, and sets
// have no order.
func byValue(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := map[string]types.AttributeValue{}
	for k, v := range item {
		switch x := v.(type) {
		case *types.AttributeValueMemberN:
			out[k] = &types.AttributeValueMemberN{Value: numberKey(x.Value)}
		case *types.AttributeValueMemberSS:
			out[k] = &types.AttributeValueMemberSS{Value: slices.Sorted(slices.Values(x.Value))}
		case *types.AttributeValueMemberNS:
			ns := make([]string, len(x.Value))
			for i, n := range x.Value {
				ns[i] = numberKey(n)
			}
			slices.Sort(ns)
			out[k] = &types.AttributeValueMemberNS{Value: ns}
		default:
			out[k] = v
		}
	}
	return out
}
