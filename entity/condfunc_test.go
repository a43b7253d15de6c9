package entity_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type Gauge struct {
	Board string         `dynamo:"board"`
	ID    string         `dynamo:"id"`
	Votes int            `dynamo:"votes"`
	Limit int            `dynamo:"limit"`
	Other int            `dynamo:"other"`
	Title string         `dynamo:"title"`
	Alias string         `dynamo:"alias"`
	Tags  []string       `dynamo:"tags,set"`
	Log   []string       `dynamo:"log"`
	Meta  map[string]int `dynamo:"meta"`
	Blob  []byte         `dynamo:"blob"`
	Any   any            `dynamo:"any"`
}

func gaugeModel() (*entity.Table, *entity.Entity[Gauge]) {
	table := &entity.Table{Name: "gauges", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	return table, entity.MustDefine(table, entity.Config[Gauge]{
		Name: "Gauge",
		Key:  entity.Key{Partition: "BOARD#${board}", Sort: "GAUGE#${id}"},
	})
}

// gaugeCases are conditions on the item sample(): each with whether it
// holds.
func gaugeCases(g *entity.Entity[Gauge]) []struct {
	name string
	cond entity.Condition
	want bool
} {
	var (
		votes = entity.NumberOf(g, func(x *Gauge) *int { return &x.Votes })
		limit = entity.NumberOf(g, func(x *Gauge) *int { return &x.Limit })
		other = entity.NumberOf(g, func(x *Gauge) *int { return &x.Other })
		title = entity.StringOf(g, func(x *Gauge) *string { return &x.Title })
		alias = entity.StringOf(g, func(x *Gauge) *string { return &x.Alias })
		tags  = entity.SetOf(g, func(x *Gauge) *[]string { return &x.Tags })
		log   = entity.ListOf(g, func(x *Gauge) *[]string { return &x.Log })
		meta  = entity.MapOf(g, func(x *Gauge) *map[string]int { return &x.Meta })
		anyF  = entity.FieldOf(g, func(x *Gauge) *any { return &x.Any })
	)
	type c = struct {
		name string
		cond entity.Condition
		want bool
	}
	return []c{
		// size with every comparison, string (bytes), set, list, map, binary.
		{"title size = 5", title.SizeEq(5).Condition(), true},
		{"title size = 4", entity.Attr("title").SizeEq(4), false},
		{"title size <> 4", title.SizeNe(4).Condition(), true},
		{"title size <> 5", title.SizeNe(5).Condition(), false},
		{"tags size < 4", tags.SizeLt(4).Condition(), true},
		{"tags size < 3", tags.SizeLt(3).Condition(), false},
		{"tags size <= 3", tags.SizeLe(3).Condition(), true},
		{"tags size <= 2", entity.Attr("tags").SizeLe(2), false},
		{"log size > 1", log.SizeGt(1).Condition(), true},
		{"log size > 2", log.SizeGt(2).Condition(), false},
		{"log size >= 2", log.SizeGe(2).Condition(), true},
		{"log size >= 3", log.SizeGe(3).Condition(), false},
		{"meta size = 1", meta.SizeEq(1).Condition(), true},
		{"meta size <> 1", meta.SizeNe(1).Condition(), false},
		{"meta size < 2", meta.SizeLt(2).Condition(), true},
		{"meta size <= 0", meta.SizeLe(0).Condition(), false},
		{"meta size >= 1", meta.SizeGe(1).Condition(), true},
		{"blob size = 3", entity.Attr("blob").SizeEq(3), true},
		{"title size <= 5 (string form)", entity.Attr("title").SizeLe(5), true},
		{"log size < 2 (string form)", entity.Attr("log").SizeLt(2), false},
		// attribute_type
		{"any is N", anyF.IsType(entity.TypeNumber).Condition(), true},
		{"any is S", anyF.IsType(entity.TypeString).Condition(), false},
		{"tags is SS", entity.Attr("tags").IsType(entity.TypeStringSet), true},
		{"log is L", entity.Attr("log").IsType(entity.TypeList), true},
		{"meta is M", entity.Attr("meta").IsType(entity.TypeMap), true},
		// attribute to attribute
		{"votes < limit", votes.LtAttr(limit).Condition(), true},
		{"votes > limit", votes.GtAttr(limit).Condition(), false},
		{"votes <= other", votes.LeAttr(other).Condition(), true},
		{"votes >= other", votes.GeAttr(other).Condition(), true},
		{"votes = other", votes.EqAttr(other).Condition(), true},
		{"votes <> other", votes.NeAttr(other).Condition(), false},
		{"votes <> limit", entity.Attr("votes").NeAttr("limit"), true},
		{"limit >= votes", entity.Attr("limit").GeAttr("votes"), true},
		{"limit <= votes", entity.Attr("limit").LeAttr("votes"), false},
		{"title = alias", title.EqAttr(alias).Condition(), false},
		{"title < alias", title.LtAttr(alias).Condition(), true},
		{"title > alias (string form)", entity.Attr("title").GtAttr("alias"), false},
		// contains on sets and lists
		{"tags contains b", tags.Contains("b").Condition(), true},
		{"tags contains z", tags.Contains("z").Condition(), false},
		{"log contains two", log.Contains("two").Condition(), true},
		{"log contains tw", entity.Attr("log").Contains("tw"), false},
		{"title contains ell", entity.Attr("title").Contains("ell"), true},
	}
}

func gaugeSample(id string) Gauge {
	return Gauge{Board: "b", ID: id, Votes: 3, Limit: 5, Other: 3, Title: "hello", Alias: "world",
		Tags: []string{"a", "b", "c"}, Log: []string{"one", "two"}, Meta: map[string]int{"k": 1}, Blob: []byte{1, 2, 3}, Any: 7}
}

// TestConditionFunctionsOnDynamoDBLocal runs every condition function as an
// update condition, a delete condition and a query filter, and wants
// DynamoDB to agree with the case on whether it holds.
func TestConditionFunctionsOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, gauges := gaugeModel()
	db := entitytest.NewDB(t, table)
	for i, tc := range gaugeCases(gauges) {
		id := fmt.Sprint(i)
		if _, err := gauges.Put(gaugeSample(id)).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		_, err := gauges.Update(entity.Values{"board": "b", "id": id}).Add("votes", 0).If(tc.cond).Run(ctx, db)
		if got := err == nil; got != tc.want || err != nil && !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Errorf("%s: update err = %v, want holds=%v", tc.name, err, tc.want)
		}
		err = gauges.Delete(entity.Values{"board": "b", "id": id}).If(tc.cond).Run(ctx, db)
		if got := err == nil; got != tc.want || err != nil && !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Errorf("%s: delete err = %v, want holds=%v", tc.name, err, tc.want)
		}
	}
	// As filters: one item per case, each query keeps it or not.
	f := gaugeSample("f")
	f.Board = "filters"
	if _, err := gauges.Put(f).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, tc := range gaugeCases(gauges) {
		got, err := query.New(gauges).Where(entity.Values{"board": "filters"}).Filter(tc.cond).Collect(ctx, db)
		if err != nil {
			t.Errorf("%s: filter: %v", tc.name, err)
			continue
		}
		if (len(got) == 1) != tc.want {
			t.Errorf("%s: filter kept %d items, want holds=%v", tc.name, len(got), tc.want)
		}
	}
}

