package entity

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

type gtDoc struct {
	ID string `dynamo:"id"`
}

// The marker conditions made at Define (guardTexts) are the texts the
// condition writers would write without them, whatever names and values
// the Writer already holds, and for names that are not identifiers (which
// make none).
func TestGuardTextsAreTheWrittenTexts(t *testing.T) {
	for _, tb := range []*Table{
		{Name: "t", PartitionKey: S("PK"), SortKey: S("SK")},
		{Name: "t", PartitionKey: S("pk-1"), SortKey: S("SK"), EntityAttribute: "kind of"},
		{Name: "t", PartitionKey: S("PK"), EntityAttribute: "n0"},
	} {
		key := Key{Partition: "D#${id}"}
		if tb.SortKey.Name != "" {
			key.Sort = "D"
		}
		e, err := Define(tb, Config[gtDoc]{Name: "Doc", Key: key})
		if err != nil {
			t.Fatal(err)
		}
		c := e.core()
		if tb.EntityAttribute == "" && c.texts == nil {
			t.Fatal("Define made no guard texts for identifier names")
		}
		for before := range 10 {
			for _, other := range []string{"", "x y", "PK", "n0"} {
				write := func(fn func(*entityCore, *expr.Writer) string, texts *guardTexts) string {
					var w expr.Writer
					if other != "" {
						w.Name(other)
					}
					for range before {
						w.Value(c.marker)
					}
					saved := c.texts
					c.texts = texts
					defer func() { c.texts = saved }()
					return fn(c, &w)
				}
				for name, fn := range map[string]func(*entityCore, *expr.Writer) string{
					"exists": (*entityCore).exists, "pkAbsent": (*entityCore).pkAbsent, "guard": (*entityCore).guard,
				} {
					if got, want := write(fn, c.texts), write(fn, nil); got != want {
						t.Errorf("table %+v, %d values, name %q first: %s wrote %q, without the texts %q", tb, before, other, name, got, want)
					}
				}
			}
		}
	}
}
