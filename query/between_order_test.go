package query_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A sort-key range whose low bound renders above its high bound, which
// DynamoDB refuses, is refused at Build with a *ddbmodel.ValidationError
// naming the entity and the sort key attribute: strings bytewise, numbers
// numerically (10 is above 2, though "10" is below "2"), times, raw keys,
// and typed query keys; bounds in order build.
func TestSortKeyBetweenRefusesReversedBounds(t *testing.T) {
	t.Parallel()
	_, _, lessons, students, scores := newSchool()
	at := func(s string) entity.Values { return entity.Values{"registeredAt": s} }
	byPoints := query.New(scores).Index("ByPoints").Where(entity.Values{"game": "g"})
	reg := query.New(students).Index("GSI1").Where(entity.Values{"studentId": "s1"})
	lesson := query.New(lessons).Where(entity.Values{"courseId": "c1"})
	mod := func(m string) entity.Values { return entity.Values{"moduleId": m} }
	type pointsKey struct {
		Game string `dynamo:"game"`
	}
	typed := entity.QueryKeyOf[pointsKey](scores, "ByPoints")
	t1 := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, entity, attr string
		bad, good          query.Query[Score]
	}{
		{"numbers", "Score", "points",
			byPoints.Between(entity.Values{"points": 10}, entity.Values{"points": 2}),
			byPoints.Between(entity.Values{"points": 2}, entity.Values{"points": 10})},
		{"negative numbers", "Score", "points",
			byPoints.Between(entity.Values{"points": -1}, entity.Values{"points": -20}),
			byPoints.Between(entity.Values{"points": -20}, entity.Values{"points": -1})},
		{"typed key, numbers", "Score", "points",
			query.By(typed, pointsKey{Game: "g"}).Between(entity.Values{"points": 10}, entity.Values{"points": 9}),
			query.By(typed, pointsKey{Game: "g"}).Between(entity.Values{"points": 9}, entity.Values{"points": 10})},
		{"raw number keys", "Score", "points",
			byPoints.BetweenKeys("10", "9"), byPoints.BetweenKeys("9", "10")},
	} {
		if _, err := tc.good.Build(); err != nil {
			t.Errorf("%s in order: %v", tc.name, err)
		}
		checkReversed(t, tc.name, tc.entity, tc.attr, func() error { _, err := tc.bad.Build(); return err })
	}
	for _, tc := range []struct {
		name      string
		bad, good query.Query[Student]
	}{
		{"times", reg.Between(at(t1.Add(time.Hour).Format(time.RFC3339)), at(t1.Format(time.RFC3339))),
			reg.Between(at(t1.Format(time.RFC3339)), at(t1.Add(time.Hour).Format(time.RFC3339)))},
	} {
		if _, err := tc.good.Build(); err != nil {
			t.Errorf("%s in order: %v", tc.name, err)
		}
		checkReversed(t, tc.name, "Student", "GSI1SK", func() error { _, err := tc.bad.Build(); return err })
	}
	for _, tc := range []struct {
		name      string
		bad, good query.Query[Lesson]
	}{
		{"strings", lesson.Between(mod("m3"), mod("m1")), lesson.Between(mod("m1"), mod("m3"))},
		{"raw string keys", lesson.BetweenKeys("MODULE#b", "MODULE#a"), lesson.BetweenKeys("MODULE#a", "MODULE#b")},
	} {
		if _, err := tc.good.Build(); err != nil {
			t.Errorf("%s in order: %v", tc.name, err)
		}
		checkReversed(t, tc.name, "Lesson", "SK", func() error { _, err := tc.bad.Build(); return err })
	}
}

func checkReversed(t *testing.T, name, ent, attr string, build func() error) {
	t.Helper()
	err := build()
	var ve *ddbmodel.ValidationError
	if !errors.Is(err, ddbmodel.ErrInvalid) || !errors.As(err, &ve) || ve.Entity != ent || ve.Attribute != attr {
		t.Errorf("%s reversed: err = %v, want a *ValidationError naming %s and %s", name, err, ent, attr)
	}
}

// A Between on a rev(W) composite takes the larger value first (the key
// renders larger values as smaller keys): the refusal of the smaller value
// first says so (helper-112).
func TestBetweenOnAReversedCompositeSaysItIsReversed(t *testing.T) {
	t.Parallel()
	type post struct {
		Board string `dynamo:"board"`
		Votes int    `dynamo:"votes"`
		ID    string `dynamo:"id"`
	}
	table := &entity.Table{Name: "rv", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	posts := entity.MustDefine(table, entity.Config[post]{
		Name: "Post", Key: entity.Key{Partition: "BOARD#${board}", Sort: "V#${votes:rev(6)}#${id}"},
	})
	q := query.New(posts).Where(entity.Values{"board": "b1"})
	if _, err := q.Between(entity.Values{"votes": 50}, entity.Values{"votes": 10}).Build(); err != nil {
		t.Errorf("larger value first: %v", err)
	}
	_, err := q.Between(entity.Values{"votes": 10}, entity.Values{"votes": 50}).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "SK" || !strings.Contains(ve.Reason, "renders votes reversed") {
		t.Errorf("smaller value first: err = %v, want a *ddbmodel.ValidationError on SK saying votes is reversed", err)
	}
}
