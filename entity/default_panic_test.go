package entity_test

import (
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// A Default func that panics makes the write fail with an error naming
// the entity and the attribute, wrapping the panic (ErrPanic): the panic
// does not escape Build or Run, nor a batch's goroutine, and nothing is
// sent.
func TestADefaultFuncThatPanicsIsAnError(t *testing.T) {
	t.Parallel()
	db := entity.NewDB(entitytest.NoRequests(t), "defaults")
	e, err := dvDefine(map[string]entity.Attribute{"kind": {Default: func() any { panic("no more ids") }}})
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, err error) {
		t.Helper()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity == "" || ve.Attribute != "kind" || !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want a *ValidationError naming kind that wraps ErrPanic", what, err, err)
		}
	}
	_, err = e.Put(dvDoc{ID: "a"}).Build()
	check("Put.Build", err)
	_, err = e.Put(dvDoc{ID: "a"}).Run(t.Context(), db)
	check("Put.Run", err)
	_, err = e.Create(dvDoc{ID: "a"}).Run(t.Context(), db)
	check("Create.Run", err)
	_, err = e.Upsert(dvDoc{ID: "a"}).Run(t.Context(), db)
	check("Upsert.Run", err)
	_, err = txn.Write(e.Put(dvDoc{ID: "a"})).Build()
	check("txn.Write.Build", err)
	err = txn.BatchWrite(t.Context(), db, txn.BatchOptions{}, e.Put(dvDoc{ID: "a"}), e.Put(dvDoc{ID: "b"}))
	check("txn.BatchWrite", err)
}
