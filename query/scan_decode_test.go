package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type counter struct {
	ID    string `dynamo:"id"`
	Count int    `dynamo:"count"`
}

// An item that does not decode (here, another writer stored a string where
// the Go type has an int) fails a scan, a query and a get with a
// *ddbmodel.DecodeError naming the item's key, so it can be found among
// millions.
func TestDecodeErrorNamesTheItemsKey(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	counters, db := brokenCounters(t, "a", "b")
	check := func(what string, err error) {
		t.Helper()
		var de *ddbmodel.DecodeError
		if !errors.As(err, &de) || de.Key != "PK=C,SK=COUNTER#b" || !strings.Contains(err.Error(), "PK=C,SK=COUNTER#b") {
			t.Errorf("%s: %v; want a *ddbmodel.DecodeError naming PK=C,SK=COUNTER#b", what, err)
		}
	}
	_, err := query.Scan(counters).Page(ctx, db, "")
	check("scan page", err)
	_, err = query.Scan(counters).Collect(ctx, db)
	check("scan collect", err)
	_, err = query.New(counters).Where(entity.Values{}).Collect(ctx, db)
	check("query", err)
	_, err = counters.Get(entity.Values{"id": "b"}).Run(ctx, db)
	check("get", err)
}
