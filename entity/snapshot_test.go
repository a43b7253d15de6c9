package entity_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// snapLine is a list element of snapDoc, holding a slice of its own.
type snapLine struct {
	SKU   string   `dynamo:"sku"`
	Qty   int      `dynamo:"qty"`
	Notes []string `dynamo:"notes"`
}

// snapDoc has a field of every mutable shape an update's value can take.
type snapDoc struct {
	ID    string            `dynamo:"id"`
	Meta  map[string]string `dynamo:"meta"`
	Tags  []string          `dynamo:"tags,set"`
	Lines []snapLine        `dynamo:"lines"`
	First *snapLine         `dynamo:"first"`
	Blob  []byte            `dynamo:"blob"`
	Deep  map[string][]int  `dynamo:"deep"`
	N     int               `dynamo:"n"`
}

func snapDocs(t *testing.T) *entity.Entity[snapDoc] {
	t.Helper()
	tb := &entity.Table{Name: "snap", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e, err := entity.Define(tb, entity.Config[snapDoc]{
		Name: "SnapDoc",
		Key:  entity.Key{Partition: "D#${id}", Sort: "#D"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// snapCase gives an update or condition a fresh mutable value, changes the
// value afterwards, and expects the request of the first unchanged: the
// same as one given a fresh value and left alone.
type snapCase struct {
	name   string
	value  func() any
	mutate func(any)
	op     func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc]
}

func snapCases() []snapCase {
	meta := func() any { return map[string]string{"a": "1"} }
	tags := func() any { return []string{"a", "b"} }
	lines := func() any { return []snapLine{{SKU: "s1", Qty: 1, Notes: []string{"n"}}} }
	setMeta := func(v any) { v.(map[string]string)["b"] = "2" }
	emptyKey := func(v any) { v.(map[string]string)[""] = "x" }
	dupTags := func(v any) { s := v.([]string); s[0], s[1] = "a", "a" }
	deepLine := func(v any) { s := v.([]snapLine); s[0].Qty = 9; s[0].Notes[0] = "changed" }
	key := entity.Values{"id": "d1"}
	return []snapCase{
		{"Set map", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Set("meta", v)
		}},
		{"Set map given an empty key", meta, emptyKey, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Set("meta", v)
		}},
		{"SetIfNotExists map", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).SetIfNotExists("meta", v)
		}},
		{"Add set made duplicate", tags, dupTags, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Add("tags", v)
		}},
		{"DeleteFromSet", tags, dupTags, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).DeleteFromSet("tags", v)
		}},
		{"Append nested", lines, deepLine, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Append("lines", v)
		}},
		{"Prepend nested", lines, deepLine, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Prepend("lines", v)
		}},
		{"Set pointer", func() any { return &snapLine{SKU: "s", Notes: []string{"n"}} },
			func(v any) { p := v.(*snapLine); p.SKU = "t"; p.Notes[0] = "m" },
			func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
				return e.Update(key).Set("first", v)
			}},
		{"Set bytes", func() any { return []byte("abc") }, func(v any) { v.([]byte)[0] = 'z' },
			func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
				return e.Update(key).Set("blob", v)
			}},
		{"Set map of slices", func() any { return map[string][]int{"a": {1, 2}} },
			func(v any) { m := v.(map[string][]int); m["a"][0] = 7; m["b"] = []int{3} },
			func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
				return e.Update(key).Set("deep", v)
			}},
		{"Set a document path", tags, dupTags, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Set("lines[0].notes", v)
		}},
		{"typed Set", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.FieldOf(e, func(d *snapDoc) *map[string]string { return &d.Meta })
			return e.Update(key).Apply(f.Set(v.(map[string]string)))
		}},
		{"typed SetIfNotExists", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.FieldOf(e, func(d *snapDoc) *map[string]string { return &d.Meta })
			return e.Update(key).Apply(f.SetIfNotExists(v.(map[string]string)))
		}},
		{"typed set Add", tags, dupTags, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.SetOf(e, func(d *snapDoc) *[]string { return &d.Tags })
			return e.Update(key).Apply(f.Add(v.([]string)...))
		}},
		{"typed DeleteFromSet", tags, dupTags, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.SetOf(e, func(d *snapDoc) *[]string { return &d.Tags })
			return e.Update(key).Apply(f.DeleteFromSet(v.([]string)...))
		}},
		{"typed Append", lines, deepLine, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.ListOf(e, func(d *snapDoc) *[]snapLine { return &d.Lines })
			return e.Update(key).Apply(f.Append(v.([]snapLine)...))
		}},
		{"typed Prepend", lines, deepLine, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.ListOf(e, func(d *snapDoc) *[]snapLine { return &d.Lines })
			return e.Update(key).Apply(f.Prepend(v.([]snapLine)...))
		}},
		{"condition Eq", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Set("n", 1).If(entity.Attr("meta").Eq(v))
		}},
		{"condition Ne nested", lines, deepLine, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Set("n", 1).If(entity.Attr("lines").Ne(v))
		}},
		{"condition In", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Set("n", 1).If(entity.Attr("meta").In(v, map[string]string{"c": "3"}))
		}},
		{"condition Between", func() any { return []byte("abc") }, func(v any) { v.([]byte)[0] = 'z' },
			func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
				return e.Update(key).Set("n", 1).If(entity.Attr("blob").Between(v, []byte("abd")))
			}},
		{"condition Contains struct holding a slice", func() any { return snapLine{SKU: "s", Notes: []string{"n"}} },
			func(v any) { v.(snapLine).Notes[0] = "changed" },
			func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
				return e.Update(key).Set("n", 1).If(entity.Attr("lines").Contains(v))
			}},
		{"typed condition Eq", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.FieldOf(e, func(d *snapDoc) *map[string]string { return &d.Meta })
			return e.Update(key).Set("n", 1).Ensure(f.Eq(v.(map[string]string)))
		}},
		{"typed condition In", lines, deepLine, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			f := entity.FieldOf(e, func(d *snapDoc) *[]snapLine { return &d.Lines })
			return e.Update(key).Set("n", 1).Ensure(f.In(v.([]snapLine)))
		}},
		{"With", meta, setMeta, func(e *entity.Entity[snapDoc], v any) entity.UpdateOp[snapDoc] {
			return e.Update(key).Set("n", 1).With(entity.Values{"meta": v})
		}},
	}
}

