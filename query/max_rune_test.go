package query_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Keys holding U+10FFFF, the largest character, anywhere (even the longest
// key DynamoDB stores under a group, made of it) stay inside the group a
// partial bound stands for: every range returns exactly the keys the
// bytewise order of DynamoDB puts in it, checked against a brute force over
// the rendered keys.
func TestPartialBoundsHoldMaximalCharacters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, _, lessons, _, _ := newSchool()
	db := entitytest.NewDB(t, table)
	const top = "\U0010FFFF"
	modules := []string{"m", "m" + top, "m" + top + "a", "n", top, top + top}
	var ops []entity.BatchWriter
	sks := map[string]string{} // sort key -> module/lesson
	for _, m := range modules {
		prefix := "MODULE#" + m + "#LESSON#"
		// The longest lesson id that fits: U+10FFFF as far as it goes,
		// then the largest character of the bytes left.
		room := 1024 - len(prefix)
		longest := strings.Repeat(top, room/4) + map[int]string{0: "", 1: "\u007f", 2: "\u07ff", 3: "\uffff"}[room%4]
		for _, l := range []string{"a", top, top + top, "a" + top, top + "a", longest} {
			ops = append(ops, lessons.Put(Lesson{CourseID: "c", ModuleID: m, LessonID: l}))
			sks[prefix+l] = m + "/" + l
		}
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	all := make([]string, 0, len(sks))
	for k := range sks {
		all = append(all, k)
	}
	sort.Strings(all) // bytewise, as DynamoDB orders string keys
	// want selects the rendered sort keys k that satisfy in(k).
	want := func(in func(k string) bool) []string {
		var out []string
		for _, k := range all {
			if in(k) {
				out = append(out, sks[k])
			}
		}
		return out
	}
	group := func(m string) string { return "MODULE#" + m + "#LESSON#" }
	under := func(k, m string) bool { return strings.HasPrefix(k, group(m)) }
	mod := func(m string) entity.Values { return entity.Values{"moduleId": m} }
	base := query.New(lessons).Where(entity.Values{"courseId": "c"})
	for _, m := range modules {
		for _, tc := range []struct {
			op string
			q  query.Query[Lesson]
			in func(k string) bool
		}{
			{"le", base.Le(mod(m)), func(k string) bool { return k <= group(m) || under(k, m) }},
			{"lt", base.Lt(mod(m)), func(k string) bool { return k < group(m) }},
			{"gt", base.Gt(mod(m)), func(k string) bool { return k > group(m) && !under(k, m) }},
			{"ge", base.Ge(mod(m)), func(k string) bool { return k >= group(m) }},
			{"between m and itself", base.Between(mod(m), mod(m)), func(k string) bool { return under(k, m) }},
			{"between first and m", base.Between(mod(modules[0]), mod(m)), func(k string) bool {
				return k >= group(modules[0]) && (k <= group(m) || under(k, m))
			}},
			{"module", base.Where(mod(m)), func(k string) bool { return under(k, m) }},
			{"begins with", base.BeginsWith(group(m) + top), func(k string) bool { return strings.HasPrefix(k, group(m)+top) }},
			{"le a lesson", base.Where(mod(m)).Le(entity.Values{"lessonId": top}), func(k string) bool { return k <= group(m)+top }},
		} {
			got, err := tc.q.Collect(ctx, db)
			if err != nil {
				t.Errorf("%s %q: %v", tc.op, m, err)
				continue
			}
			var names []string
			for _, l := range got {
				names = append(names, l.ModuleID+"/"+l.LessonID)
			}
			if diff := cmp.Diff(want(tc.in), names); diff != "" {
				t.Errorf("%s %q (-want +got):\n%s", tc.op, m, diff)
			}
		}
	}
}
