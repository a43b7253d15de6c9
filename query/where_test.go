package query_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// A Where value that feeds no key composite (a misspelt moduleId) is an
// error, not a silently wider query over the whole partition.
func TestWhereRefusesAttributesOfNoKey(t *testing.T) {
	t.Parallel()
	_, courses, lessons, students, _ := newSchool()
	for name, build := range map[string]func() error{
		"misspelt sort composite": func() error {
			_, err := query.New(lessons).Where(entity.Values{"courseId": "c1", "moduleID": "m1"}).Build()
			return err
		},
		"non-key attribute": func() error {
			_, err := query.New(lessons).Where(entity.Values{"courseId": "c1", "title": "Go"}).Build()
			return err
		},
		"attribute of another index": func() error {
			_, err := query.New(students).Index("GSI1").AllShards().Where(entity.Values{"name": "x"}).BuildShards()
			return err
		},
		"collection": func() error {
			_, err := query.Of(courses, lessons).Where(entity.Values{"courseId": "c1", "lesson": "l1"}).Build()
			return err
		},
		"sort composite of a collection, which it would not apply": func() error {
			_, err := query.Of(courses, lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1"}).Build()
			return err
		},
	} {
		err := build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s: err = %v, want *ValidationError", name, err)
		}
	}
	// Partition composites of a collection are fine.
	if _, err := query.Of(courses, lessons).Where(entity.Values{"courseId": "c1"}).Build(); err != nil {
		t.Errorf("collection: %v", err)
	}
	if _, err := query.New(lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1", "lessonId": "l01"}).Build(); err != nil {
		t.Errorf("every composite: %v", err)
	}
}

// A query keeps its own copy of the values it was given: changing the
// caller's map afterwards does not change the query.
func TestQueryKeepsItsOwnBounds(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	lo, hi := entity.Values{"moduleId": "m1"}, entity.Values{"moduleId": "m2"}
	base := query.New(lessons).Where(entity.Values{"courseId": "c1"})
	between, gt := base.Between(lo, hi), base.Gt(lo)
	want1, err := between.Build()
	if err != nil {
		t.Fatal(err)
	}
	want2, err := gt.Build()
	if err != nil {
		t.Fatal(err)
	}
	lo["moduleId"], hi["moduleId"] = "m9", "m9"
	got1, _ := between.Build()
	got2, _ := gt.Build()
	for name, pair := range map[string][2]*dynamodb.QueryInput{"between": {want1, got1}, "gt": {want2, got2}} {
		if diff := cmp.Diff(pair[0], pair[1], entitytest.CmpOptions); diff != "" {
			t.Errorf("%s changed with the caller's map (-before +after):\n%s", name, diff)
		}
	}
}

// A filter longer than DynamoDB's 4 KB expression limit is a *LimitError
// before sending, for queries and scans alike.
func TestLongFilterIsRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	var conds []entity.Condition
	for i := 0; i < 300; i++ {
		conds = append(conds, entity.Attr("minutes").Ne(i))
	}
	long := entity.And(conds...)
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	var le *ddbmodel.LimitError
	if _, err := query.New(lessons).Where(entity.Values{"courseId": "c1"}).Filter(long).Collect(context.Background(), db); !errors.As(err, &le) {
		t.Errorf("query: err = %v, want *LimitError", err)
	}
	if _, err := query.Scan(lessons).Filter(long).Collect(context.Background(), db); !errors.As(err, &le) {
		t.Errorf("scan: err = %v, want *LimitError", err)
	}
}

// Every query that cannot be built from what it was given is a typed
// *ValidationError (errors.Is ErrInvalid), before anything is sent.
func TestBadQueriesAreTyped(t *testing.T) {
	t.Parallel()
	_, courses, lessons, students, scores := newSchool()
	c1 := entity.Values{"courseId": "c1"}
	for name, build := range map[string]func() error{
		"unknown sort operator": func() error {
			_, err := query.New(lessons).Where(c1).SortKey("~", "x").Build()
			return err
		},
		"entity not in the index": func() error {
			_, err := query.New(courses).Index("GSI1").Where(c1).Build()
			return err
		},
		"no such index": func() error {
			_, err := query.New(courses).Index("nope").Where(c1).Build()
			return err
		},
		"begins_with on a number sort key": func() error {
			_, err := query.New(scores).Index("ByPoints").Where(entity.Values{"game": "chess"}).BeginsWith("1").Build()
			return err
		},
		"sharded query built as one": func() error {
			_, err := query.New(students).Index("GSI1").AllShards().Build()
			return err
		},
		"scan of no such index": func() error {
			_, err := query.Scan(lessons).Index("nope").Build()
			return err
		},
		"scan with no segments": func() error {
			_, err := query.Scan(lessons).Segments(0).Build()
			return err
		},
	} {
		if err := build(); !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", name, err)
		}
	}
}
