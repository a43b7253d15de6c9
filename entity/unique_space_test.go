package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type squatter struct {
	X string `dynamo:"x"`
}

// SharesKeysWith never opens a unique attribute's marker key space to
// another entity (it could write a marker and squat a value), in either
// order of definition, and the overlap error does not suggest it.
func TestSharesKeysWithRefusesAMarkerSpace(t *testing.T) {
	t.Parallel()
	squat := entity.Config[squatter]{Name: "Squat", Key: entity.Key{Partition: "UNIQUE#User#email#${x}", Sort: "UNIQUE"},
		SharesKeysWith: []string{"UNIQUE#User#email"}}
	users := entity.Config[uqUser]{Name: "User", Key: entity.Key{Partition: "USER#${id}", Sort: "#META"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}}}
	check := func(order string, err error) {
		t.Helper()
		if !errors.Is(err, ddbmodel.ErrKeyOverlap) {
			t.Fatalf("%s: %v, want ErrKeyOverlap", order, err)
		}
		if strings.Contains(err.Error(), "name the other in SharesKeysWith") {
			t.Errorf("%s: the error suggests SharesKeysWith: %v", order, err)
		}
	}
	table := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(table, users)
	_, err := entity.Define(table, squat)
	check("users first", err)
	table = &entity.Table{Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(table, squat)
	_, err = entity.Define(table, users)
	check("squatter first", err)
}

// IsUniqueMarker is exact: the markers' sort key, a value and an owner.
func TestIsUniqueMarkerIsExact(t *testing.T) {
	t.Parallel()
	table, _ := newUqModel(t)
	marker := func(pk, sk, owner string) map[string]types.AttributeValue {
		it := map[string]types.AttributeValue{"PK": s(pk), "SK": s(sk), "__entity": s("UNIQUE#User#email")}
		if owner != "" {
			it["uniqueOwner"] = s(owner)
		}
		return it
	}
	if !table.IsUniqueMarker(marker("UNIQUE#User#email#a@x", "UNIQUE", "USER#u1")) {
		t.Errorf("a marker is not recognised")
	}
	for name, it := range map[string]map[string]types.AttributeValue{
		"another sort key": marker("UNIQUE#User#email#a@x", "NOTUNIQUE", "USER#u1"),
		"no owner":         marker("UNIQUE#User#email#a@x", "UNIQUE", ""),
		"no value":         marker("UNIQUE#User#email#", "UNIQUE", "USER#u1"),
		"another key":      marker("ORG#o", "UNIQUE", "USER#u1"),
	} {
		if table.IsUniqueMarker(it) {
			t.Errorf("%s: taken for a marker: %v", name, it)
		}
		if _, err := table.Decode(it); err == nil {
			t.Errorf("%s: decodes", name)
		}
	}
}