// An update keeps what it was given at the call: changing a map, slice or
// pointer given to Set, Add, Append, a typed handle, With or a condition
// afterwards changes neither its request nor whether it builds.
func TestUpdateCopiesValuesAtTheCall(t *testing.T) {
	t.Parallel()
	e := snapDocs(t)
	for _, c := range snapCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			want, werr := c.op(e, c.value()).Build()
			if werr != nil {
				t.Fatalf("fresh value: Build: %v", werr)
			}
			v := c.value()
			op := c.op(e, v)
			first, err := op.Build()
			if err != nil {
				t.Fatalf("Build before the change: %v", err)
			}
			c.mutate(v)
			got, err := op.Build()
			if err != nil {
				t.Fatalf("Build after the value given was changed: %v", err)
			}
			if diff := cmp.Diff(want, got, entitytest.CmpOptions); diff != "" {
				t.Errorf("changing the value given changed the request (-fresh +got):\n%s", diff)
			}
			if diff := cmp.Diff(first, got, entitytest.CmpOptions); diff != "" {
				t.Errorf("the request changed between two Builds (-first +second):\n%s", diff)
			}
			// A request built only after the change is the same too.
			v = c.value()
			op = c.op(e, v)
			c.mutate(v)
			late, err := op.Build()
			if err != nil {
				t.Fatalf("Build only after the change: %v", err)
			}
			if diff := cmp.Diff(want, late, entitytest.CmpOptions); diff != "" {
				t.Errorf("changing the value before the first Build changed the request (-fresh +got):\n%s", diff)
			}
		})
	}
}

// A Condition made once keeps its values when they change later, also in a
// put's condition.
func TestConditionCopiesValuesAtTheCall(t *testing.T) {
	t.Parallel()
	e := snapDocs(t)
	doc := snapDoc{ID: "d1"}
	m := map[string]string{"a": "1"}
	s := []string{"x", "y"}
	cond := entity.And(entity.Attr("meta").Eq(m), entity.Attr("tags").In(s, []string{"z"}))
	want, err := e.Put(doc).If(entity.And(
		entity.Attr("meta").Eq(map[string]string{"a": "1"}),
		entity.Attr("tags").In([]string{"x", "y"}, []string{"z"}))).Build()
	if err != nil {
		t.Fatal(err)
	}
	m["a"] = "2"
	s[0] = "q"
	got, err := e.Put(doc).If(cond).Build()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got, entitytest.CmpOptions); diff != "" {
		t.Errorf("changing a condition's values changed the put (-fresh +got):\n%s", diff)
	}
}
