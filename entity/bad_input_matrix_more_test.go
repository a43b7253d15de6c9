package entity_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The bad-input matrix of the entry points issue #14 added: upsert,
// returning writes, unique attributes, the TTL attribute, multi-attribute
// index keys, query.Find and condition functions.

type mxUser struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
}

type mxTTL struct {
	ID      string `dynamo:"id"`
	Expires string `dynamo:"expiresAt"`
}

var (
	mxUsers = entity.MustDefine(&entity.Table{Name: "matrixu", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}, entity.Config[mxUser]{
		Name:       "MxUser",
		Key:        entity.Key{Partition: "U#${id}", Sort: "U"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}},
	})
	mxTickets = entity.MustDefine(mkTable(), entity.Config[mkTicket]{
		Name:    "Ticket",
		Key:     entity.Key{Partition: "TICKET#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[mkTicket]{{Index: "ByTenant"}},
	})
)

// mxMoreCase is one bad input: run must fail with a *ddbmodel.ValidationError
// naming entity and attr, before any request is sent.
type mxMoreCase struct {
	name, entity, attr string
	run                func(ctx context.Context, db *entity.DB) error
}

func mxMoreCases() []mxMoreCase {
	bad := mxGood("a")
	bad.Score = math.NaN()
	users := mxUsers
	return []mxMoreCase{
		{"Upsert/NaN value", mxName, "score", func(ctx context.Context, db *entity.DB) error {
			_, err := mx.Upsert(bad).Run(ctx, db)
			return err
		}},
		{"Upsert/condition on an unknown attribute", mxName, "nope", func(ctx context.Context, db *entity.DB) error {
			_, err := mx.Upsert(mxGood("a")).If(entity.Attr("nope").Eq(1)).Run(ctx, db)
			return err
		}},
		{"Upsert/in txn.Write with a NaN value", mxName, "score", func(ctx context.Context, db *entity.DB) error {
			return txn.Write(mx.Upsert(bad)).Run(ctx, db)
		}},
		{"Put ReturnOld/NaN value", mxName, "score", func(ctx context.Context, db *entity.DB) error {
			_, _, err := mx.Put(bad).ReturnOld().Run(ctx, db)
			return err
		}},
		{"Delete ReturnOld/condition on an unknown attribute", mxName, "nope", func(ctx context.Context, db *entity.DB) error {
			_, _, err := mx.Delete(mxKey).If(entity.Attr("nope").Exists()).ReturnOld().Run(ctx, db)
			return err
		}},
		{"unique/Put ReturnOld", "MxUser", "email", func(ctx context.Context, db *entity.DB) error {
			_, _, err := users.Put(mxUser{ID: "a", Email: "a@x"}).ReturnOld().Run(ctx, db)
			return err
		}},
		{"unique/Delete ReturnOld", "MxUser", "email", func(ctx context.Context, db *entity.DB) error {
			_, _, err := users.Delete(entity.Values{"id": "a"}).ReturnOld().Run(ctx, db)
			return err
		}},
		{"unique/BatchWrite put", "MxUser", "email", func(ctx context.Context, db *entity.DB) error {
			return txn.BatchWrite(ctx, db, txn.BatchOptions{}, users.Put(mxUser{ID: "a", Email: "a@x"}))
		}},
		{"unique/Define on a float", "MxBadUnique", "score", func(ctx context.Context, db *entity.DB) error {
			_, err := entity.Define(&entity.Table{Name: "matrixbu", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}, entity.Config[mxItem]{
				Name: "MxBadUnique", Key: entity.Key{Partition: "B#${id}", Sort: "B"},
				Attributes: map[string]entity.Attribute{"score": {Unique: true}},
			})
			return err
		}},
		{"TTL/attribute stored as a string", "MxTTL", "expiresAt", func(ctx context.Context, db *entity.DB) error {
			_, err := entity.Define(&entity.Table{Name: "matrixttl", PartitionKey: entity.S("PK"), TTLAttribute: "expiresAt"}, entity.Config[mxTTL]{
				Name: "MxTTL", Key: entity.Key{Partition: "T#${id}"},
			})
			return err
		}},
		{"multi-attribute key/put without a key attribute", "Ticket", "status", func(ctx context.Context, db *entity.DB) error {
			_, err := mxTickets.Put(mkTicket{ID: "1", Tenant: "acme", Region: 1, At: 5}).Run(ctx, db)
			return err
		}},
		{"multi-attribute key/upsert without a key attribute", "Ticket", "status", func(ctx context.Context, db *entity.DB) error {
			_, err := mxTickets.Upsert(mkTicket{ID: "1", Tenant: "acme", Region: 1, At: 5}).Run(ctx, db)
			return err
		}},
		{"multi-attribute key/update removing a key attribute", "Ticket", "status", func(ctx context.Context, db *entity.DB) error {
			_, err := mxTickets.Update(entity.Values{"id": "1"}).Remove("status").Run(ctx, db)
			return err
		}},
		{"multi-attribute key/query without a partition attribute", "Ticket", "region", func(ctx context.Context, db *entity.DB) error {
			_, err := query.New(mxTickets).Index("ByTenant").Where(entity.Values{"tenant": "acme"}).Collect(ctx, db)
			return err
		}},
		{"query.Find/no key fits", mxName, "title", func(ctx context.Context, db *entity.DB) error {
			_, err := query.Find(mx, entity.Values{"title": "x"}).Collect(ctx, db)
			return err
		}},
		{"condition function/size of an unknown attribute", mxName, "nope", func(ctx context.Context, db *entity.DB) error {
			_, err := mx.Update(mxKey).Set("title", "t").If(entity.Attr("nope").SizeLe(3)).Run(ctx, db)
			return err
		}},
		{"condition function/comparison with an unknown attribute", mxName, "nope", func(ctx context.Context, db *entity.DB) error {
			_, err := mx.Update(mxKey).Set("title", "t").If(entity.Attr("count").LtAttr("nope")).Run(ctx, db)
			return err
		}},
		{"condition function/attribute_type of an unknown attribute", mxName, "nope", func(ctx context.Context, db *entity.DB) error {
			return mx.Delete(mxKey).If(entity.Attr("nope").IsType(entity.TypeMap)).Run(ctx, db)
		}},
		{"filter function/size of an unknown attribute", mxName, "nope", func(ctx context.Context, db *entity.DB) error {
			_, err := query.Scan(mx).Filter(entity.Attr("nope").SizeGt(1)).Collect(ctx, db)
			return err
		}},
	}
}

