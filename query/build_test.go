package query_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/golden"
	"github.com/ddbmodel/ddbmodel/query"
)

func TestBuildKeyConditions(t *testing.T) {
	t.Parallel()
	_, courses, lessons, students, scores := newSchool()
	cases := []struct {
		name string
		q    interface {
			Build() (*dynamodb.QueryInput, error)
		}
	}{
		{
			"partition only narrows to the entity's sort prefix",
			query.New(lessons).Where(entity.Values{"courseId": "c1"}),
		},
		{
			"a leading composite ends on a boundary",
			query.New(lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1"}),
		},
		{
			"every composite selects one key",
			query.New(lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1", "lessonId": "l2"}),
		},
		{
			"a literal sort key",
			query.New(courses).Where(entity.Values{"courseId": "c1"}),
		},
		{
			"number sort key, descending, limited, filtered, projected",
			query.New(scores).Index("ByPoints").Where(entity.Values{"game": "chess"}).Gt(entity.Values{"points": 100}).
				Desc().Limit(5).Filter(entity.Attr("player").BeginsWith("a")).Project("player"),
		},
		{
			"between composites",
			query.New(lessons).Where(entity.Values{"courseId": "c1"}).Between(entity.Values{"moduleId": "m1"}, entity.Values{"moduleId": "m3"}),
		},
		{
			"a collection narrows to the members' common literal prefix",
			query.Of(courses, lessons).Where(entity.Values{"courseId": "c1"}),
		},
		{
			"explicit prefix on a student's shard",
			query.New(students).Index("GSI1").Where(entity.Values{"studentId": "s1"}).BeginsWith("2026-"),
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.q.Build()
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, c.name, got)
		})
	}
	// The shard in the last golden file is the one keys.ShardOf picks for s1.
	in, err := cases[len(cases)-1].q.Build()
	if err != nil || cmp.Diff(s("STUDENT#"+shardOf("s1")), in.ExpressionAttributeValues[":v0"], entitytest.CmpOptions) != "" {
		t.Errorf("the student's shard partition is not keys.ShardOf's: %v, %v", in, err)
	}
}

func TestBuildErrors(t *testing.T) {
	t.Parallel()
	_, courses, lessons, students, _ := newSchool()
	_, err := query.New(lessons).Where(entity.Values{"moduleId": "m1"}).Build()
	var mc *ddbmodel.MissingCompositesError
	if !errors.As(err, &mc) || cmp.Diff([]string{"courseId"}, mc.Missing) != "" {
		t.Errorf("missing partition composite: err = %v", err)
	}
	_, err = query.New(lessons).Where(entity.Values{"courseId": "c1", "lessonId": "l1"}).Build()
	if !errors.Is(err, ddbmodel.ErrInvalid) || errors.Is(err, ddbmodel.ErrMissingComposites) {
		t.Errorf("a sort composite after a missing one: err = %v, want ErrInvalid (give moduleId first)", err)
	}
	_, err = query.New(students).Index("GSI1").Where(entity.Values{"studentId": "s1"}).Consistent().Build()
	if !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("consistent read on a GSI: err = %v", err)
	}
	if _, err := query.New(courses).Index("GSI1").Where(entity.Values{"courseId": "c"}).Build(); err == nil {
		t.Error("querying an index the entity is not in was accepted")
	}
	if _, err := query.New(lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m#1"}).Build(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("a delimiter inside a composite: err = %v", err)
	}
}

func TestBuildersAreImmutable(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	base := query.New(lessons).Where(entity.Values{"courseId": "c1"}).Filter(entity.Attr("minutes").Gt(5))
	a := base.Where(entity.Values{"moduleId": "m1"}).Filter(entity.Attr("title").Exists())
	b := base.Where(entity.Values{"moduleId": "m2"}).Desc()
	ina, _ := a.Build()
	inb, _ := b.Build()
	inbase, _ := base.Build()
	if got := ina.ExpressionAttributeValues[":v1"].(*types.AttributeValueMemberS).Value; got != "MODULE#m1#LESSON#" {
		t.Errorf("a: %s", got)
	}
	if got := inb.ExpressionAttributeValues[":v1"].(*types.AttributeValueMemberS).Value; got != "MODULE#m2#LESSON#" {
		t.Errorf("b: %s", got)
	}
	if aws.ToString(inb.FilterExpression) != "#minutes > :v2" || aws.ToString(ina.FilterExpression) != "(#minutes > :v2) AND (attribute_exists(#title))" {
		t.Errorf("filters leaked between copies: a=%q b=%q", aws.ToString(ina.FilterExpression), aws.ToString(inb.FilterExpression))
	}
	if inbase.ScanIndexForward != nil || aws.ToString(inbase.KeyConditionExpression) != "#PK = :v0 AND begins_with(#SK, :v1)" {
		t.Errorf("base changed: %+v", inbase)
	}
}

func TestBuildShards(t *testing.T) {
	t.Parallel()
	_, _, _, students, _ := newSchool()
	q := query.New(students).Index("GSI1").AllShards()
	if _, err := q.Build(); err == nil {
		t.Error("Build of a sharded query returned one input")
	}
	ins, err := q.BuildShards()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range ins {
		got = append(got, in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberS).Value)
	}
	want := []string{"STUDENT#0", "STUDENT#1", "STUDENT#2", "STUDENT#3", "STUDENT#4", "STUDENT#5", "STUDENT#6", "STUDENT#7", "STUDENT#8", "STUDENT#9"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("shard partitions (-want +got):\n%s", diff)
	}
}
