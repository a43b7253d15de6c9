package entity_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// mxFastItem is encoded by the fast encoder (strings, numbers and string
// sets only), whose checks are separate from guregu's path.
type mxFastItem struct {
	ID    string   `dynamo:"id"`
	Title string   `dynamo:"title"`
	Score float64  `dynamo:"score"`
	Tags  []string `dynamo:"tags,set"`
}

var mxFast = entity.MustDefine(&entity.Table{Name: "matrixfast", PartitionKey: entity.S("PK")}, entity.Config[mxFastItem]{
	Name: mxName, Key: entity.Key{Partition: "F#${id}"},
})

// mxCase is one bad input: run must fail before any request is sent.
type mxCase struct {
	name string
	run  func(ctx context.Context, db *entity.DB) error
	// attr, when set, is the attribute the *ddbmodel.ValidationError must
	// name, along with the entity.
	attr string
	// check, when set, replaces the default check (ErrInvalid and a
	// *ddbmodel.ValidationError) for inputs reported by another typed error.
	check func(error) bool
}

func isMissing(err error) bool {
	var me *ddbmodel.MissingCompositesError
	return errors.Is(err, ddbmodel.ErrMissingComposites) && errors.As(err, &me) && me.Entity == mxName
}

func isCursorErr(err error) bool {
	var ce *ddbmodel.CursorError
	return errors.Is(err, ddbmodel.ErrInvalidCursor) && errors.As(err, &ce)
}

// mxBadValues are values no condition or filter may compare with, and no
// write may store.
func mxBadValues() []struct {
	name string
	v    any
} {
	return []struct {
		name string
		v    any
	}{
		{"NaN", math.NaN()},
		{"+Inf", math.Inf(1)},
		{"-Inf", math.Inf(-1)},
		{"float32 NaN", float32(math.NaN())},
		{"empty string set", entity.StringSet()},
		{"empty number set", entity.NumberSet()},
		{"string set with duplicates", entity.StringSet("a", "a")},
		{"string set with an empty string", entity.StringSet("a", "")},
		{"number set with duplicates", entity.NumberSet(1, 1)},
		{"invalid UTF-8 string", "ok\xffno"},
		{"invalid UTF-8 in a string set", entity.StringSet("a", "\xfe")},
		{"list holding NaN", []float64{1, math.NaN()}},
		{"map with an invalid UTF-8 key", map[string]int{"\xff": 1}},
	}
}

