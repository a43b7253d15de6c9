package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// A query on a multi-attribute index whose values together exceed a role's
// key size (partition 2048 bytes, sort 1024, as a write counts them) is
// refused before sending, naming the entity and the largest attribute.
func TestMultiKeyQuerySizeRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	_, orders, _ := newShop()
	db := entity.NewDB(entitytest.NoRequests(t), "shop")
	base := query.New(orders).Index("ByShop")
	// region 1 counts 2 bytes, as does total 5.
	for name, c := range map[string]struct {
		q    query.Query[Order]
		attr string
	}{
		"partition":     {base.Where(entity.Values{"shop": strings.Repeat("s", 2047), "region": 1}), "shop"},
		"sort equality": {base.Where(entity.Values{"shop": "s1", "region": 1, "state": strings.Repeat("p", 1023), "total": 5}), "state"},
		"sort prefix":   {base.Where(entity.Values{"shop": "s1", "region": 1}).BeginsWith(strings.Repeat("p", 1025)), "state"},
		"range low":     {base.Where(entity.Values{"shop": "s1", "region": 1, "state": strings.Repeat("p", 1023)}).Ge(entity.Values{"total": 5}), "state"},
		"between high":  {base.Where(entity.Values{"shop": "s1", "region": 1}).Between(entity.Values{"state": "a"}, entity.Values{"state": strings.Repeat("z", 1025)}), "state"},
	} {
		_, err := c.q.Collect(t.Context(), db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrLimitExceeded) || ve.Entity != "Order" || ve.Attribute != c.attr {
			t.Errorf("%s: %v; want a *ddbmodel.ValidationError for Order attribute %s wrapping a *ddbmodel.LimitError", name, err, c.attr)
		}
	}
	// At the limit, the queries build.
	for name, q := range map[string]query.Query[Order]{
		"partition": base.Where(entity.Values{"shop": strings.Repeat("s", 2046), "region": 1}),
		"sort":      base.Where(entity.Values{"shop": "s1", "region": 1, "state": strings.Repeat("p", 1022), "total": 5}),
	} {
		if _, err := q.Build(); err != nil {
			t.Errorf("%s at the limit: %v", name, err)
		}
	}
}

// DynamoDB Local (3.3.1) answers such a query with no items, as no item
// can hold its key: the refusal hides nothing, and the query one byte
// shorter runs.
func TestMultiKeyQuerySizeMatchesDynamoDBLocal(t *testing.T) {
	t.Parallel()
	table, orders, _ := newShop()
	db := entitytest.NewDB(t, table)
	over := query.New(orders).Index("ByShop").Where(entity.Values{"shop": strings.Repeat("s", 2047), "region": 1})
	_, err := over.Build()
	if !errors.Is(err, ddbmodel.ErrLimitExceeded) {
		t.Fatalf("over the limit: %v, want ErrLimitExceeded", err)
	}
	// Send the same request by hand: no item matches it.
	in, err := query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s", "region": 1}).Build()
	if err != nil {
		t.Fatal(err)
	}
	in.TableName = db.Table(*in.TableName)
	in.ExpressionAttributeValues[":v0"] = s(strings.Repeat("s", 2047))
	if out, err := db.Client.Query(t.Context(), in); err != nil || len(out.Items) != 0 {
		t.Errorf("DynamoDB Local on a partition of 2049 bytes: %v, %v", out, err)
	}
	at := query.New(orders).Index("ByShop").Where(entity.Values{"shop": strings.Repeat("s", 2046), "region": 1})
	if _, err := at.Collect(t.Context(), db); err != nil {
		t.Errorf("at the limit: %v", err)
	}
}
