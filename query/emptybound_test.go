package query_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// An empty range bound (no composites, or empty raw key text) is refused
// with a *ddbmodel.ValidationError naming the entity and the sort key
// before any request is sent: DynamoDB refuses an empty key string, and a
// bare prefix would match nothing (Gt) or everything (Le).
func TestEmptyRangeBoundsRefused(t *testing.T) {
	t.Parallel()
	_, _, lessons, students, _ := newSchool()
	l := query.New(lessons).Where(entity.Values{"courseId": "c1"})
	mod := entity.Values{"moduleId": "m1"}
	for name, bad := range map[string]query.Query[Lesson]{
		"Lt":           l.Lt(entity.Values{}),
		"Le":           l.Le(entity.Values{}),
		"Gt":           l.Gt(entity.Values{}),
		"Ge":           l.Ge(nil),
		"Between both": l.Between(entity.Values{}, entity.Values{}),
		"Between low":  l.Between(entity.Values{}, mod),
		"Between high": l.Between(mod, entity.Values{}),
	} {
		rec := entitytest.NewRecorder(nil)
		db := entity.NewDB(rec, "school")
		_, err := bad.Collect(t.Context(), db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrInvalid) || ve.Entity != "Lesson" || ve.Attribute != "SK" {
			t.Errorf("%s: err = %v (%T), want a *ddbmodel.ValidationError on Lesson SK", name, err, err)
		}
		if n := rec.Count(); n != 0 {
			t.Errorf("%s: %d requests sent", name, n)
		}
	}
	for name, good := range map[string]query.Query[Lesson]{
		"Lt": l.Lt(mod), "Gt": l.Gt(mod), "Between": l.Between(mod, mod),
	} {
		if _, err := good.Build(); err != nil {
			t.Errorf("%s with a bound: %v", name, err)
		}
	}
	q := query.New(students).Index("GSI1").Where(entity.Values{"studentId": "s1"})
	for name, bad := range map[string]query.Query[Student]{
		"BetweenKeys low":  q.BetweenKeys("", "z"),
		"BetweenKeys high": q.BetweenKeys("a", ""),
		"SortKey Eq":       q.SortKey(query.SortEq, ""),
		"SortKey Gt":       q.SortKey(query.SortGt, ""),
	} {
		rec := entitytest.NewRecorder(nil)
		db := entity.NewDB(rec, "school")
		_, err := bad.Collect(t.Context(), db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrInvalid) || ve.Entity != "Student" || ve.Attribute != "GSI1SK" {
			t.Errorf("%s: err = %v (%T), want a *ddbmodel.ValidationError on Student GSI1SK", name, err, err)
		}
		if n := rec.Count(); n != 0 {
			t.Errorf("%s: %d requests sent", name, n)
		}
	}
	for name, good := range map[string]query.Query[Student]{
		"BetweenKeys": q.BetweenKeys("a", "z"),
		"SortKey":     q.SortKey(query.SortEq, "a"),
	} {
		if _, err := good.Build(); err != nil {
			t.Errorf("%s with a bound: %v", name, err)
		}
	}
}

// An index the table does not declare is refused with one prefix, the
// entity, and the declared name it most likely meant.
func TestUnknownIndexNamesEntityAndHint(t *testing.T) {
	t.Parallel()
	_, _, _, students, _ := newSchool()
	for name, build := range map[string]func() error{
		"query": func() error {
			_, err := query.New(students).Index("gsi1").Where(entity.Values{"studentId": "s1"}).Build()
			return err
		},
		"scan": func() error { _, err := query.Scan(students).Index("gsi1").Build(); return err },
	} {
		err := build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Student" || !strings.Contains(err.Error(), `did you mean "GSI1"?`) ||
			strings.Contains(err.Error(), "query:") || strings.Count(err.Error(), "ddbmodel:") != 1 {
			t.Errorf("%s: err = %v, want one prefix, the entity Student and a hint", name, err)
		}
	}
}

// A key value or range bound naming no composite is refused with the key's
// composites and the one most likely meant; a reversed range's message
// shows the keys as the caller would write them.
func TestKeyConditionMessagesHint(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	for name, q := range map[string]query.Query[Lesson]{
		"Where": query.New(lessons).Where(entity.Values{"courseID": "c1"}),
		"Gt":    query.New(lessons).Where(entity.Values{"courseId": "c1"}).Gt(entity.Values{"moduleID": "m1"}),
	} {
		_, err := q.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !strings.Contains(err.Error(), "its composites: ") || !strings.Contains(err.Error(), "did you mean") {
			t.Errorf("%s: err = %v, want the composites and a hint", name, err)
		}
	}
	_, err := query.New(lessons).Where(entity.Values{"courseId": "c1"}).Between(entity.Values{"moduleId": "m9"}, entity.Values{"moduleId": "m1"}).Build()
	if err == nil || strings.ContainsRune(err.Error(), utf8.MaxRune) || strings.Contains(err.Error(), `\U0010ffff`) {
		t.Errorf("reversed range: err = %v, want it refused without the high key's padding", err)
	}
}

type prjHome struct {
	City    string `dynamo:"city"`
	Country string `dynamo:"country"`
}

type prjDoc struct {
	ID   string   `dynamo:"id"`
	Home prjHome  `dynamo:"home"`
	Tags []string `dynamo:"tags"`
}

// Projection paths of which one holds another are refused before sending
// (DynamoDB refuses them); the same path twice is projected once.
func TestOverlappingProjectionsRefused(t *testing.T) {
	t.Parallel()
	docs := entity.MustDefine(&entity.Table{Name: "docs", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[prjDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "DOC"}})
	q := query.New(docs).Where(entity.Values{"id": "d1"})
	for name, c := range map[string]struct {
		q    query.Query[prjDoc]
		attr string
	}{
		"map and its field":   {q.Project("home", "home.country"), "home.country"},
		"field and its map":   {q.Project("home.country", "home"), "home.country"},
		"list and an element": {q.Project("tags[0]", "tags"), "tags[0]"},
	} {
		rec := entitytest.NewRecorder(nil)
		_, err := c.q.Collect(t.Context(), entity.NewDB(rec, "docs"))
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Doc" || ve.Attribute != c.attr || !strings.Contains(err.Error(), "overlapping") {
			t.Errorf("%s: err = %v, want a ValidationError naming %s", name, err, c.attr)
		}
		if rec.Count() != 0 {
			t.Errorf("%s: %d requests sent", name, rec.Count())
		}
	}
	in, err := q.Project("home.city", "home.country", "home.city").Build()
	if err != nil || strings.Count(aws.ToString(in.ProjectionExpression), ",") != 5 {
		t.Errorf("siblings and a repeat: %v, %v; want the two paths once each beside the keys and markers (6 paths)", in, err)
	}
}
