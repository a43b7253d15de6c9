// The fixtures shared by this package's tests: model types, their Define
// calls and helpers. A fixture used by one test file stays in that file.

package query_test

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/txn"
)

func shardOf(id string) string { return strconv.Itoa(keys.ShardOf(id, 10)) }

type school struct {
	db       *entity.DB
	courses  *entity.Entity[Course]
	lessons  *entity.Entity[Lesson]
	students *entity.Entity[Student]
	scores   *entity.Entity[Score]
	lessonsM map[string][]Lesson // by module, in key order
	all      []Student           // by registration time
}

func seed(t *testing.T) *school {
	t.Helper()
	ctx := context.Background()
	table, courses, lessons, students, scores := newSchool()
	s := &school{courses: courses, lessons: lessons, students: students, scores: scores, lessonsM: map[string][]Lesson{}}
	s.db = entitytest.NewDB(t, table)
	var ops []entity.BatchWriter
	ops = append(ops, courses.Put(Course{CourseID: "c1", Title: "Go"}), courses.Put(Course{CourseID: "c2", Title: "Rust"}))
	for _, m := range []string{"m1", "m10", "m2"} {
		for i := 1; i <= 4; i++ {
			l := Lesson{CourseID: "c1", ModuleID: m, LessonID: fmt.Sprintf("l%02d", i), Title: m + " lesson", Minutes: i * 5}
			ops = append(ops, lessons.Put(l))
			s.lessonsM[m] = append(s.lessonsM[m], l)
		}
	}
	base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := 0; i < 37; i++ {
		st := Student{StudentID: fmt.Sprintf("s%03d", i), Name: "student", RegisteredAt: base.Add(time.Duration((i*7919)%37) * time.Hour).Format(time.RFC3339)}
		ops = append(ops, students.Put(st))
		s.all = append(s.all, st)
	}
	sort.Slice(s.all, func(i, j int) bool { return s.all[i].RegisteredAt < s.all[j].RegisteredAt })
	for i, p := range []string{"ann", "bob", "cid", "dee", "eve"} {
		ops = append(ops, scores.Put(Score{Game: "chess", Player: p, Points: (i * 37) % 100}))
	}
	if err := txn.BatchWrite(ctx, s.db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	return s
}

// s is a string attribute value.
func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

type Course struct {
	CourseID string `dynamo:"courseId"`
	Title    string `dynamo:"title"`
}

type Lesson struct {
	CourseID string `dynamo:"courseId"`
	ModuleID string `dynamo:"moduleId"`
	LessonID string `dynamo:"lessonId"`
	Title    string `dynamo:"title"`
	Minutes  int    `dynamo:"minutes"`
}

type Student struct {
	StudentID    string `dynamo:"studentId"`
	Name         string `dynamo:"name"`
	RegisteredAt string `dynamo:"registeredAt"`
}

type Score struct {
	Game   string `dynamo:"game"`
	Player string `dynamo:"player"`
	Points int    `dynamo:"points"`
}

func newSchool() (*entity.Table, *entity.Entity[Course], *entity.Entity[Lesson], *entity.Entity[Student], *entity.Entity[Score]) {
	table := &entity.Table{
		Name: "school", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "ByPoints", PartitionKey: entity.S("game"), SortKey: entity.N("points")},
		},
	}
	courses := entity.MustDefine(table, entity.Config[Course]{
		Name: "Course",
		Key:  entity.Key{Partition: "COURSE#${courseId}", Sort: "#METADATA"},
	})
	lessons := entity.MustDefine(table, entity.Config[Lesson]{
		Name: "Lesson",
		Key:  entity.Key{Partition: "COURSE#${courseId}", Sort: "MODULE#${moduleId}#LESSON#${lessonId}"},
	})
	students := entity.MustDefine(table, entity.Config[Student]{
		Name: "Student",
		Key:  entity.Key{Partition: "STUDENT#${studentId}", Sort: "#PROFILE"},
		Indexes: []entity.IndexKey[Student]{
			{Index: "GSI1", Partition: "STUDENT#${studentId:shard(10)}", Sort: "${registeredAt:time}#${studentId}"},
		},
	})
	scores := entity.MustDefine(table, entity.Config[Score]{
		Name: "Score",
		Key:  entity.Key{Partition: "GAME#${game}", Sort: "PLAYER#${player}"},
		Indexes: []entity.IndexKey[Score]{
			{Index: "ByPoints", Partition: "${game}", Sort: "${points}"},
		},
	})
	return table, courses, lessons, students, scores
}

// countingClient counts the queries it passes on.
type countingClient struct {
	entity.Client
	queries int
}

func (c *countingClient) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.queries++
	return c.Client.Query(ctx, in, opts...)
}

type LessonKey struct {
	CourseID string  `dynamo:"courseId"`
	ModuleID *string `dynamo:"moduleId"`
	LessonID *string `dynamo:"lessonId"`
}

type PointsKey struct {
	Game string `dynamo:"game"`
}