func TestConditionFunctionsRender(t *testing.T) {
	t.Parallel()
	_, gauges := gaugeModel()
	votes := entity.NumberOf(gauges, func(x *Gauge) *int { return &x.Votes })
	limit := entity.NumberOf(gauges, func(x *Gauge) *int { return &x.Limit })
	tags := entity.SetOf(gauges, func(x *Gauge) *[]string { return &x.Tags })
	in, err := gauges.Delete(entity.Values{"board": "b", "id": "1"}).
		Ensure(votes.LtAttr(limit), tags.SizeGe(2), entity.Cond[Gauge]{}.Or(tags.Contains("x"))).
		If(entity.Attr("any").IsType(entity.TypeBool)).Build()
	if err != nil {
		t.Fatal(err)
	}
	want := "(attribute_not_exists(#PK) OR #__entity = :v0) AND (((#votes < #limit) AND (size(#tags) >= :v1) AND (contains(#tags, :v2))) AND (attribute_type(#any, :v3)))"
	if got := aws.ToString(in.ConditionExpression); got != want {
		t.Errorf("condition\n got %s\nwant %s", got, want)
	}
}

func TestConditionFunctionsRefuseBadInput(t *testing.T) {
	t.Parallel()
	_, gauges := gaugeModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	for name, tc := range map[string]struct {
		cond entity.Condition
		attr string
	}{
		"size of a number":          {entity.Attr("votes").SizeEq(1), "votes"},
		"negative size":             {entity.Attr("title").SizeGt(-1), "title"},
		"unknown attribute in size": {entity.Attr("titel").SizeEq(1), "titel"},
		"unknown type":              {entity.Attr("any").IsType("STRING"), "any"},
		"a type no put stores":      {entity.Attr("log").IsType(entity.TypeMap), "log"},
		"unknown other attribute":   {entity.Attr("votes").LtAttr("limt"), "limt"},
		"string against number":     {entity.Attr("votes").EqAttr("title"), "votes"},
		"ordering of a set":         {entity.Attr("tags").LtAttr("log"), "tags"},
		"ordering of a map":         {entity.Attr("title").GtAttr("meta"), "meta"},
		"contains on a number":      {entity.Attr("votes").Contains(1), "votes"},
	} {
		op := gauges.Update(entity.Values{"board": "b", "id": "1"}).Set("title", "x").If(tc.cond)
		_, err := op.Run(t.Context(), db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Gauge" || ve.Attribute != tc.attr {
			t.Errorf("%s: err = %v, want a *ValidationError naming Gauge and %s", name, err, tc.attr)
		}
	}
	// A filter on a key attribute through the second attribute is refused.
	_, err := query.New(gauges).Where(entity.Values{"board": "b"}).Filter(entity.Attr("title").EqAttr("SK")).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "SK" {
		t.Errorf("filter comparing with the sort key: err = %v, want a *ValidationError naming SK", err)
	}
}

// Conditions compare an attribute with another of the same item, test the
// size of strings, sets, lists and maps with any comparison, and test an
// attribute's stored type. A typed number handle takes any number field of
// the entity (an int and an int64 both store numbers), a string handle any
// string field; other handles a field of the same Go type.
func ExampleNumberField_LtAttr() {
	_, gauges := gaugeModel()
	votes := entity.NumberOf(gauges, func(x *Gauge) *int { return &x.Votes })
	limit := entity.NumberOf(gauges, func(x *Gauge) *int { return &x.Limit })
	tags := entity.SetOf(gauges, func(x *Gauge) *[]string { return &x.Tags })
	in, err := gauges.Update(entity.Values{"board": "b", "id": "g1"}).
		Apply(votes.Add(1)).
		Ensure(votes.LtAttr(limit), tags.SizeLe(10)).
		If(entity.Attr("any").IsType(entity.TypeNumber)).
		Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.ConditionExpression))
	// Output:
	// (#__entity = :v1) AND (attribute_not_exists(#votes) OR #votes <= :v2) AND (((#votes < #limit) AND (size(#tags) <= :v3)) AND (attribute_type(#any, :v4)))
}
