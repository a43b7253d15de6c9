package query_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// built returns the index and key condition a query builds.
func built[T any](q query.Query[T]) (index, cond string, err error) {
	in, err := q.Build()
	if err != nil {
		return "", "", err
	}
	return aws.ToString(in.IndexName), aws.ToString(in.KeyConditionExpression), nil
}

func TestFindPicksTheKeyTheValuesFill(t *testing.T) {
	t.Parallel()
	_, _, lessons, students, scores := newSchool()
	type result struct{ Index, Cond string }
	cases := []struct {
		name string
		got  func() (string, string, error)
		want result
	}{
		{"table partition", func() (string, string, error) {
			return built(query.Find(lessons, entity.Values{"courseId": "c1"}))
		}, result{"", "#PK = :v0 AND begins_with(#SK, :v1)"}},
		{"table sort prefix", func() (string, string, error) {
			return built(query.Find(lessons, entity.Values{"courseId": "c1", "moduleId": "m1"}))
		}, result{"", "#PK = :v0 AND begins_with(#SK, :v1)"}},
		{"table whole key", func() (string, string, error) {
			return built(query.Find(scores, entity.Values{"game": "chess", "player": "ann"}))
		}, result{"", "#PK = :v0 AND #SK = :v1"}},
		{"index by its sort composite", func() (string, string, error) {
			return built(query.Find(scores, entity.Values{"game": "chess", "points": 10}))
		}, result{"ByPoints", "#game = :v0 AND #points = :v1"}},
		{"index only its sort composite fits", func() (string, string, error) {
			return built(query.Find(students, entity.Values{"studentId": "s1", "registeredAt": "2026-03-01T09:00:00Z"}))
		}, result{"GSI1", "#GSI1PK = :v0 AND #GSI1SK = :v1"}},
	}
	for _, c := range cases {
		index, cond, err := c.got()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if diff := cmp.Diff(c.want, result{index, cond}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
	// The same query as naming the index.
	a, _ := query.Find(scores, entity.Values{"game": "chess", "points": 10}).Build()
	b, _ := query.New(scores).Index("ByPoints").Where(entity.Values{"game": "chess", "points": 10}).Build()
	if diff := cmp.Diff(b, a, entitytest.CmpOptions); diff != "" {
		t.Errorf("Find and Index+Where differ (-index +find):\n%s", diff)
	}
}

func TestFindRefusesAmbiguousOrUnfitValues(t *testing.T) {
	t.Parallel()
	_, _, lessons, students, scores := newSchool()
	none := entity.NewDB(entitytest.NoRequests(t), "school")
	ctx := context.Background()
	cases := []struct {
		name string
		run  func() error
		want []string // each appears in the error
	}{
		{"two keys fit", func() error {
			_, err := query.Find(scores, entity.Values{"game": "chess"}).Collect(ctx, none)
			return err
		}, []string{"several keys", "the table", "ByPoints"}},
		{"sharded index and table", func() error {
			_, err := query.Find(students, entity.Values{"studentId": "s1"}).Page(ctx, none, "")
			return err
		}, []string{"several keys", "the table", "GSI1"}},
		{"no partition", func() error {
			_, err := query.Find(scores, entity.Values{"player": "ann"}).Collect(ctx, none)
			return err
		}, []string{"no key", "the table (needs game)", "ByPoints (needs game)"}},
		{"a misspelt value", func() error {
			_, err := query.Find(lessons, entity.Values{"courseId": "c1", "modul": "m1"}).Collect(ctx, none)
			return err
		}, []string{"no key", "modul not leading sort composites of SK"}},
		{"a sort composite out of order", func() error {
			_, err := query.Find(lessons, entity.Values{"courseId": "c1", "lessonId": "l1"}).Collect(ctx, none)
			return err
		}, []string{"no key", "lessonId"}},
	}
	for _, c := range cases {
		err := c.run()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity == "" {
			t.Errorf("%s: err = %v, want a ValidationError naming the entity", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.name, err, w)
			}
		}
	}
}

func TestFindQueriesTheIndexItPicks(t *testing.T) {
	t.Parallel()
	s := seed(t)
	got, err := query.Find(s.scores, entity.Values{"game": "chess", "points": 74}).Collect(context.Background(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Score{{Game: "chess", Player: "cid", Points: 74}}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
