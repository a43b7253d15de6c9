package txn_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// A zero Entity (not made by Define) is refused like a nil one by every
// operation's Build and Run: a *ddbmodel.ValidationError, no panic, no
// request.
func TestZeroEntityIsRefusedByEveryOperation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rec := entitytest.NewRecorder(entitytest.NoRequests(t))
	db := entity.NewDB(rec, "zero")
	e := &entity.Entity[User]{}
	key := entity.Values{"userId": "u1"}
	item := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "USER#u1"}}
	first := func(seq func(func(User, error) bool)) error {
		for _, err := range seq {
			return err
		}
		return nil
	}
	cases := []struct {
		name string
		run  func() error
	}{
		{"Get.Build", func() error { _, err := e.Get(key).Build(); return err }},
		{"Get.Run", func() error { _, err := e.Get(key).Run(ctx, db); return err }},
		{"Put.Build", func() error { _, err := e.Put(User{UserID: "u1"}).Build(); return err }},
		{"Put.Run", func() error { _, err := e.Put(User{UserID: "u1"}).Run(ctx, db); return err }},
		{"Create.Run", func() error { _, err := e.Create(User{UserID: "u1"}).Run(ctx, db); return err }},
		{"Delete.Build", func() error { _, err := e.Delete(key).Build(); return err }},
		{"Delete.Run", func() error { return e.Delete(key).Run(ctx, db) }},
		{"Update.Run", func() error { _, err := e.Update(key).Run(ctx, db); return err }},
		{"Upsert.Build", func() error { _, err := e.Upsert(User{UserID: "u1"}).Build(); return err }},
		{"Upsert.Run", func() error { _, err := e.Upsert(User{UserID: "u1"}).Run(ctx, db); return err }},
		{"Adopt.Build", func() error { _, err := e.Adopt(key).Build(); return err }},
		{"Adopt.Run", func() error { _, err := e.Adopt(key).Run(ctx, db); return err }},
		{"AdoptItem.Build", func() error { _, err := e.AdoptItem(item).Build(); return err }},
		{"AdoptItem.Run", func() error { _, err := e.AdoptItem(item).Run(ctx, db); return err }},
		{"Put.BatchWrite", func() error { _, err := e.Put(User{UserID: "u1"}).BatchWrite(); return err }},
		{"Delete.BatchWrite", func() error { _, err := e.Delete(key).BatchWrite(); return err }},
		{"txn.Write", func() error { return txn.Write(e.Put(User{UserID: "u1"})).Run(ctx, db) }},
		{"txn.Get", func() error { _, err := txn.Get(e.Get(key)).Run(ctx, db); return err }},
		{"txn.BatchWrite", func() error {
			return txn.BatchWrite(ctx, db, txn.BatchOptions{}, e.Put(User{UserID: "u1"}))
		}},
		{"txn.BatchGet", func() error { _, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, e.Get(key)); return err }},
		{"txn.BatchGetOf", func() error { _, err := txn.BatchGetOf(ctx, db, txn.BatchOptions{}, e, key); return err }},
		{"query.New.Count", func() error { _, err := query.New(e).Where(key).Count(ctx, db); return err }},
		{"query.New.Page", func() error { _, err := query.New(e).Where(key).Page(ctx, db, ""); return err }},
		{"query.New.One", func() error { _, err := query.New(e).Where(key).One(ctx, db); return err }},
		{"query.New.First", func() error { _, err := query.New(e).Where(key).First(ctx, db); return err }},
		{"query.Scan.Page", func() error { _, err := query.Scan(e).Page(ctx, db, ""); return err }},
		{"query.Scan.SegmentPage", func() error { _, err := query.Scan(e).Segments(2).SegmentPage(ctx, db, 1, ""); return err }},
		{"query.Find.All", func() error { return first(query.Find(e, key).All(ctx, db)) }},
		{"query.Scan.All", func() error { return first(query.Scan(e).All(ctx, db)) }},
		{"query.SkipExpired", func() error { _, err := query.New(e).Where(key).SkipExpired().Build(); return err }},
		{"query.Scan.SkipExpired", func() error { _, err := query.Scan(e).SkipExpired().Build(); return err }},
		{"query.Of.Build", func() error { _, err := query.Of(e).Where(key).Build(); return err }},
		{"txn.DeletePartition.Build", func() error { _, err := txn.DeletePartition(e, key).Build(); return err }},
		{"txn.DeletePartition.Run", func() error {
			_, err := txn.DeletePartition(e, key).Run(ctx, db, txn.BatchOptions{}, "")
			return err
		}},
		{"query.Scan.Adopt", func() error { _, err := query.Scan(e).Adopt(ctx, db); return err }},
	}
	for _, c := range cases {
		err := func() (err error) {
			defer func() {
				if v := recover(); v != nil {
					err = fmt.Errorf("panic: %v", v)
				}
			}()
			return c.run()
		}()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s: %v (%T), want a *ddbmodel.ValidationError", c.name, err, err)
		}
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("%d requests sent, want none", n)
	}
}
