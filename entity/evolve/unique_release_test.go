package evolve_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/txn"
)

// A delete, or an update moving the value away, of an item whose value's
// marker names another item holding the value too succeeds and leaves
// that marker to its owner; a marker naming an item that does not hold
// the value still fails the release.
func TestReleaseOfAValueAnotherHolderKeeps(t *testing.T) {
	ctx := context.Background()
	db, v2 := members(t)
	if _, err := memberModel(false).Put(Member{"m6", "dup@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	ownBy(t, db, v2, "m3", "dup@x")
	mine := owner(marker(t, db, "dup@x"))

	if err := v2.Delete(entity.Values{"id": "m4"}).Run(ctx, db); err != nil {
		t.Fatalf("delete of m4, which holds dup@x beside m3: %v", err)
	}
	if _, err := v2.Update(entity.Values{"id": "m6"}).Set("email", "m6@x").Run(ctx, db); err != nil {
		t.Fatalf("update of m6 moving dup@x away: %v", err)
	}
	if got := owner(marker(t, db, "dup@x")); got != mine {
		t.Errorf("the marker of dup@x names %q; want it kept for m3 (%q)", got, mine)
	}
	if got := owner(marker(t, db, "m6@x")); !strings.Contains(got, "MEMBER#m6") {
		t.Errorf("the marker of m6@x names %q; want m6", got)
	}
	// The same in a transaction of several items.
	if _, err := memberModel(false).Put(Member{"m7", "dup@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := txn.Write(v2.Delete(entity.Values{"id": "m7"}), v2.Create(Member{"m8", "d@x"})).Run(ctx, db); err != nil {
		t.Fatalf("transaction deleting m7: %v", err)
	}
	if got := owner(marker(t, db, "dup@x")); got != mine {
		t.Errorf("after the transaction the marker of dup@x names %q; want %q", got, mine)
	}
	// m3 still holds the value: no one else takes it.
	if _, err := v2.Create(Member{"m9", "dup@x"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Errorf("create with dup@x: %v; want ErrUniqueTaken", err)
	}

	// A marker naming an item that does not hold the value: the release
	// fails as before, and the marker is not deleted.
	ghost := map[string]types.AttributeValue{"PK": str("UNIQUE#Member#email#b@x"), "SK": str("UNIQUE"),
		v2.Table().EntityAttr(): str("UNIQUE#Member#email"), "uniqueOwner": str(expr.KeyID("", map[string]types.AttributeValue{"PK": str("MEMBER#ghost"), "SK": str("MEMBER")}))}
	if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table("evolve"), Item: ghost}); err != nil {
		t.Fatal(err)
	}
	err := v2.Delete(entity.Values{"id": "m2"}).Run(ctx, db)
	var oe *ddbmodel.UniqueOwnerError
	if !errors.As(err, &oe) || !errors.Is(err, ddbmodel.ErrUniqueNotOwned) {
		t.Errorf("delete of m2 under a marker naming a missing item: %v; want a *ddbmodel.UniqueOwnerError", err)
	}
	if got := owner(marker(t, db, "b@x")); !strings.Contains(got, "ghost") {
		t.Errorf("the marker of b@x names %q; want it untouched", got)
	}
	if _, err := v2.Get(entity.Values{"id": "m2"}).Run(ctx, db); err != nil {
		t.Errorf("m2 after the refused delete: %v; want it kept", err)
	}
}
