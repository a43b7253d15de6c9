package entity_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type nilDBItem struct {
	ID string `dynamo:"id"`
	N  int    `dynamo:"n"`
}

// Single-item operations run on a nil DB or a DB without a client return a
// *ddbmodel.ValidationError instead of panicking.
func TestRunNilDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e := entity.MustDefine(table, entity.Config[nilDBItem]{Name: "Item", Key: entity.Key{Partition: "ITEM#${id}", Sort: "#ITEM"}})
	key := entity.Values{"id": "a"}
	for _, db := range []*entity.DB{nil, {TableName: "t"}} {
		cases := map[string]func() error{
			"put":    func() error { _, err := e.Put(nilDBItem{ID: "a"}).Run(ctx, db); return err },
			"create": func() error { _, err := e.Create(nilDBItem{ID: "a"}).Run(ctx, db); return err },
			"get":    func() error { _, err := e.Get(key).Run(ctx, db); return err },
			"update": func() error { _, err := e.Update(key).Set("n", 1).Run(ctx, db); return err },
			"delete": func() error { return e.Delete(key).Run(ctx, db) },
		}
		for name, run := range cases {
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = fmt.Errorf("panic: %v", r)
					}
				}()
				return run()
			}()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) {
				t.Errorf("%s on DB %+v: err = %v, want a *ddbmodel.ValidationError", name, db, err)
			}
		}
	}
}
