package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/query"
)

// A bulk adoption by scan works for an entity without RecognizeUnmarked
// (the README's "adopt a table once, then leave the option off"): it reads
// the unmarked items, not the entity's marked ones. Another kind of item
// is reported as unrecognized and is no failure; an item of the entity's
// key layout whose attributes disagree with its key is a failure, whose
// error is one line with one prefix.
func TestScanAdoptWithoutRecognizeUnmarked(t *testing.T) {
	t.Parallel()
	table, books, _ := brownModel(false)
	db := entitytest.NewDB(t, table)
	ctx := t.Context()
	rawPut(t, db, rawBook("s1", "b1", "One", "ann", false))
	rawPut(t, db, rawBook("s1", "b2", "Two", "bob", true))
	bad := rawBook("s2", "b3", "Three", "cy", false)
	bad["id"] = s("zz") // a put of its value writes BOOK#zz
	rawPut(t, db, bad)
	rawPut(t, db, map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("NOTE#n1"), "text": s("a note")})

	r, err := query.Scan(books).Adopt(ctx, db)
	if r.Adopted != 2 || len(r.Failed) != 1 || attrS(r.Failed[0].Item, "SK") != "BOOK#b3" {
		t.Errorf("bulk adopt = %+v; want b1 and b2 adopted, b3 failed", r)
	}
	if len(r.Unrecognized) != 1 || attrS(r.Unrecognized[0], "SK") != "NOTE#n1" {
		t.Errorf("unrecognized = %v; want the note's key", r.Unrecognized)
	}
	var ae *entity.AdoptError
	if !errors.As(err, &ae) || attrS(ae.Item, "SK") != "BOOK#b3" {
		t.Errorf("bulk adopt error = %v; want b3's *AdoptError", err)
	}
	if err != nil {
		if bad := errtext.CheckOnePrefix(err.Error()); bad != "" || strings.Contains(err.Error(), "\n") {
			t.Errorf("bulk adopt error text %q: %s (or spans lines)", err, bad)
		}
	}
	for _, sk := range []string{"BOOK#b1", "BOOK#b2"} {
		if it := rawGet(t, db, "SHELF#s1", sk); attrS(it, "__entity") != "Book" || attrS(it, "GSI1SK") != sk {
			t.Errorf("%s after the bulk adoption = %v", sk, it)
		}
	}
	if it := rawGet(t, db, "SHELF#s1", "NOTE#n1"); attrS(it, "__entity") != "" {
		t.Errorf("the note after the bulk adoption = %v; want it unchanged", it)
	}
	// The adopted items are now the entity's: a plain scan reads them.
	got, err := query.Scan(books).Collect(ctx, db)
	if err != nil || len(got) != 2 {
		t.Errorf("scan after adoption = %v, %v; want b1 and b2", got, err)
	}
}
