package query_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// PointsRangeKey is a ByPoints key with the optional sort composite.
type PointsRangeKey struct {
	Game   string `dynamo:"game"`
	Points *int   `dynamo:"points"`
}

// ModuleKey gives the lessons' sort composites without pointers.
type ModuleKey struct {
	CourseID string `dynamo:"courseId"`
	ModuleID string `dynamo:"moduleId"`
}

func ptr[V any](v V) *V { return &v }

// TestTypedRangesAreTheStringForm: each typed sort-key range builds the
// request its string-form twin builds, whole and partial bounds, string
// and number sort keys, table and index.
func TestTypedRangesAreTheStringForm(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, scores := newSchool()
	byCourse := entity.QueryKeyOf[LessonKey](lessons, "")
	byModule := entity.QueryKeyOf[ModuleKey](lessons, "")
	byPoints := entity.QueryKeyOf[PointsRangeKey](scores, "ByPoints")
	c1 := entity.Values{"courseId": "c1"}
	chess := entity.Values{"game": "chess"}
	type builder interface {
		Build() (*dynamodb.QueryInput, error)
	}
	for _, c := range []struct {
		name       string
		typed, str builder
	}{
		{"between partial", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1")}, LessonKey{CourseID: "c1", ModuleID: ptr("m2")}),
			query.New(lessons).Where(c1).Between(entity.Values{"moduleId": "m1"}, entity.Values{"moduleId": "m2"})},
		{"between whole", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1"), LessonID: ptr("l02")}, LessonKey{CourseID: "c1", ModuleID: ptr("m2"), LessonID: ptr("l01")}),
			query.New(lessons).Where(c1).Between(entity.Values{"moduleId": "m1", "lessonId": "l02"}, entity.Values{"moduleId": "m2", "lessonId": "l01"})},
		{"between mixed", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1"), LessonID: ptr("l03")}, LessonKey{CourseID: "c1", ModuleID: ptr("m10")}),
			query.New(lessons).Where(c1).Between(entity.Values{"moduleId": "m1", "lessonId": "l03"}, entity.Values{"moduleId": "m10"})},
		{"gt", query.Gt(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1")}), query.New(lessons).Where(c1).Gt(entity.Values{"moduleId": "m1"})},
		{"ge", query.Ge(byModule, ModuleKey{CourseID: "c1", ModuleID: "m10"}), query.New(lessons).Where(c1).Ge(entity.Values{"moduleId": "m10"})},
		{"lt", query.Lt(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m2"), LessonID: ptr("l01")}).Desc(),
			query.New(lessons).Where(c1).Lt(entity.Values{"moduleId": "m2", "lessonId": "l01"}).Desc()},
		{"le", query.Le(byModule, ModuleKey{CourseID: "c1", ModuleID: "m1"}).Limit(3), query.New(lessons).Where(c1).Le(entity.Values{"moduleId": "m1"}).Limit(3)},
		{"number between", query.Between(byPoints, PointsRangeKey{"chess", ptr(10)}, PointsRangeKey{"chess", ptr(50)}),
			query.New(scores).Index("ByPoints").Where(chess).Between(entity.Values{"points": 10}, entity.Values{"points": 50})},
		{"number gt", query.Gt(byPoints, PointsRangeKey{"chess", ptr(0)}), query.New(scores).Index("ByPoints").Where(chess).Gt(entity.Values{"points": 0})},
	} {
		got, errT := c.typed.Build()
		want, errS := c.str.Build()
		if errT != nil || errS != nil {
			t.Fatalf("%s: typed %v, string %v", c.name, errT, errS)
		}
		if diff := cmp.Diff(want, got, entitytest.CmpOptions); diff != "" {
			t.Errorf("%s (-string +typed):\n%s", c.name, diff)
		}
	}
}

// TestTypedRangeRefusals: bounds in two partitions, bounds without a sort
// composite, a nil key, and a range that the string form refuses are
// *ddbmodel.ValidationErrors at Build naming the entity and the attribute;
// nothing is sent (Build sends nothing; Collect is checked on a client
// that fails every call).
func TestTypedRangeRefusals(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, scores := newSchool()
	byCourse := entity.QueryKeyOf[LessonKey](lessons, "")
	byPoints := entity.QueryKeyOf[PointsRangeKey](scores, "ByPoints")
	partitionOnly := entity.QueryKeyOf[PointsKey](scores, "ByPoints")
	var nilKey *entity.QueryKey[Lesson, LessonKey]
	type runner interface {
		Build() (*dynamodb.QueryInput, error)
	}
	for _, c := range []struct {
		name         string
		q            runner
		entity, attr string
		reason       string
	}{
		{"two partitions", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1")}, LessonKey{CourseID: "c2", ModuleID: ptr("m2")}),
			"Lesson", "courseId", "the low bound gives courseId c1 and the high bound c2; a query reads one partition"},
		{"no sort composite", query.Gt(byCourse, LessonKey{CourseID: "c1"}),
			"Lesson", "SK", "query.Gt(QueryKeyOf[query_test.LessonKey]): the bound gives no composite of the sort key; a range bounds the sort key by at least its first composite, moduleId"},
		{"high bound without sort composite", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1")}, LessonKey{CourseID: "c1"}),
			"Lesson", "SK", "the high bound gives no composite of the sort key"},
		{"key struct without sort fields", query.Le(partitionOnly, PointsKey{"chess"}),
			"Score", "points", "the bound gives no composite of the sort key; a range bounds the sort key by at least its first composite, points"},
		{"low above high", query.Between(byPoints, PointsRangeKey{"chess", ptr(50)}, PointsRangeKey{"chess", ptr(10)}),
			"Score", "points", "above"},
		{"nil key range", query.Between(nilKey, LessonKey{}, LessonKey{}), "", "", "query.Between needs a QueryKey (entity.QueryKeyOf), got nil"},
		{"nil key by", query.By(nilKey, LessonKey{}), "", "", "query.By needs a QueryKey (entity.QueryKeyOf), got nil"},
		{"second sort condition", query.Gt(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1")}).Lt(entity.Values{"moduleId": "m2"}),
			"Lesson", "moduleId", "use Between for two bounds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.q.Build()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Build: %v, want a *ddbmodel.ValidationError", err)
			}
			if ve.Entity != c.entity || ve.Attribute != c.attr || !strings.Contains(ve.Reason, c.reason) {
				t.Errorf("Build: entity %q attribute %q reason %q; want %q, %q, reason containing %q", ve.Entity, ve.Attribute, ve.Reason, c.entity, c.attr, c.reason)
			}
		})
	}
	// Run methods refuse before sending: the NoRequests client fails the
	// test on any request.
	db := entity.NewDB(entitytest.NoRequests(t), "school")
	if _, err := query.Gt(byCourse, LessonKey{CourseID: "c1"}).Collect(context.Background(), db); err == nil {
		t.Error("Collect of a bound without sort composite: no error")
	}
}

// TestTypedRangesOnDynamoDBLocal: the typed ranges read what their bounds
// say, whole groups for partial bounds, against DynamoDB Local.
func TestTypedRangesOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	byCourse := entity.QueryKeyOf[LessonKey](s.lessons, "")
	byPoints := entity.QueryKeyOf[PointsRangeKey](s.scores, "ByPoints")
	ids := func(ls []Lesson) []string {
		var out []string
		for _, l := range ls {
			out = append(out, l.ModuleID+"/"+l.LessonID)
		}
		return out
	}
	for _, c := range []struct {
		name string
		q    query.Query[Lesson]
		want []string
	}{
		// Keys sort m1, m10, m2: a partial bound takes the whole group.
		{"between modules", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m10")}, LessonKey{CourseID: "c1", ModuleID: ptr("m2")}),
			[]string{"m10/l01", "m10/l02", "m10/l03", "m10/l04", "m2/l01", "m2/l02", "m2/l03", "m2/l04"}},
		{"between lessons", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1"), LessonID: ptr("l03")}, LessonKey{CourseID: "c1", ModuleID: ptr("m10"), LessonID: ptr("l01")}),
			[]string{"m1/l03", "m1/l04", "m10/l01"}},
		{"gt group", query.Gt(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m10")}), []string{"m2/l01", "m2/l02", "m2/l03", "m2/l04"}},
		{"ge lesson", query.Ge(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m2"), LessonID: ptr("l04")}), []string{"m2/l04"}},
		{"lt group", query.Lt(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m10")}), []string{"m1/l01", "m1/l02", "m1/l03", "m1/l04"}},
		{"le lesson desc", query.Le(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1"), LessonID: ptr("l02")}).Desc(), []string{"m1/l02", "m1/l01"}},
	} {
		got, err := c.q.Collect(ctx, s.db)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if diff := cmp.Diff(c.want, ids(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
	// Points are 0, 37, 74, 11, 48 for ann..eve.
	got, err := query.Between(byPoints, PointsRangeKey{"chess", ptr(11)}, PointsRangeKey{"chess", ptr(48)}).Collect(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	var players []string
	for _, sc := range got {
		players = append(players, sc.Player)
	}
	if diff := cmp.Diff([]string{"dee", "bob", "eve"}, players); diff != "" {
		t.Errorf("points 11..48 (-want +got):\n%s", diff)
	}
}
