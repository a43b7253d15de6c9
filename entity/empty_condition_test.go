package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// TestOrAndNotOfNothingAreRefused: an Or of no conditions, an Or given an
// empty Condition{} and a Not of one cannot mean what they say (before,
// Or() and Not(Condition{}) reduced to no condition, which made a
// conditioned write unconditional, and Or(Condition{}, c) to c). Build
// and Run refuse them before any request, naming the entity.
func TestOrAndNotOfNothingAreRefused(t *testing.T) {
	t.Parallel()
	rotas := defineRotas()
	db := entity.NewDB(entitytest.NoRequests(t), "rotas")
	shift := entity.Attr("shifts[0]").Eq("early")
	var none []entity.Condition // a list of alternatives that came out empty
	for _, c := range []struct {
		name string
		cond entity.Condition
		says string
	}{
		{"Or of none", entity.Or(none...), "Or was given no conditions"},
		{"Or with an empty Condition first", entity.Or(entity.Condition{}, shift), "Or was given an empty entity.Condition{}"},
		{"Or with an empty Condition last", entity.Or(shift, entity.Condition{}), "Or was given an empty entity.Condition{}"},
		{"Not of an empty Condition", entity.Not(entity.Condition{}), "Not was given an empty entity.Condition{}"},
		{"inside an And", entity.And(shift, entity.Or()), "Or was given no conditions"},
		{"through the method", shift.And(entity.Not(entity.Condition{})), "Not was given"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ops := map[string]func() error{
				"update Build": func() error {
					_, err := rotas.Update(entity.Values{"id": "r1"}).Set("hours", []int{8}).If(c.cond).Build()
					return err
				},
				"update Run": func() error {
					_, err := rotas.Update(entity.Values{"id": "r1"}).Set("hours", []int{8}).If(c.cond).Run(context.Background(), db)
					return err
				},
				"delete Build": func() error {
					_, err := rotas.Delete(entity.Values{"id": "r1"}).If(c.cond).Build()
					return err
				},
			}
			for how, run := range ops {
				err := run()
				var ve *ddbmodel.ValidationError
				if !errors.As(err, &ve) || ve.Entity != "Rota" || !strings.Contains(err.Error(), c.says) {
					t.Errorf("%s: error %v; want a *ddbmodel.ValidationError naming Rota and saying %q", how, err, c.says)
				}
			}
		})
	}
}

// TestAndOfEmptyConditionsIsTheRest: And skips an empty Condition{}, as a
// logical AND of "always" and c is c, and a typed Or chain started from
// a zero Cond is its alternatives.
func TestAndOfEmptyConditionsIsTheRest(t *testing.T) {
	t.Parallel()
	rotas := defineRotas()
	hours := entity.ListOf(rotas, func(r *Rota) *[]int { return &r.Hours })
	shift := entity.Attr("shifts[0]").Eq("early")
	key := entity.Values{"id": "r1"}
	for name, pair := range map[string][2]entity.UpdateOp[Rota]{
		"And with an empty Condition": {
			rotas.Update(key).Set("hours", []int{8}).If(entity.And(entity.Condition{}, shift, entity.Condition{})),
			rotas.Update(key).Set("hours", []int{8}).If(shift)},
		"typed Or from a zero Cond": {
			rotas.Update(key).Set("hours", []int{8}).Ensure(entity.Cond[Rota]{}.Or(entity.AsOrdered(hours.At(0)).Gt(1), entity.AsOrdered(hours.At(0)).Lt(0))),
			rotas.Update(key).Set("hours", []int{8}).If(entity.Or(entity.Attr("hours[0]").Gt(1), entity.Attr("hours[0]").Lt(0)))},
	} {
		a, errA := pair[0].Build()
		b, errB := pair[1].Build()
		if errA != nil || errB != nil {
			t.Fatalf("%s: errors %v, %v", name, errA, errB)
		}
		if *a.ConditionExpression != *b.ConditionExpression {
			t.Errorf("%s: condition %q, want %q", name, *a.ConditionExpression, *b.ConditionExpression)
		}
	}
}
