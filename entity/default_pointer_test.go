package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	gocmp "github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type dpItem struct {
	ID    string  `dynamo:"id"`
	Stock *int    `dynamo:"stock"`
	Limit *int    `dynamo:"limit"`
	Label *string `dynamo:"label"`
}

// A pointer field's Default may be a value of what it points to (5 for a
// *int) or a pointer to one; a nil field takes it, a pointer to the zero
// keeps the zero, and each write gets a pointer of its own, so that a
// caller changing the value Run returns does not change the Default.
func TestAPointerFieldsDefaultIsAValueAndNeverShared(t *testing.T) {
	t.Parallel()
	limit := 7
	tb := &entity.Table{Name: "defaults", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	items := entity.MustDefine(tb, entity.Config[dpItem]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "I"},
		Attributes: map[string]entity.Attribute{"stock": {Default: 5}, "limit": {Default: &limit}, "label": {Default: "new"}}})
	in, err := items.Put(dpItem{ID: "a"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]types.AttributeValue{
		"stock": &types.AttributeValueMemberN{Value: "5"}, "limit": &types.AttributeValueMemberN{Value: "7"},
		"label": &types.AttributeValueMemberS{Value: "new"},
	}
	got := map[string]types.AttributeValue{"stock": in.Item["stock"], "limit": in.Item["limit"], "label": in.Item["label"]}
	if diff := gocmp.Diff(want, got, entitytest.CmpOptions); diff != "" {
		t.Errorf("defaults written (-want +got):\n%s", diff)
	}
	zero := 0
	in, err = items.Put(dpItem{ID: "a", Stock: &zero}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(types.AttributeValue(&types.AttributeValueMemberN{Value: "0"}), in.Item["stock"], entitytest.CmpOptions); diff != "" {
		t.Errorf("a pointer to 0 (-want +got):\n%s", diff)
	}
	db := entity.NewDB(entitytest.NewRecorder(nil), "defaults")
	first, err := items.Put(dpItem{ID: "b"}).Run(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if first.Limit == &limit || first.Limit == nil {
		t.Fatalf("the written Limit is %p, the Default's own pointer %p: shared", first.Limit, &limit)
	}
	*first.Limit, *first.Stock = 100, 100
	second, err := items.Put(dpItem{ID: "c"}).Run(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if *second.Limit != 7 || *second.Stock != 5 || limit != 7 {
		t.Errorf("after the caller changed the first write's values, the next write takes limit %d and stock %d (the Default's variable is %d); want 7, 5, 7", *second.Limit, *second.Stock, limit)
	}
	if _, err := entity.Define(tb, entity.Config[dpItem]{Name: "Other", Key: entity.Key{Partition: "O#${id}", Sort: "O"},
		Attributes: map[string]entity.Attribute{"stock": {Default: 2.5}}}); err == nil {
		t.Error("Default 2.5 for a *int was accepted")
	}
	// The Enum applies to what a pointer Default points to, at Define.
	_, err = entity.Define(tb, entity.Config[dpItem]{Name: "Enumed", Key: entity.Key{Partition: "E#${id}", Sort: "E"},
		Attributes: map[string]entity.Attribute{"label": {Default: "zzz", Enum: []string{"new", "old"}}}})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "label" || !strings.Contains(err.Error(), "Enum") {
		t.Errorf("Default \"zzz\" for a *string with Enum new, old: %v; want Define's *ValidationError naming label and its Enum", err)
	}
}
