package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

type Doc struct {
	ID string `dynamo:"id"`
	X  any    `dynamo:"x"`
}

func defineDocs(table *entity.Table) *entity.Entity[Doc] {
	return entity.MustDefine(table, entity.Config[Doc]{Name: "Doc", Key: entity.Key{Partition: "D#${id}", Sort: "D"}})
}

// DynamoDB stores numbers of magnitude 1e-130 up to (not including) 1e126;
// others must be refused before sending, like 39-digit numbers are.
func TestNumbersOutOfRangeAreRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	docs := defineDocs(newTable())
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	for _, n := range []string{"1e-131", "1e126", "-1e126", "1E200"} {
		_, err := docs.Put(Doc{ID: "a", X: &types.AttributeValueMemberN{Value: n}}).Run(context.Background(), db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("put of %s: err = %v, want *ValidationError", n, err)
		}
		_, err = docs.Update(entity.Values{"id": "a"}).Set("x", &types.AttributeValueMemberN{Value: n}).Run(context.Background(), db)
		if !errors.As(err, &ve) {
			t.Errorf("update to %s: err = %v, want *ValidationError", n, err)
		}
	}
}

// DynamoDB refuses a number set that holds one value twice, however it is
// spelled; so does the library, before sending.
func TestNumberSetHoldingAValueTwiceIsRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	docs := defineDocs(newTable())
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	twice := &types.AttributeValueMemberNS{Value: []string{"2.5", "7", "25E-1"}}
	var ve *ddbmodel.ValidationError
	if _, err := docs.Put(Doc{ID: "a", X: twice}).Run(context.Background(), db); !errors.As(err, &ve) || ve.Attribute != "x" {
		t.Errorf("put: err = %v, want a *ValidationError for x", err)
	}
	if _, err := docs.Update(entity.Values{"id": "a"}).Add("x", twice).Run(context.Background(), db); !errors.As(err, &ve) || ve.Attribute != "x" {
		t.Errorf("update: err = %v, want a *ValidationError for x", err)
	}
	if _, err := docs.Put(Doc{ID: "a", X: &types.AttributeValueMemberNS{Value: []string{"2.5", "7"}}}).Build(); err != nil {
		t.Errorf("a set of distinct numbers: %v", err)
	}
}

func nestedMaps(depth int) types.AttributeValue {
	var v types.AttributeValue = &types.AttributeValueMemberS{Value: "x"}
	for i := 0; i < depth; i++ {
		v = &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"m": v}}
	}
	return v
}

// The nesting check must refuse exactly what DynamoDB refuses: DynamoDB
// Local accepts 31 nested maps around a value and refuses 32.
func TestNestingLimitMatchesDynamoDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	docs := defineDocs(table)
	db := entitytest.NewDB(t, table)
	if _, err := docs.Put(Doc{ID: "ok", X: nestedMaps(31)}).Run(ctx, db); err != nil {
		t.Fatalf("31 nested maps: %v", err)
	}
	var ve *ddbmodel.ValidationError
	var emptyIn31 types.AttributeValue = &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}
	for i := 0; i < 31; i++ {
		emptyIn31 = &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"m": emptyIn31}}
	}
	for name, v := range map[string]types.AttributeValue{"32 maps around a value": nestedMaps(32), "32 maps, the last empty": emptyIn31} {
		_, err := docs.Put(Doc{ID: "deep", X: v}).Run(ctx, db)
		if !errors.As(err, &ve) {
			t.Errorf("%s: err = %v, want *ValidationError before sending", name, err)
		}
	}
}

type Pair struct {
	A string `dynamo:"a"`
	B string `dynamo:"b"`
}

// Two different items whose key texts happen to join to the same string
// are not "two actions on one item".
func TestTransactionTellsDistinctItemsApart(t *testing.T) {
	t.Parallel()
	table := newTable()
	pairs := entity.MustDefine(table, entity.Config[Pair]{Name: "Pair", Key: entity.Key{Partition: "A${a}", Sort: "B${b}"}})
	if _, err := txn.Write(pairs.Put(Pair{A: "x,SK=By", B: "z"}), pairs.Put(Pair{A: "x", B: "y,SK=Bz"})).Build(); err != nil {
		t.Errorf("two distinct items refused: %v", err)
	}
}

// Get, Delete and Check keep the caller's key map: changing it after the
// operation is built changes the operation (Update copies it).
func TestOperationsKeepTheirOwnKey(t *testing.T) {
	t.Parallel()
	docs := defineDocs(newTable())
	key := entity.Values{"id": "a"}
	get, del := docs.Get(key), docs.Delete(key)
	key["id"] = "b"
	g, _ := get.Build()
	d, _ := del.Build()
	if str(g.Key["PK"]) != "D#a" || str(d.Key["PK"]) != "D#a" {
		t.Errorf("built keys follow the caller's map: get %q, delete %q; want D#a", str(g.Key["PK"]), str(d.Key["PK"]))
	}
}

// An item written by another version of the entity whose attribute no
// longer decodes into the field gives a typed error.
func TestDecodingAnotherVersionIsTyped(t *testing.T) {
	t.Parallel()
	type V2 struct {
		ID string `dynamo:"id"`
		X  int    `dynamo:"x"`
	}
	v2 := entity.MustDefine(newTable(), entity.Config[V2]{Name: "Doc", Version: "2", Key: entity.Key{Partition: "D#${id}", Sort: "D"}})
	item := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "D#a"}, "SK": &types.AttributeValueMemberS{Value: "D"},
		"__entity": &types.AttributeValueMemberS{Value: "Doc"}, "__entity_version": &types.AttributeValueMemberS{Value: "1"},
		"id": &types.AttributeValueMemberS{Value: "a"}, "x": &types.AttributeValueMemberS{Value: "many"},
	}
	_, err := v2.Decode(item)
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || de.Entity != "Doc" || de.Version != "2" || de.ItemVersion != "1" {
		t.Errorf("decoding a version-1 item with version 2: err = %v, want a *DecodeError naming both versions", err)
	}
}

// Numbers DynamoDB stores pass, at the edges of its range.
func TestNumbersInRangeAreAccepted(t *testing.T) {
	t.Parallel()
	docs := defineDocs(newTable())
	for _, n := range []string{"0", "-0.000", "1e-130", "-1E-130", "9.9999999999999999999999999999999999999e125", "12345678901234567890123456789012345678", "0.00000000000000000000000000000000000000000001", "+7E+3"} {
		if _, err := docs.Put(Doc{ID: "a", X: &types.AttributeValueMemberN{Value: n}}).Build(); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// An update that would make the item larger than DynamoDB's limit is refused
// before sending, as far as the update alone can tell.
func TestOversizedUpdateIsRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	docs := defineDocs(newTable())
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	_, err := docs.Update(entity.Values{"id": "a"}).Set("x", strings.Repeat("y", 409600)).Run(context.Background(), db)
	var le *ddbmodel.LimitError
	if !errors.As(err, &le) || !errors.Is(err, ddbmodel.ErrLimitExceeded) {
		t.Fatalf("err = %v, want a *LimitError", err)
	}
}
