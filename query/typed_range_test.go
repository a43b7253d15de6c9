package query_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

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
	wantSameRequests(t, []twins{
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
	})
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
	wantBuildRefused(t, []buildRefusal{
		{"two partitions", query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: ptr("m1")}, LessonKey{CourseID: "c2", ModuleID: ptr("m2")}),
			"Lesson", "PK", `the low bound's partition is "COURSE#c1" and the high bound's "COURSE#c2"; a query reads one partition`},
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
	})
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

// Event's day partition and its sort key share the composite at.
type Event struct {
	At   time.Time `dynamo:"at"`
	ID   string    `dynamo:"id"`
	Room string    `dynamo:"room"`
}

type EventKey struct {
	At time.Time `dynamo:"at"`
	ID *string   `dynamo:"id"`
}

// Meter is on a multi-attribute index: sensor / (day, value).
type Meter struct {
	Sensor string  `dynamo:"sensor"`
	Day    string  `dynamo:"day"`
	Value  int     `dynamo:"value"`
	Raw    float64 `dynamo:"raw"`
}

type MeterKey struct {
	Sensor string  `dynamo:"sensor"`
	Day    *string `dynamo:"day"`
	Value  *int    `dynamo:"value"`
}

// Gauge has a computed sort key on GSI1.
type Gauge struct {
	Probe string  `dynamo:"probe"`
	Hour  string  `dynamo:"hour"`
	Raw   float64 `dynamo:"raw"`
}

type ProbeKey struct {
	Probe string `dynamo:"probe"`
}

// Setting has a constant sort key.
type Setting struct {
	Name  string `dynamo:"name"`
	Value string `dynamo:"value"`
}

type SettingKey struct {
	Name string `dynamo:"name"`
}

func newEvents() (*entity.Entity[Event], *entity.Entity[Meter], *entity.Entity[Setting], *entity.Entity[Gauge]) {
	table := &entity.Table{Name: "events", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "BySensor", PartitionKeys: []entity.KeyAttribute{entity.S("sensor")}, SortKeys: []entity.KeyAttribute{entity.S("day"), entity.N("value")}},
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		}}
	events := entity.MustDefine(table, entity.Config[Event]{Name: "Event",
		Key: entity.Key{Partition: "DAY#${at:date}", Sort: "AT#${at:time}#${id}"}})
	readings := entity.MustDefine(table, entity.Config[Meter]{Name: "Meter",
		Key:     entity.Key{Partition: "SENSOR#${sensor}", Sort: "READING#${day}#${value:pad(6)}"},
		Indexes: []entity.IndexKey[Meter]{{Index: "BySensor"}}})
	settings := entity.MustDefine(table, entity.Config[Setting]{Name: "Setting",
		Key: entity.Key{Partition: "SETTING#${name}", Sort: "#SETTING"}})
	gauges := entity.MustDefine(table, entity.Config[Gauge]{Name: "Gauge",
		Key: entity.Key{Partition: "GAUGE#${probe}", Sort: "GAUGE#${hour}"},
		Indexes: []entity.IndexKey[Gauge]{{Index: "GSI1", Partition: "GAUGE#${probe}",
			SortFunc: func(g Gauge) (string, error) { return fmt.Sprintf("%.2f", g.Raw), nil }, SortUses: []string{"raw"}}}})
	return events, readings, settings, gauges
}