// TestBadInputMatrixNewEntryPoints runs the cases of mxMoreCases: each
// fails with a *ddbmodel.ValidationError naming the entity and the
// attribute, sends nothing and does not panic.
func TestBadInputMatrixNewEntryPoints(t *testing.T) {
	t.Parallel()
	for _, c := range append(append(mxMoreCases(), mxTypedCases()...), mxReview6Cases()...) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rec := entitytest.NewRecorder(nil)
			db := entity.NewDB(rec, "matrix")
			var err error
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("panic: %v", p)
					}
				}()
				err = c.run(t.Context(), db)
			}()
			if n := rec.Count(); n != 0 {
				t.Errorf("%d requests sent (%v); err = %v", n, rec.Requests()[0].Operation, err)
			}
			checkOnePrefix(t, err)
			var ve *ddbmodel.ValidationError
			if !errors.Is(err, ddbmodel.ErrInvalid) || !errors.As(err, &ve) {
				t.Fatalf("err = %v (%T), want a *ddbmodel.ValidationError", err, err)
			}
			if ve.Entity != c.entity || ve.Attribute != c.attr {
				t.Errorf("ValidationError names entity %q attribute %q, want %q and %q (%v)", ve.Entity, ve.Attribute, c.entity, c.attr, err)
			}
		})
	}
}
