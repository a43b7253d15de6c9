package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// A work order is on a site's open board (a sparse index) while it names
// the site it is open at; its priority orders the board.
type waOrder struct {
	ID       string  `dynamo:"id"`
	OpenSite string  `dynamo:"openSite"`
	Team     *string `dynamo:"team"`
	Priority int     `dynamo:"priority"`
	Kind     string  `dynamo:"kind"`
	Note     string  `dynamo:"note"`
}

func waOrders(t *testing.T) (*entity.Table, *entity.Entity[waOrder]) {
	t.Helper()
	table := &entity.Table{Name: "wa", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
		{Name: "GSI3", PartitionKey: entity.S("GSI3PK"), SortKey: entity.S("GSI3SK")},
	}}
	return table, entity.MustDefine(table, entity.Config[waOrder]{
		Name: "Order", Key: entity.Key{Partition: "ORDER#${id}", Sort: "#O"},
		Indexes: []entity.IndexKey[waOrder]{
			{Index: "GSI1", Partition: "OPEN#${openSite}", Sort: "P#${priority:pad(3)}#${id}", Sparse: true},
			{Index: "GSI2", Partition: "TEAM#${team}", Sort: "P#${priority:pad(3)}#${id}", Sparse: true},
			{Index: "GSI3", Partition: "KIND#${kind}", Sort: "P#${priority:pad(3)}#${id}"},
		},
	})
}

// With a value a put leaves out ("" for a string, nil for a pointer) for a
// composite of a sparse index says the item lacks it: the update keeps the
// item out of the index, on the condition that the item still lacks it, as
// a put of the value after the update would. It was refused ("composite is
// empty"), leaving only ReadFirst (helper-105, helper-113 #4). An item that
// does hold the composite fails the condition and is unchanged; a composite
// of an index that is not sparse is still refused.
func TestWithAValueAPutLeavesOutKeepsTheItemOutOfASparseIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, orders := waOrders(t)
	db := entitytest.NewDB(t, table)
	key := func(id string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "ORDER#" + id}, "SK": &types.AttributeValueMemberS{Value: "#O"}}
	}
	keysArePuts := func(id, when string) map[string]types.AttributeValue {
		t.Helper()
		item := rawItem(t, db, key(id))
		v, err := orders.Decode(item)
		if err != nil {
			t.Fatal(err)
		}
		want, err := orders.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "GSI3PK", "GSI3SK"} {
			if diff := cmp.Diff(want[k], item[k], entitytest.CmpOptions...); diff != "" {
				t.Errorf("%s: key %s is not a put's (-put +stored):\n%s", when, k, diff)
			}
		}
		return item
	}

	// o1 is on no board: no open site, no team.
	if _, err := orders.Put(waOrder{ID: "o1", Priority: 5, Kind: "repair"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	up := orders.Update(entity.Values{"id": "o1"}).Set("priority", 9).With(entity.Values{"openSite": "", "team": nil, "kind": "repair"})
	in, err := up.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	cond := aws.ToString(in.ConditionExpression)
	for _, want := range []string{"attribute_not_exists(#openSite)", "attribute_not_exists(#team)"} {
		if !strings.Contains(cond, want) {
			t.Errorf("condition %s lacks %s", cond, want)
		}
	}
	if got, err := up.Run(ctx, db); err != nil || got.Priority != 9 {
		t.Fatalf("Run: %+v, %v", got, err)
	}
	item := keysArePuts("o1", "after the update keeping o1 off the boards")
	if item["GSI1PK"] != nil || item["GSI2PK"] != nil || item["GSI3SK"].(*types.AttributeValueMemberS).Value != "P#009#o1" {
		t.Errorf("o1 = %v, want it on no board, its kind's key recomputed", item)
	}

	// o2 is open at a site: the same update's condition fails, and o2 is
	// unchanged.
	site := "north"
	if _, err := orders.Put(waOrder{ID: "o2", OpenSite: site, Team: &site, Priority: 5, Kind: "repair"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	before := rawItem(t, db, key("o2"))
	_, err = orders.Update(entity.Values{"id": "o2"}).Set("priority", 9).With(entity.Values{"openSite": "", "team": &site, "kind": "repair"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Errorf("update of an open order claiming it has no site: err = %v, want ErrConditionFailed", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, key("o2")), entitytest.CmpOptions...); diff != "" {
		t.Errorf("o2 changed (-before +after):\n%s", diff)
	}
	keysArePuts("o2", "after the failed update")

	// The kind's index is not sparse: every order has a kind, so "" can
	// only be refused.
	_, err = orders.Update(entity.Values{"id": "o1"}).Set("priority", 7).With(entity.Values{"openSite": "", "team": nil, "kind": ""}).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("With an empty composite of an index that is not sparse: err = %v, want a *ddbmodel.ValidationError", err)
	}
}
