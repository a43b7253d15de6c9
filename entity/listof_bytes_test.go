package entity_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
)

type lbBlob struct {
	ID   string `dynamo:"id"`
	Data []byte `dynamo:"data"`
}

// ListOf of a []byte field panics where it is declared, as ListOf of a
// set does: the field is stored as binary, so Append, Prepend and element
// access cannot apply (they were refused only when an update was built).
func TestListOfAByteSliceIsRefusedWhereItIsDeclared(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "blobs", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	blobs := entity.MustDefine(tb, entity.Config[lbBlob]{Name: "Blob", Key: entity.Key{Partition: "B#${id}", Sort: "B"}})
	var got any
	func() {
		defer func() { got = recover() }()
		entity.ListOf(blobs, func(b *lbBlob) *[]byte { return &b.Data })
	}()
	if msg := fmt.Sprint(got); got == nil || !strings.Contains(msg, "Blob") || !strings.Contains(msg, "data") || !strings.Contains(msg, "binary") {
		t.Errorf("ListOf of a []byte field: recovered %v; want a panic naming Blob, data and binary", got)
	}
	// FieldOf takes the field whole.
	data := entity.FieldOf(blobs, func(b *lbBlob) *[]byte { return &b.Data })
	if _, err := blobs.Update(entity.Values{"id": "a"}).Apply(data.Set([]byte{1, 2})).Build(); err != nil {
		t.Errorf("Set of the whole []byte field: %v", err)
	}
}
