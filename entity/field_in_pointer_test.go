package entity_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type fpRoom struct {
	Rate  float64 `dynamo:"rate"`
	Label string  `dynamo:"label"`
}

type fpHotel struct {
	ID    string             `dynamo:"id"`
	Rooms map[string]*fpRoom `dynamo:"rooms"`
	Log   []*fpRoom          `dynamo:"log"`
	Main  *fpRoom            `dynamo:"main"`
}

func fpTable() *entity.Table {
	return &entity.Table{Name: "fieldinpointer", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
}

// panicText returns what fn panics with, or "" when it returns.
func panicText(fn func()) (text string) {
	defer func() {
		if x := recover(); x != nil {
			text = fmt.Sprint(x)
		}
	}()
	fn()
	return ""
}

// TestFieldInPointer: FieldInPointer reaches the fields of structs held by
// pointer (a map[string]*Room's values, a []*Room's elements, a *Room
// field), with the path FieldIn gives a struct held by value; FieldIn on
// such a handle panics naming FieldInPointer; an update through the
// handles changes that entry's field alone, on DynamoDB Local.
func TestFieldInPointer(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := fpTable()
	hotels := entity.MustDefine(table, entity.Config[fpHotel]{Name: "Hotel", Key: entity.Key{Partition: "H#${id}", Sort: "H"}})
	rooms := entity.MapOf(hotels, func(h *fpHotel) *map[string]*fpRoom { return &h.Rooms })
	log := entity.ListOf(hotels, func(h *fpHotel) *[]*fpRoom { return &h.Log })
	main := entity.FieldOf(hotels, func(h *fpHotel) **fpRoom { return &h.Main })
	rate := entity.AsNumber(entity.FieldInPointer(rooms.Key("101"), func(r *fpRoom) *float64 { return &r.Rate }))
	label := entity.AsString(entity.FieldInPointer(log.At(1), func(r *fpRoom) *string { return &r.Label }))
	mainLabel := entity.AsString(entity.FieldInPointer(main, func(r *fpRoom) *string { return &r.Label }))
	if rate.Path() != "rooms.101.rate" || label.Path() != "log[1].label" || mainLabel.Path() != "main.label" {
		t.Errorf("paths %q, %q, %q", rate.Path(), label.Path(), mainLabel.Path())
	}
	if got := panicText(func() {
		entity.FieldIn(rooms.Key("101"), func(r **fpRoom) *float64 { return &(*r).Rate })
	}); !strings.Contains(got, "Hotel") || !strings.Contains(got, "FieldInPointer") {
		t.Errorf("FieldIn of a pointer entry: recovered %q, want a panic naming the entity and FieldInPointer", got)
	}
	var other struct{ X int }
	if got := panicText(func() {
		entity.FieldInPointer(rooms.Key("101"), func(*fpRoom) *int { return &other.X })
	}); !strings.Contains(got, "Hotel") || !strings.Contains(got, "FieldInPointer") {
		t.Errorf("FieldInPointer of no field of the entry: recovered %q, want a panic naming the entity and FieldInPointer", got)
	}
	if got := panicText(func() {
		entity.FieldInPointer(entity.Field[fpHotel, *fpRoom]{}, func(r *fpRoom) *string { return &r.Label })
	}); !strings.Contains(got, "zero Field") {
		t.Errorf("FieldInPointer of a zero Field: recovered %q", got)
	}

	db := entitytest.NewDB(t, table)
	v := fpHotel{ID: "1",
		Rooms: map[string]*fpRoom{"101": {Rate: 80, Label: "a"}, "102": {Rate: 90, Label: "b"}},
		Log:   []*fpRoom{{Label: "x"}, {Label: "y", Rate: 1}},
		Main:  &fpRoom{Rate: 5, Label: "m"}}
	if _, err := hotels.Put(v).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := hotels.Update(entity.Values{"id": "1"}).
		Apply(rate.Add(10), label.Set("z"), mainLabel.Set("n")).
		Ensure(rate.Eq(80), label.Eq("y")).
		Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if *got.Rooms["101"] != (fpRoom{Rate: 90, Label: "a"}) || *got.Rooms["102"] != (fpRoom{Rate: 90, Label: "b"}) || len(got.Rooms) != 2 {
		t.Errorf("rooms after the update: 101 %+v, 102 %+v (%d rooms)", got.Rooms["101"], got.Rooms["102"], len(got.Rooms))
	}
	if len(got.Log) != 2 || *got.Log[0] != (fpRoom{Label: "x"}) || *got.Log[1] != (fpRoom{Label: "z", Rate: 1}) {
		t.Errorf("log after the update: %+v", got.Log)
	}
	if *got.Main != (fpRoom{Rate: 5, Label: "n"}) {
		t.Errorf("main after the update: %+v", got.Main)
	}
}
