package entity_test

import (
	"context"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// mxReview6Cases are the refusals of the sixth review: a Remove of a field
// a put always stores (string form, typed form, transaction), a duration
// added to a time stored as text, an Enum refused on a list element, and
// a path that needs a quoted map key.
func mxReview6Cases() []mxMoreCase {
	var cs []mxMoreCase
	upd := func(name, attr string, f func(entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item]) mxMoreCase {
		return mxMoreCase{"Update/" + name, "R6", attr, func(ctx context.Context, db *entity.DB) error {
			_, err := f(r6.Update(r6Key)).Run(ctx, db)
			return err
		}}
	}
	for _, path := range r6StoredPaths {
		cs = append(cs, upd("Remove of "+path+", which a put always stores", path, func(u entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item] { return u.Remove(path) }))
	}
	cs = append(cs,
		upd("typed Remove of a float64 without omitempty", "score", func(u entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item] { return u.Apply(r6Score.Remove()) }),
		upd("typed Remove of a nested int", "addr.zip", func(u entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item] { return u.Apply(r6Zip.Remove()) }),
		upd("AddDuration on a time stored as text", "at", func(u entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item] {
			return u.Apply(r6At.AddDuration(time.Hour))
		}),
		upd("Add of a duration to a time stored as text", "at", func(u entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item] { return u.Add("at", time.Hour) }),
		upd("Set of a list element outside the Enum", "cl[0]", func(u entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item] { return u.Set("cl[0]", "zz") }),
		upd("Set of a path needing a quoted map key", "links.my.web.url", func(u entity.UpdateOp[r6Item]) entity.UpdateOp[r6Item] {
			return u.Set("links.my.web.url", "u")
		}),
		mxMoreCase{"txn.Write/Remove of a nested int", "R6", "addr.zip", func(ctx context.Context, db *entity.DB) error {
			return txn.Write(r6.Update(r6Key).Remove("addr.zip")).Run(ctx, db)
		}},
	)
	return cs
}
