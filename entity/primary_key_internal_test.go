package entity

import (
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

type pkDoc struct {
	ID  string `dynamo:"id"`
	Seq int    `dynamo:"seq"`
}

// primaryKey (a key of two strings in one allocation) renders the key
// renderPrimary renders, for every shape of table key, and keySize is the
// key's ItemSize.
func TestPrimaryKeyIsTheRenderedKey(t *testing.T) {
	for _, c := range []struct {
		tb  *Table
		key Key
	}{
		{&Table{Name: "t", PartitionKey: S("PK"), SortKey: S("SK")}, Key{Partition: "D#${id}", Sort: "SEQ#${seq:pad(5)}"}},
		{&Table{Name: "t", PartitionKey: S("PK"), SortKey: S("SK")}, Key{Partition: "D#${id}", Sort: "D"}},
		{&Table{Name: "t", PartitionKey: S("PK"), SortKey: N("SK")}, Key{Partition: "D#${id}", Sort: "${seq}"}},
		{&Table{Name: "t", PartitionKey: N("PK"), SortKey: S("SK")}, Key{Partition: "${seq}", Sort: "D#${id}"}},
		{&Table{Name: "t", PartitionKey: S("PK")}, Key{Partition: "D#${id}#${seq}"}},
	} {
		e, err := Define(c.tb, Config[pkDoc]{Name: "Doc", Key: c.key})
		if err != nil {
			t.Fatal(err)
		}
		core := e.core()
		for _, vals := range []Values{{"id": "a", "seq": 7}, {"id": "é#x", "seq": 123}, {"id": "a"}, {"id": "", "seq": 1}} {
			src := composite.Of(vals)
			want := map[string]types.AttributeValue{}
			wantErr := core.renderPrimary(&src, want)
			got, err := core.primaryKey(&src)
			if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Errorf("%v %v: err %v, want %v", c.key, vals, err, wantErr)
				continue
			}
			if err != nil {
				continue
			}
			if diff := cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true })); diff != "" {
				t.Errorf("%v %v (-renderPrimary +primaryKey):\n%s", c.key, vals, diff)
			}
			if n, want := core.keySize(got), expr.ItemSize(got); n != want {
				t.Errorf("%v %v: keySize %d, ItemSize %d", c.key, vals, n, want)
			}
		}
	}
}
