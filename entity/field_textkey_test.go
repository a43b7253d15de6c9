package entity_test

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// tkTextKey is a map key that names itself by its text, as a put stores it.
type tkTextKey string

func (k tkTextKey) MarshalText() ([]byte, error) {
	return []byte("k-" + strings.ToLower(string(k))), nil
}

type tkTextMap struct {
	ID string               `dynamo:"id"`
	M  map[tkTextKey]string `dynamo:"m"`
}

// TestMapKeyByItsText: a map entry's handle names the entry as a put
// stores its key, by MarshalText, so that an update of one entry is the
// entry a put wrote.
func TestMapKeyByItsText(t *testing.T) {
	t.Parallel()
	e := entity.MustDefine(&entity.Table{Name: "tm", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[tkTextMap]{Name: "TextMap", Key: entity.Key{Partition: "T#${id}", Sort: "T"}})
	put, err := e.Put(tkTextMap{ID: "1", M: map[tkTextKey]string{"A": "v"}}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := put.Item["m"].(*types.AttributeValueMemberM); !ok || got.Value["k-a"] == nil {
		t.Fatalf("the put stores the map as %#v; the test's premise is wrong", put.Item["m"])
	}
	m := entity.MapOf(e, func(v *tkTextMap) *map[tkTextKey]string { return &v.M })
	if got := m.Key("A").Path(); got != "m.k-a" {
		t.Errorf("Key(\"A\").Path() = %q, want %q: the entry a put stores", got, "m.k-a")
	}
}
