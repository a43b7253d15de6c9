package entity_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Rota is a model of its own for the element handles AsOrdered and
// AsTime: a list of shift names and a map of times stored as text.
type Rota struct {
	ID     string               `dynamo:"id"`
	Shifts []string             `dynamo:"shifts"`
	Hours  []int                `dynamo:"hours"`
	Starts map[string]time.Time `dynamo:"starts"`
}

func defineRotas() *entity.Entity[Rota] {
	table := &entity.Table{Name: "rotas", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	return entity.MustDefine(table, entity.Config[Rota]{
		Name: "Rota",
		Key:  entity.Key{Partition: "ROTA#${id}", Sort: "#R"},
	})
}

// TestElementHandlesBuildTheStringForm: AsOrdered and AsTime give a list
// element or a map value the ordering comparisons of its type, and build
// what the string form builds.
func TestElementHandlesBuildTheStringForm(t *testing.T) {
	t.Parallel()
	rotas := defineRotas()
	shifts := entity.ListOf(rotas, func(r *Rota) *[]string { return &r.Shifts })
	hours := entity.ListOf(rotas, func(r *Rota) *[]int { return &r.Hours })
	starts := entity.MapOf(rotas, func(r *Rota) *map[string]time.Time { return &r.Starts })
	when := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	key := entity.Values{"id": "r1"}

	for _, c := range []struct {
		name       string
		typed, str entity.UpdateOp[Rota]
	}{
		{"list element of strings",
			rotas.Update(key).Apply(shifts.At(0).Set("early")).Ensure(entity.AsOrdered(shifts.At(0)).Gt("a"), entity.AsOrdered(shifts.At(1)).Between("b", "m")),
			rotas.Update(key).Set("shifts[0]", "early").If(entity.And(entity.Attr("shifts[0]").Gt("a"), entity.Attr("shifts[1]").Between("b", "m")))},
		{"list element of numbers",
			rotas.Update(key).Apply(hours.At(2).Set(8)).Ensure(entity.AsOrdered(hours.At(2)).Le(12)),
			rotas.Update(key).Set("hours[2]", 8).If(entity.Attr("hours[2]").Le(12))},
		{"map value of times, compared for equality",
			rotas.Update(key).Apply(starts.Key("mon").Set(when)).Ensure(entity.AsTime(starts.Key("mon")).Ne(when)),
			rotas.Update(key).Set("starts.mon", when).If(entity.Attr("starts.mon").Ne(when))},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, errA := c.typed.Build()
			b, errB := c.str.Build()
			if errA != nil || errB != nil {
				t.Fatalf("typed error %v, string error %v", errA, errB)
			}
			if diff := cmp.Diff(b, a, entitytest.CmpOptions); diff != "" {
				t.Errorf("typed and string forms differ (-string +typed):\n%s", diff)
			}
		})
	}
}

// TestTimeElementHandleRefusesWhatTextCannotDo: a time in a map is stored
// as RFC 3339 text, which does not sort as time and cannot be added to;
// AsTime's ordering comparisons and AddDuration are refused at Build,
// naming the entity and the attribute.
func TestTimeElementHandleRefusesWhatTextCannotDo(t *testing.T) {
	t.Parallel()
	rotas := defineRotas()
	mon := entity.AsTime(entity.MapOf(rotas, func(r *Rota) *map[string]time.Time { return &r.Starts }).Key("mon"))
	when := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	key := entity.Values{"id": "r1"}
	for name, op := range map[string]entity.UpdateOp[Rota]{
		"Gt":          rotas.Update(key).Set("shifts", []string{"x"}).Ensure(mon.Gt(when)),
		"Between":     rotas.Update(key).Set("shifts", []string{"x"}).Ensure(mon.Between(when, when.Add(time.Hour))),
		"AddDuration": rotas.Update(key).Apply(mon.AddDuration(time.Hour)),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := op.Build()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Build error %v (%T), want a *ddbmodel.ValidationError", err, err)
			}
			if ve.Entity != "Rota" || !strings.HasPrefix(ve.Attribute, "starts") {
				t.Errorf("error names entity %q, attribute %q; want Rota and starts.mon: %v", ve.Entity, ve.Attribute, err)
			}
			if !strings.Contains(err.Error(), "RFC 3339") && !strings.Contains(err.Error(), "text") {
				t.Errorf("error %q does not say the time is stored as text", err)
			}
		})
	}
}
