package entity_test

import (
	"context"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The bad-input matrix rows of issue #11's last items: reversed BETWEEN
// bounds, attribute-to-attribute comparisons of different stored kinds,
// impossible attribute_type tests, and rules on nested fields.

type mxAlias string

type mxTyped struct {
	ID    string         `dynamo:"id"`
	Name  string         `dynamo:"name"`
	Alias mxAlias        `dynamo:"alias"`
	N     int            `dynamo:"n"`
	N64   int64          `dynamo:"n64"`
	At    time.Time      `dynamo:"at"`
	Unix  time.Time      `dynamo:"unix,unixtime"`
	Bin   []byte         `dynamo:"bin"`
	Flag  bool           `dynamo:"flag"`
	List  []string       `dynamo:"list"`
	Map   map[string]int `dynamo:"map"`
	Tags  []string       `dynamo:"tags,set"`
	Any   any            `dynamo:"any"`
	Ptr   *int           `dynamo:"ptr"`
}

const mxTypedName = "MxTyped"

var mxT = entity.MustDefine(&entity.Table{Name: "matrixt", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}, entity.Config[mxTyped]{
	Name:            mxTypedName,
	Key:             entity.Key{Partition: "T#${id}", Sort: "T"},
	ExtraAttributes: []string{"legacy"},
})

var (
	mxTName = entity.StringOf(mxT, func(t *mxTyped) *string { return &t.Name })
	mxTN    = entity.NumberOf(mxT, func(t *mxTyped) *int { return &t.N })
	mxTAt   = entity.OrderedOf(mxT, func(t *mxTyped) *time.Time { return &t.At })
	mxTBin  = entity.OrderedOf(mxT, func(t *mxTyped) *[]byte { return &t.Bin })
)

// mxCondEntryPoints are the entry points of mxT that take a condition or a
// filter.
func mxCondEntryPoints() []struct {
	name string
	run  func(ctx context.Context, db *entity.DB, c entity.Condition) error
} {
	key := entity.Values{"id": "a"}
	return []struct {
		name string
		run  func(ctx context.Context, db *entity.DB, c entity.Condition) error
	}{
		{"Put.If", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := mxT.Put(mxTyped{ID: "a"}).If(c).Run(ctx, db)
			return err
		}},
		{"Update.If", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := mxT.Update(key).Set("name", "x").If(c).Run(ctx, db)
			return err
		}},
		{"Delete.If", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			return mxT.Delete(key).If(c).Run(ctx, db)
		}},
		{"txn Check", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			return txn.Write(mxT.Put(mxTyped{ID: "b"}), mxT.Check(key, c)).Run(ctx, db)
		}},
		{"query.Filter", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := query.New(mxT).Where(key).Filter(c).Collect(ctx, db)
			return err
		}},
		{"Scan.Filter", func(ctx context.Context, db *entity.DB, c entity.Condition) error {
			_, err := query.Scan(mxT).Filter(c).Collect(ctx, db)
			return err
		}},
	}
}

func mxTypedCases() []mxMoreCase {
	var cs []mxMoreCase
	t1 := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	t2 := t1.Add(time.Hour)
	bad := []struct {
		name, attr string
		c          entity.Condition
	}{
		{"between reversed strings", "name", entity.Attr("name").Between("z", "a")},
		{"between reversed strings, typed", "name", mxTName.Between("z", "a").Condition()},
		{"between reversed numbers (10 > 2, though \"10\" < \"2\")", "n", entity.Attr("n").Between(10, 2)},
		{"between reversed numbers, typed", "n", mxTN.Between(10, 2).Condition()},
		{"between reversed negative numbers", "n64", entity.Attr("n64").Between(-1, -20)},
		{"between reversed times", "at", entity.Attr("at").Between(t2, t1)},
		{"between reversed times, typed", "at", mxTAt.Between(t2, t1).Condition()},
		{"between reversed unix times", "unix", entity.Attr("unix").Between(t2, t1)},
		{"between reversed binary", "bin", entity.Attr("bin").Between([]byte{2}, []byte{1})},
		{"between reversed binary, typed", "bin", mxTBin.Between([]byte{2}, []byte{1, 9}).Condition()},
		{"between bounds of two kinds on an interface field", "any", entity.Attr("any").Between("a", 1)},
		{"attribute_type S of a number", "n", entity.Attr("n").IsType(entity.TypeString)},
		{"attribute_type S of a number, typed", "n", mxTN.IsType(entity.TypeString).Condition()},
		{"attribute_type N of a string", "name", entity.Attr("name").IsType(entity.TypeNumber)},
		{"attribute_type N of a named string", "alias", entity.Attr("alias").IsType(entity.TypeNumber)},
		{"attribute_type L of a set", "tags", entity.Attr("tags").IsType(entity.TypeList)},
		{"attribute_type SS of a list", "list", entity.Attr("list").IsType(entity.TypeStringSet)},
		{"attribute_type M of a bool", "flag", entity.Attr("flag").IsType(entity.TypeMap)},
		{"attribute_type S of a unixtime", "unix", entity.Attr("unix").IsType(entity.TypeString)},
		{"attribute_type N of a time", "at", entity.Attr("at").IsType(entity.TypeNumber)},
		{"attribute_type S of binary", "bin", entity.Attr("bin").IsType(entity.TypeString)},
		{"attribute_type NULL of a string", "name", entity.Attr("name").IsType(entity.TypeNull)},
		{"attribute_type S of a map value", "map.k", entity.Attr("map.k").IsType(entity.TypeString)},
	}
	for _, at := range mxCondEntryPoints() {
		for _, b := range bad {
			cs = append(cs, mxMoreCase{at.name + "/" + b.name, mxTypedName, b.attr, func(ctx context.Context, db *entity.DB) error {
				return at.run(ctx, db, b.c)
			}})
		}
	}
	return cs
}