func mxCases() []mxCase {
	var cs []mxCase
	add := func(c ...mxCase) { cs = append(cs, c...) }

	// Conditions and filters, at every entry point that takes one.
	conds := []struct {
		name string
		run  func(ctx context.Context, db *entity.DB, c entity.Condition) error
	}{
		{"Put.If", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := mx.Put(mxGood("a")).If(c).Run(ctx, db)
			return err
		}},
		{"Create.If", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := mx.Create(mxGood("a")).If(c).Run(ctx, db)
			return err
		}},
		{"Update.If", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := mx.Update(mxKey).Set("title", "t").If(c).Run(ctx, db)
			return err
		}},
		{"Delete.If", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			return mx.Delete(mxKey).If(c).Run(ctx, db)
		}},
		{"txn.Write Check", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			return txn.Write(mx.Put(mxGood("b")), mx.Check(mxKey, c)).Run(ctx, db)
		}},
		{"query.Filter", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := query.New(mx).Where(mxKey).Filter(c).Collect(ctx, db)
			return err
		}},
		{"Scan.Filter", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := query.Scan(mx).Filter(c).Collect(ctx, db)
			return err
		}},
		{"Collection.Filter", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := query.Of(mx).Where(mxKey).Filter(c).Collect(ctx, db)
			return err
		}},
	}
	for _, at := range conds {
		for _, bv := range mxBadValues() {
			add(mxCase{name: at.name + "/value " + bv.name, attr: "score", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Attr("score").Eq(bv.v))
			}})
		}
		add(
			mxCase{name: at.name + "/empty attribute name", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Attr("").Eq(1))
			}},
			mxCase{name: at.name + "/empty name in Exists", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Attr("").Exists())
			}},
			mxCase{name: at.name + "/invalid UTF-8 name", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Attr("ti\xfftle").Eq("x"))
			}},
			mxCase{name: at.name + "/Between with NaN bound", attr: "score", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Attr("score").Between(0, math.Inf(1)))
			}},
			mxCase{name: at.name + "/In with an empty set", attr: "tags", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Attr("tags").In(entity.StringSet()))
			}},
			mxCase{name: at.name + "/In with no values", attr: "title", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Attr("title").In())
			}},
			mxCase{name: at.name + "/nested under Not and Or", attr: "score", run: func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, entity.Not(entity.Or(entity.Attr("title").Eq("t"), entity.Attr("score").Lt(math.NaN()))))
			}},
		)
	}

	// Update actions.
	upd := func(name, attr string, f func(entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem]) mxCase {
		return mxCase{name: "Update/" + name, attr: attr, run: func(ctx context.Context, db *entity.DB) error {
			_, err := f(mx.Update(mxKey)).Run(ctx, db)
			return err
		}}
	}
	for _, bv := range mxBadValues() {
		add(upd("Set "+bv.name, "score", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Set("score", bv.v) }))
		add(upd("SetIfNotExists "+bv.name, "score", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.SetIfNotExists("score", bv.v)
		}))
	}
	add(
		upd("Add of a string", "title", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Add("title", "x") }),
		upd("Add to a list field", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Add("items", []string{"x"}) }),
		upd("Add of a bool", "count", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Add("count", true) }),
		upd("Add of NaN", "count", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Add("count", math.NaN()) }),
		upd("Add of +Inf", "count", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Add("count", math.Inf(1)) }),
		upd("Add of an empty set", "tags", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Add("tags", entity.StringSet()) }),
		upd("Add of a set with duplicates", "tags", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Add("tags", entity.StringSet("a", "a"))
		}),
		upd("Append of a string", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Append("items", "x") }),
		upd("Append of a number", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Append("items", 3) }),
		upd("Append of a set", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Append("items", entity.StringSet("a"))
		}),
		upd("Append of a list with NaN", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Append("items", []float64{math.NaN()})
		}),
		upd("Prepend of a string", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Prepend("items", "x") }),
		upd("Prepend of a map", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Prepend("items", map[string]string{"a": "b"})
		}),
		upd("DeleteFromSet of a string", "tags", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.DeleteFromSet("tags", "x") }),
		upd("DeleteFromSet of a list field", "items", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.DeleteFromSet("items", []string{"x"})
		}),
		upd("DeleteFromSet of a number", "nums", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.DeleteFromSet("nums", 1) }),
		upd("DeleteFromSet of an empty set", "tags", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.DeleteFromSet("tags", entity.StringSet())
		}),
		upd("Set with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Set("", 1) }),
		upd("SetIfNotExists with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.SetIfNotExists("", 1) }),
		upd("Add with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Add("", 1) }),
		upd("Remove with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Remove("") }),
		upd("Append with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Append("", []string{"a"}) }),
		upd("Prepend with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Prepend("", []string{"a"}) }),
		upd("DeleteFromSet with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.DeleteFromSet("", entity.StringSet("a"))
		}),
		upd("Set with an invalid UTF-8 name", "ti\xfftle", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Set("ti\xfftle", "x") }),
		upd("Remove with an invalid UTF-8 name", "ti\xfftle", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Remove("ti\xfftle") }),
		upd("Set twice", "title", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Set("title", "a").Set("title", "b") }),
		upd("Set of a key attribute", "PK", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u.Set("PK", "x") }),
		upd("With an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").With(entity.Values{"": "g"})
		}),
		upd("With NaN", "score", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").With(entity.Values{"score": math.NaN()})
		}),
		upd("With an invalid UTF-8 value", "group", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("rank", 2).With(entity.Values{"group": "g\xff"})
		}),
		upd("With a key composite contradicting the key", "id", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").With(entity.Values{"id": "b"})
		}),
		upd("With the entity marker", "__entity", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").With(entity.Values{"__entity": mxName})
		}),
		upd("With an index key attribute", "GSI1PK", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").With(entity.Values{"GSI1PK": "MXG#g"})
		}),
		upd("If Or of no conditions", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").If(entity.Or())
		}),
		upd("If Or with an empty Condition", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").If(entity.Or(entity.Condition{}, entity.Attr("title").Eq("a")))
		}),
		upd("If Not of an empty Condition", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").If(entity.Not(entity.Condition{}))
		}),
		upd("Returning BOGUS", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").Returning("BOGUS")
		}),
		upd("Returning lower case", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").Returning("all_new")
		}),
		upd("nothing to change", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] { return u }),
		upd("If with an empty name", "", func(u entity.UpdateOp[mxItem]) entity.UpdateOp[mxItem] {
			return u.Set("title", "t").If(entity.Attr("").NotExists())
		}),
	)

	// Puts and creates.
	put := func(name, attr string, v mxItem) mxCase {
		return mxCase{name: "Put/" + name, attr: attr, run: func(ctx context.Context, db *entity.DB) error {
			_, err := mx.Put(v).Run(ctx, db)
			return err
		}}
	}
	create := func(name, attr string, v mxItem) mxCase {
		return mxCase{name: "Create/" + name, attr: attr, run: func(ctx context.Context, db *entity.DB) error {
			_, err := mx.Create(v).Run(ctx, db)
			return err
		}}
	}
	badItems := []struct {
		name, attr string
		mut        func(*mxItem)
		missing    bool // reported as a *ddbmodel.MissingCompositesError
	}{
		{"NaN number", "score", func(v *mxItem) { v.Score = math.NaN() }, false},
		{"+Inf number", "score", func(v *mxItem) { v.Score = math.Inf(1) }, false},
		{"invalid UTF-8 string", "title", func(v *mxItem) { v.Title = "t\xff" }, false},
		{"invalid UTF-8 in a list", "items", func(v *mxItem) { v.Items = []string{"ok", "\xff"} }, false},
		{"string set with duplicates", "tags", func(v *mxItem) { v.Tags = []string{"a", "a"} }, false},
		{"string set with an empty string", "tags", func(v *mxItem) { v.Tags = []string{"a", ""} }, false},
		{"invalid UTF-8 in a string set", "tags", func(v *mxItem) { v.Tags = []string{"\xff"} }, false},
		{"number set with duplicates", "nums", func(v *mxItem) { v.Nums = []int{2, 2} }, false},
		{"invalid UTF-8 key composite", "id", func(v *mxItem) { v.ID = "a\xff" }, false},
		{"empty key composite", "", func(v *mxItem) { v.ID = "" }, true},
	}
	for _, b := range badItems {
		v := mxGood("a")
		b.mut(&v)
		p, c := put(b.name, b.attr, v), create(b.name, b.attr, v)
		if b.missing {
			p.check, c.check = isMissing, isMissing
		}
		add(p, c)
	}

	for _, b := range []struct {
		name, attr string
		v          mxFastItem
	}{
		{"NaN number", "score", mxFastItem{ID: "a", Score: math.NaN()}},
		{"invalid UTF-8 string", "title", mxFastItem{ID: "a", Title: "t\xff"}},
		{"string set with duplicates", "tags", mxFastItem{ID: "a", Tags: []string{"a", "a"}}},
		{"string set with an empty string", "tags", mxFastItem{ID: "a", Tags: []string{""}}},
		{"invalid UTF-8 in a string set", "tags", mxFastItem{ID: "a", Tags: []string{"\xff"}}},
		{"invalid UTF-8 key composite", "id", mxFastItem{ID: "\xff"}},
	} {
		add(mxCase{name: "Put fast encoder/" + b.name, attr: b.attr, run: func(ctx context.Context, db *entity.DB) error {
			_, err := mxFast.Put(b.v).Run(ctx, db)
			return err
		}})
	}

	// Keys: Get, Delete, Update, Check.
	badKeys := []struct {
		name string
		key  entity.Values
	}{
		{"invalid UTF-8", entity.Values{"id": "a\xff"}},
		{"empty", entity.Values{"id": ""}},
		{"missing", entity.Values{}},
		{"NaN", entity.Values{"id": math.NaN()}},
	}
	for _, k := range badKeys {
		var check func(error) bool
		if len(k.key) == 0 {
			check = isMissing
		}
		add(
			mxCase{name: "Get/key " + k.name, check: check, run: func(ctx context.Context, db *entity.DB) error {
				_, err := mx.Get(k.key).Run(ctx, db)
				return err
			}},
			mxCase{name: "Delete/key " + k.name, check: check, run: func(ctx context.Context, db *entity.DB) error { return mx.Delete(k.key).Run(ctx, db) }},
			mxCase{name: "Update/key " + k.name, check: check, run: func(ctx context.Context, db *entity.DB) error {
				_, err := mx.Update(k.key).Set("title", "t").Run(ctx, db)
				return err
			}},
			mxCase{name: "txn.Write Check/key " + k.name, check: check, run: func(ctx context.Context, db *entity.DB) error {
				return txn.Write(mx.Check(k.key, entity.Attr("title").Exists())).Run(ctx, db)
			}},
			mxCase{name: "query.Where/key " + k.name, check: check, run: func(ctx context.Context, db *entity.DB) error {
				_, err := query.New(mx).Where(k.key).Collect(ctx, db)
				return err
			}},
		)
	}

	// Queries, scans and collections.
	q := func(name, attr string, f func(query.Query[mxItem]) query.Query[mxItem]) mxCase {
		return mxCase{name: "query/" + name, attr: attr, run: func(ctx context.Context, db *entity.DB) error {
			_, err := f(query.New(mx)).Collect(ctx, db)
			return err
		}}
	}
	mxq := func(name string, check func(error) bool, f func(query.Query[mxItem]) query.Query[mxItem]) mxCase {
		c := q(name, "", f)
		c.check = check
		return c
	}
	gsi := func(q query.Query[mxItem]) query.Query[mxItem] {
		return q.Index("GSI1").Where(entity.Values{"group": "g"})
	}
	add(
		q("Limit negative", "", func(q query.Query[mxItem]) query.Query[mxItem] { return q.Where(mxKey).Limit(-1) }),
		q("Limit beyond int32", "", func(q query.Query[mxItem]) query.Query[mxItem] { return q.Where(mxKey).Limit(math.MaxInt32 + 1) }),
		q("Between lo > hi", "", func(q query.Query[mxItem]) query.Query[mxItem] {
			return gsi(q).Between(entity.Values{"rank": 5}, entity.Values{"rank": 3})
		}),
		q("BetweenKeys lo > hi", "", func(q query.Query[mxItem]) query.Query[mxItem] { return gsi(q).BetweenKeys("MXR#9", "MXR#1") }),
		q("BeginsWith empty", "", func(q query.Query[mxItem]) query.Query[mxItem] { return gsi(q).BeginsWith("") }),
		q("BeginsWith invalid UTF-8", "", func(q query.Query[mxItem]) query.Query[mxItem] { return gsi(q).BeginsWith("MXR#\xff") }),
		q("Gt invalid UTF-8", "rank", func(q query.Query[mxItem]) query.Query[mxItem] {
			return gsi(q).Gt(entity.Values{"rank": "\xff"})
		}),
		q("Ge NaN", "rank", func(q query.Query[mxItem]) query.Query[mxItem] { return gsi(q).Ge(entity.Values{"rank": math.NaN()}) }),
		q("Lt of an unknown composite", "nope", func(q query.Query[mxItem]) query.Query[mxItem] {
			return gsi(q).Lt(entity.Values{"nope": 1})
		}),
		q("Le of an unknown composite", "nope", func(q query.Query[mxItem]) query.Query[mxItem] {
			return gsi(q).Le(entity.Values{"nope": 1})
		}),
		q("Where of an unknown composite", "nope", func(q query.Query[mxItem]) query.Query[mxItem] {
			return q.Where(entity.Values{"id": "a", "nope": 1})
		}),
		mxq("Where without the partition key", isMissing, func(q query.Query[mxItem]) query.Query[mxItem] { return q }),
		q("Filter Or of no conditions", "", func(q query.Query[mxItem]) query.Query[mxItem] {
			return q.Where(mxKey).Filter(entity.Or())
		}),
		q("Filter Not of an empty Condition", "", func(q query.Query[mxItem]) query.Query[mxItem] {
			return q.Where(mxKey).Filter(entity.Not(entity.Condition{}))
		}),
		q("Filter on the partition key", "PK", func(q query.Query[mxItem]) query.Query[mxItem] {
			return q.Where(mxKey).Filter(entity.Attr("PK").Eq("MX#b"))
		}),
		q("Filter on the sort key", "SK", func(q query.Query[mxItem]) query.Query[mxItem] {
			return q.Where(mxKey).Filter(entity.Attr("SK").BeginsWith("M"))
		}),
		q("Filter on the index partition key", "GSI1PK", func(q query.Query[mxItem]) query.Query[mxItem] {
			return gsi(q).Filter(entity.Attr("GSI1PK").Exists())
		}),
		q("Filter on the index sort key", "GSI1SK", func(q query.Query[mxItem]) query.Query[mxItem] {
			return gsi(q).Filter(entity.Or(entity.Attr("title").Eq("t"), entity.Attr("GSI1SK").Gt("A")))
		}),
		q("Project an empty name", "", func(q query.Query[mxItem]) query.Query[mxItem] { return q.Where(mxKey).Project("") }),
		q("Project an invalid UTF-8 name", "ti\xfftle", func(q query.Query[mxItem]) query.Query[mxItem] {
			return q.Where(mxKey).Project("ti\xfftle")
		}),
		q("unknown index", "", func(q query.Query[mxItem]) query.Query[mxItem] { return q.Index("GSI9").Where(mxKey) }),
		q("consistent read on a global index", "", func(q query.Query[mxItem]) query.Query[mxItem] { return gsi(q).Consistent() }),
		q("SortKey bad operator", "", func(q query.Query[mxItem]) query.Query[mxItem] { return gsi(q).SortKey("~", "MXR#1") }),
		q("negative Concurrency", "", func(q query.Query[mxItem]) query.Query[mxItem] { return q.Where(mxKey).Concurrency(-1) }),
	)
	for _, cur := range []struct{ name, c string }{
		{"invalid UTF-8 cursor", "\xff\xfe"},
		{"not base64", "!!!"},
		{"base64 of invalid UTF-8", "_w"},
		{"base64 of garbage JSON", "eyJ4Ijo"},
	} {
		add(
			mxCase{name: "query.Page/" + cur.name, check: isCursorErr, run: func(ctx context.Context, db *entity.DB) error {
				_, err := query.New(mx).Where(mxKey).Page(ctx, db, cur.c)
				return err
			}},
			mxCase{name: "Collection.Page/" + cur.name, check: isCursorErr, run: func(ctx context.Context, db *entity.DB) error {
				_, err := query.Of(mx).Where(mxKey).Page(ctx, db, cur.c)
				return err
			}},
		)
	}
	sc := func(name string, f func(query.Scanner[mxItem]) query.Scanner[mxItem]) mxCase {
		return mxCase{name: "Scan/" + name, run: func(ctx context.Context, db *entity.DB) error {
			_, err := f(query.Scan(mx)).Collect(ctx, db)
			return err
		}}
	}
	add(
		sc("Limit negative", func(s query.Scanner[mxItem]) query.Scanner[mxItem] { return s.Limit(-5) }),
		sc("Limit beyond int32", func(s query.Scanner[mxItem]) query.Scanner[mxItem] { return s.Limit(1 << 40) }),
		sc("unknown index", func(s query.Scanner[mxItem]) query.Scanner[mxItem] { return s.Index("nope") }),
		sc("zero segments", func(s query.Scanner[mxItem]) query.Scanner[mxItem] { return s.Segments(0) }),
		sc("negative concurrency", func(s query.Scanner[mxItem]) query.Scanner[mxItem] { return s.Concurrency(-1) }),
	)
	col := func(name, attr string, f func(query.Collection) query.Collection) mxCase {
		return mxCase{name: "Collection/" + name, attr: attr, run: func(ctx context.Context, db *entity.DB) error {
			_, err := f(query.Of(mx)).Collect(ctx, db)
			return err
		}}
	}
	add(
		col("Limit negative", "", func(c query.Collection) query.Collection { return c.Where(mxKey).Limit(-1) }),
		col("Limit beyond int32", "", func(c query.Collection) query.Collection { return c.Where(mxKey).Limit(math.MaxInt32 + 1) }),
		col("BeginsWith empty", "", func(c query.Collection) query.Collection { return c.Where(mxKey).BeginsWith("") }),
		col("BetweenKeys lo > hi", "", func(c query.Collection) query.Collection { return c.Where(mxKey).BetweenKeys("z", "a") }),
		col("unknown index", "", func(c query.Collection) query.Collection { return c.Index("nope").Where(mxKey) }),
		col("Filter on the sort key", "SK", func(c query.Collection) query.Collection {
			return c.Where(mxKey).Filter(entity.Attr("SK").Eq("MX"))
		}),
		col("Where invalid UTF-8", "", func(c query.Collection) query.Collection { return c.Where(entity.Values{"id": "\xff"}) }),
	)

	// Nil entities and zero-value operations.
	var nilE *entity.Entity[mxItem]
	add(
		mxCase{name: "nil entity/Put", run: func(ctx context.Context, db *entity.DB) error {
			_, err := nilE.Put(mxGood("a")).Run(ctx, db)
			return err
		}},
		mxCase{name: "nil entity/Create", run: func(ctx context.Context, db *entity.DB) error {
			_, err := nilE.Create(mxGood("a")).Run(ctx, db)
			return err
		}},
		mxCase{name: "nil entity/Get", run: func(ctx context.Context, db *entity.DB) error {
			_, err := nilE.Get(mxKey).Run(ctx, db)
			return err
		}},
		mxCase{name: "nil entity/Update", run: func(ctx context.Context, db *entity.DB) error {
			_, err := nilE.Update(mxKey).Set("title", "t").Run(ctx, db)
			return err
		}},
		mxCase{name: "nil entity/Delete", run: func(ctx context.Context, db *entity.DB) error { return nilE.Delete(mxKey).Run(ctx, db) }},
		mxCase{name: "nil entity/Check in txn.Write", run: func(ctx context.Context, db *entity.DB) error {
			return txn.Write(nilE.Check(mxKey, entity.Attr("title").Exists())).Run(ctx, db)
		}},
		mxCase{name: "nil entity/query.New", run: func(ctx context.Context, db *entity.DB) error {
			_, err := query.New(nilE).Where(mxKey).Collect(ctx, db)
			return err
		}},
		mxCase{name: "nil entity/query.Scan", run: func(ctx context.Context, db *entity.DB) error {
			_, err := query.Scan(nilE).Collect(ctx, db)
			return err
		}},
		mxCase{name: "nil entity/query.Of", run: func(ctx context.Context, db *entity.DB) error {
			_, err := query.Of(nilE).Where(mxKey).Collect(ctx, db)
			return err
		}},
		mxCase{name: "nil entity/BatchGetOf", run: func(ctx context.Context, db *entity.DB) error {
			_, err := txn.BatchGetOf(ctx, db, txn.BatchOptions{}, nilE, mxKey)
			return err
		}},
		mxCase{name: "zero PutOp", run: func(ctx context.Context, db *entity.DB) error {
			_, err := entity.PutOp[mxItem]{}.Run(ctx, db)
			return err
		}},
		mxCase{name: "zero GetOp", run: func(ctx context.Context, db *entity.DB) error {
			_, err := entity.GetOp[mxItem]{}.Run(ctx, db)
			return err
		}},
		mxCase{name: "zero UpdateOp", run: func(ctx context.Context, db *entity.DB) error {
			_, err := entity.UpdateOp[mxItem]{}.Set("title", "t").Run(ctx, db)
			return err
		}},
		mxCase{name: "zero DeleteOp", run: func(ctx context.Context, db *entity.DB) error { return entity.DeleteOp[mxItem]{}.Run(ctx, db) }},
		mxCase{name: "zero Query", run: func(ctx context.Context, db *entity.DB) error {
			_, err := query.Query[mxItem]{}.Collect(ctx, db)
			return err
		}},
		mxCase{name: "zero Scanner", run: func(ctx context.Context, db *entity.DB) error {
			_, err := query.Scanner[mxItem]{}.Collect(ctx, db)
			return err
		}},
		mxCase{name: "zero Collection", run: func(ctx context.Context, db *entity.DB) error {
			_, err := query.Collection{}.Collect(ctx, db)
			return err
		}},
		mxCase{name: "txn.Write/nil op", run: func(ctx context.Context, db *entity.DB) error {
			return txn.Write(mx.Put(mxGood("a")), nil).Run(ctx, db)
		}},
		mxCase{name: "txn.Write/zero PutOp", run: func(ctx context.Context, db *entity.DB) error {
			return txn.Write(mx.Put(mxGood("a")), entity.PutOp[mxItem]{}).Run(ctx, db)
		}},
		mxCase{name: "txn.Write/zero CheckOp", run: func(ctx context.Context, db *entity.DB) error {
			return txn.Write(entity.CheckOp[mxItem]{}).Run(ctx, db)
		}},
		mxCase{name: "txn.Write/empty", run: func(ctx context.Context, db *entity.DB) error { return txn.Write().Run(ctx, db) }},
		mxCase{name: "txn.Write/two actions on one item", run: func(ctx context.Context, db *entity.DB) error {
			return txn.Write(mx.Put(mxGood("a")), mx.Delete(mxKey)).Run(ctx, db)
		}},
		mxCase{name: "txn.Write/Check without a condition", run: func(ctx context.Context, db *entity.DB) error {
			return txn.Write(mx.Check(mxKey, entity.Condition{})).Run(ctx, db)
		}},
		mxCase{name: "txn.Get/nil op", run: func(ctx context.Context, db *entity.DB) error {
			_, err := txn.Get(mx.Get(mxKey), nil).Run(ctx, db)
			return err
		}},
		mxCase{name: "txn.Get/zero GetOp", run: func(ctx context.Context, db *entity.DB) error {
			_, err := txn.Get(entity.GetOp[mxItem]{}).Run(ctx, db)
			return err
		}},
		mxCase{name: "txn.Get/empty", run: func(ctx context.Context, db *entity.DB) error {
			_, err := txn.Get().Run(ctx, db)
			return err
		}},
		mxCase{name: "txn.Get/bad key", run: func(ctx context.Context, db *entity.DB) error {
			_, err := txn.Get(mx.Get(entity.Values{"id": "\xff"})).Run(ctx, db)
			return err
		}},
		mxCase{name: "txn.Write/bad put among good ones", attr: "score", run: func(ctx context.Context, db *entity.DB) error {
			bad := mxGood("c")
			bad.Score = math.NaN()
			return txn.Write(mx.Put(mxGood("a")), mx.Put(bad), mx.Put(mxGood("b"))).Run(ctx, db)
		}},
	)

	// Batches: one bad item among good ones refuses the whole call.
	batch := func(name, attr string, bad entity.BatchWriter) mxCase {
		return mxCase{name: "BatchWrite/" + name, attr: attr, run: func(ctx context.Context, db *entity.DB) error {
			ops := make([]entity.BatchWriter, 0, 60)
			for i := range 60 {
				if i == 30 {
					ops = append(ops, bad)
				}
				ops = append(ops, mx.Put(mxGood(fmt.Sprintf("g%d", i))))
			}
			return txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...)
		}}
	}
	for _, b := range badItems {
		v := mxGood("bad")
		b.mut(&v)
		c := batch("put with "+b.name, b.attr, mx.Put(v))
		if b.missing {
			c.check = isMissing
		}
		add(c)
	}
	add(
		batch("nil op", "", nil),
		batch("zero PutOp", "", entity.PutOp[mxItem]{}),
		batch("delete with a bad key", "", mx.Delete(entity.Values{"id": "\xff"})),
		batch("create", "", mx.Create(mxGood("bad"))),
		batch("delete with a condition", "", mx.Delete(entity.Values{"id": "bad"}).MustExist()),
		mxCase{name: "BatchWrite/nil DB", run: func(ctx context.Context, _ *entity.DB) error {
			return txn.BatchWrite(ctx, nil, txn.BatchOptions{}, mx.Put(mxGood("a")))
		}},
	)
	bget := func(name string, bad txn.ReadOp) mxCase {
		return mxCase{name: "BatchGet/" + name, run: func(ctx context.Context, db *entity.DB) error {
			reads := make([]txn.ReadOp, 0, 150)
			for i := range 150 {
				if i == 120 {
					reads = append(reads, bad)
				}
				reads = append(reads, mx.Get(entity.Values{"id": fmt.Sprintf("g%d", i)}))
			}
			_, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, reads...)
			return err
		}}
	}
	add(
		bget("invalid UTF-8 key", mx.Get(entity.Values{"id": "\xff"})),
		bget("empty key", mx.Get(entity.Values{"id": ""})),
		bget("nil read", nil),
		bget("zero GetOp", entity.GetOp[mxItem]{}),
		mxCase{name: "BatchGetOf/one bad key", run: func(ctx context.Context, db *entity.DB) error {
			_, err := txn.BatchGetOf(ctx, db, txn.BatchOptions{}, mx, mxKey, entity.Values{"id": "\xff"}, entity.Values{"id": "b"})
			return err
		}},
	)
	return cs
}

// TestBadInputMatrix runs every public entry point with wrong inputs: each
// must fail with a typed error before any request is sent, and none may
// panic. A batch with one bad item among good ones sends nothing.
func TestBadInputMatrix(t *testing.T) {
	t.Parallel()
	cases := mxCases()
	if len(cases) < 150 {
		t.Fatalf("%d cases, want at least 150", len(cases))
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.name] {
			t.Fatalf("duplicate case %q", c.name)
		}
		seen[c.name] = true
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
			if c.check != nil {
				if !c.check(err) {
					t.Errorf("err = %v (%T), want the typed error", err, err)
				}
				return
			}
			var ve *ddbmodel.ValidationError
			if !errors.Is(err, ddbmodel.ErrInvalid) || !errors.As(err, &ve) {
				t.Fatalf("err = %v (%T), want a *ddbmodel.ValidationError", err, err)
			}
			if c.attr != "" && (ve.Attribute != c.attr || ve.Entity != mxName) {
				t.Errorf("ValidationError names entity %q attribute %q, want %q and %q (%v)", ve.Entity, ve.Attribute, mxName, c.attr, err)
			}
		})
	}
}

var _ types.AttributeValue = entity.StringSet()
