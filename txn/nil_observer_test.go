package txn_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// noPanic runs f and turns a panic into an error.
func noPanic(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return f()
}

// A nil *CapacityCounter or nil ObserverFunc given to WithObserver is no
// Observer; a panicking Observer comes back as a *ddbmodel.PanicError
// after the write it follows; Send with a nil *DB is refused.
func TestNilAndPanickingObservers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	base := entitytest.NewDB(t, m.table)
	var cc *entity.CapacityCounter
	var f entity.ObserverFunc
	for _, db := range []*entity.DB{base.WithObserver(cc), base.WithObserver(f), {Client: base.Client, TableName: base.TableName, Observer: cc}} {
		err := noPanic(func() error { _, err := m.users.Put(User{UserID: "u1"}).Run(ctx, db); return err })
		if err != nil {
			t.Errorf("put with a nil observer: %v", err)
		}
		err = noPanic(func() error { _, err := m.users.Get(entity.Values{"userId": "u1"}).Run(ctx, db); return err })
		if err != nil {
			t.Errorf("get with a nil observer: %v", err)
		}
	}
	boom := base.WithObserver(entity.ObserverFunc(func(context.Context, *entity.Event) { panic("boom") }))
	err := noPanic(func() error { _, err := m.users.Put(User{UserID: "u2"}).Run(ctx, boom); return err })
	var pe *ddbmodel.PanicError
	if !errors.As(err, &pe) || pe.Value != "boom" || !errors.Is(err, ddbmodel.ErrPanic) {
		t.Errorf("put with a panicking observer: %v, want a *ddbmodel.PanicError", err)
	}
	if _, err := m.users.Get(entity.Values{"userId": "u2"}).Run(ctx, base); err != nil {
		t.Errorf("the put whose observer panicked was not made: %v", err)
	}
	err = noPanic(func() error {
		in, err := m.users.Get(entity.Values{"userId": "u2"}).Build()
		if err != nil {
			return err
		}
		_, err = entity.Send(ctx, nil, base.Client.GetItem, in, entity.Request{})
		return err
	})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("Send with a nil *DB: %v (%T), want a *ddbmodel.ValidationError", err, err)
	}
}