// TestTypedRangesAcrossKeyShapes: a composite of both keys bounds the sort
// key; partitions compare as rendered; a multi-attribute sort key takes
// equality before its last attribute; computed and constant sort keys are
// refused saying so; the index of a typed key stays fixed.
func TestTypedRangesAcrossKeyShapes(t *testing.T) {
	t.Parallel()
	events, readings, settings, gauges := newEvents()
	byDay := entity.QueryKeyOf[EventKey](events, "")
	bySensor := entity.QueryKeyOf[MeterKey](readings, "BySensor")
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	ten, twelve := day.Add(10*time.Hour), day.Add(12*time.Hour)
	paris := time.FixedZone("CEST", 2*3600)
	wantSameRequests(t, []twins{
		{"composite of both keys", query.Between(byDay, EventKey{At: ten}, EventKey{At: twelve}),
			query.New(events).Where(entity.Values{"at": ten}).Between(entity.Values{"at": ten}, entity.Values{"at": twelve})},
		{"same partition in another zone", query.Between(byDay, EventKey{At: ten, ID: new("a")}, EventKey{At: twelve.In(paris), ID: new("z")}),
			query.New(events).Where(entity.Values{"at": ten}).Between(entity.Values{"at": ten, "id": "a"}, entity.Values{"at": twelve.In(paris), "id": "z"})},
		{"multi-attribute ge", query.Ge(bySensor, MeterKey{Sensor: "s1", Day: new("2026-05-01"), Value: new(100)}),
			query.New(readings).Index("BySensor").Where(entity.Values{"sensor": "s1", "day": "2026-05-01"}).Ge(entity.Values{"value": 100})},
		{"multi-attribute between", query.Between(bySensor, MeterKey{Sensor: "s1", Day: new("2026-05-01"), Value: new(100)}, MeterKey{Sensor: "s1", Day: new("2026-05-01"), Value: new(200)}),
			query.New(readings).Index("BySensor").Where(entity.Values{"sensor": "s1", "day": "2026-05-01"}).Between(entity.Values{"value": 100}, entity.Values{"value": 200})},
		{"multi-attribute first", query.Lt(bySensor, MeterKey{Sensor: "s1", Day: new("2026-05-01")}),
			query.New(readings).Index("BySensor").Where(entity.Values{"sensor": "s1"}).Lt(entity.Values{"day": "2026-05-01"})},
	})
	wantBuildRefused(t, []buildRefusal{
		{"two days", query.Between(byDay, EventKey{At: ten}, EventKey{At: twelve.AddDate(0, 0, 1)}),
			"Event", "PK", `the low bound's partition is "DAY#2026-05-01" and the high bound's "DAY#2026-05-02"`},
		{"multi-attribute bounds differing before the last", query.Between(bySensor, MeterKey{Sensor: "s1", Day: new("2026-05-01"), Value: new(1)}, MeterKey{Sensor: "s1", Day: new("2026-05-02"), Value: new(2)}),
			"Meter", "day", "the low bound gives day 2026-05-01 and the high bound 2026-05-02"},
		{"multi-attribute bounds of other depths", query.Between(bySensor, MeterKey{Sensor: "s1", Day: new("2026-05-01"), Value: new(1)}, MeterKey{Sensor: "s1", Day: new("2026-05-02")}),
			"Meter", "day", "the low bound gives the sort attributes day, value and the high bound day"},
		{"constant sort key", query.Gt(entity.QueryKeyOf[SettingKey](settings, ""), SettingKey{"x"}),
			"Setting", "SK", `the sort key SK is the constant "#SETTING"`},
		{"computed sort key", query.Gt(entity.QueryKeyOf[ProbeKey](gauges, "GSI1"), ProbeKey{"p1"}),
			"Gauge", "GSI1SK", "the sort key GSI1SK is computed"},
		{"typed key moved to an index", query.Gt(byDay, EventKey{At: ten}).Index("GSI1"),
			"Event", "", `Index: the query already reads the table, and then index "GSI1"`},
		{"By moved to an index", query.By(byDay, EventKey{At: ten}).Index("GSI1"),
			"Event", "", `Index: the query already reads the table, and then index "GSI1"`},
		{"partition composite in a string-form bound", query.New(events).Between(entity.Values{"at": ten}, entity.Values{"at": twelve}),
			"Event", "at", "a composite of the partition key PK, given only in the sort condition; give it in Where"},
	})
}

// TestRangePatternsReadWell: an access pattern whose range ends at the
// last key under a prefix spells that end as the prefix and an ellipsis,
// not a kilobyte of U+10FFFF.
func TestRangePatternsReadWell(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	byCourse := entity.QueryKeyOf[LessonKey](lessons, "")
	c, err := entity.QueryPattern("modules", "lessons of modules m1 to m10",
		query.Between(byCourse, LessonKey{CourseID: "c1", ModuleID: new("m1")}, LessonKey{CourseID: "c1", ModuleID: new("m10")})).Compile()
	if err != nil {
		t.Fatal(err)
	}
	want := `PK = "COURSE#c1" AND SK BETWEEN "MODULE#m1#LESSON#" AND "MODULE#m10#LESSON#\U0010ffff"…`
	if c.KeyCondition != want {
		t.Errorf("KeyCondition (%d bytes) = %.200s, want %s", len(c.KeyCondition), c.KeyCondition, want)
	}
}

// TestQueryKeyOfAnIndexMisspelt: QueryKeyOf of an index the entity is not
// in panics (at init, as MustDefine does) with the name of the index
// closest to the one given.
func TestQueryKeyOfAnIndexMisspelt(t *testing.T) {
	t.Parallel()
	_, _, _, _, scores := newSchool()
	defer func() {
		if x := recover(); x == nil || !strings.Contains(fmt.Sprint(x), `no index "byPoints" (did you mean "ByPoints"?)`) {
			t.Errorf("panic %v, want one naming ByPoints", x)
		}
	}()
	entity.QueryKeyOf[PointsRangeKey](scores, "byPoints")
}

// queryBuilder is a query or collection, built without I/O.
type queryBuilder interface {
	Build() (*dynamodb.QueryInput, error)
}

// twins is a typed query and the string-form query it stands for.
type twins struct {
	name       string
	typed, str queryBuilder
}

// wantSameRequests checks that each typed query builds the request its
// string-form twin builds.
func wantSameRequests(t *testing.T, cases []twins) {
	t.Helper()
	for _, c := range cases {
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

// buildRefusal is a query Build refuses with a *ddbmodel.ValidationError
// naming entity and attr, whose reason holds reason.
type buildRefusal struct {
	name         string
	q            queryBuilder
	entity, attr string
	reason       string
}

func wantBuildRefused(t *testing.T, cases []buildRefusal) {
	t.Helper()
	for _, c := range cases {
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
}
