package txn_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Nil DBs, DBs without a client and nil operations given to transactions
// are typed errors in the caller's goroutine, and nothing is sent.
func TestTransactionNilInputs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	put := m.users.Put(User{UserID: "u1"})
	get := m.users.Get(entity.Values{"userId": "u1"})
	var nilPut *entity.PutOp[User]
	cases := map[string]func() error{
		"write, nil DB":        func() error { return txn.Write(put).Run(ctx, nil) },
		"write, no client":     func() error { return txn.Write(put).Run(ctx, &entity.DB{TableName: "t"}) },
		"write, nil op":        func() error { return txn.Write(put, nil).Run(ctx, db) },
		"write, nil op ptr":    func() error { return txn.Write(put, nilPut).Run(ctx, db) },
		"write build, nil op":  func() error { _, err := txn.Write(nil).Build(); return err },
		"get, nil DB":          func() error { _, err := txn.Get(get).Run(ctx, nil); return err },
		"get, no client":       func() error { _, err := txn.Get(get).Run(ctx, &entity.DB{}); return err },
		"get, nil op":          func() error { _, err := txn.Get(get, nil).Run(ctx, db); return err },
		"get build, nil op":    func() error { _, err := txn.Get(nil).Build(); return err },
		"get, nil op, nil DB":  func() error { _, err := txn.Get(nil).Run(ctx, nil); return err },
		"write, nil op, no DB": func() error { return txn.Write(nil).Run(ctx, nil) },
	}
	for name, run := range cases {
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return run()
		}()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s: err = %v, want a *ddbmodel.ValidationError", name, err)
		}
	}
}
