package query_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	gocmp "github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// Order lives in a multi-attribute index: (shop, region) partition,
// (state, total) sort. Refund shares the index.
type Order struct {
	ID     string `dynamo:"id"`
	Shop   string `dynamo:"shop"`
	Region int    `dynamo:"region"`
	State  string `dynamo:"state"`
	Total  int    `dynamo:"total"`
}

type Refund struct {
	ID     string `dynamo:"id"`
	Shop   string `dynamo:"shop"`
	Region int    `dynamo:"region"`
	State  string `dynamo:"state"`
	Total  int    `dynamo:"total"`
}

// ByShop is the typed query key of the index: the partition attributes and
// an optional leading sort attribute.
type ByShop struct {
	Shop   string  `dynamo:"shop"`
	Region int     `dynamo:"region"`
	State  *string `dynamo:"state"`
}

func newShop() (*entity.Table, *entity.Entity[Order], *entity.Entity[Refund]) {
	table := &entity.Table{
		Name:         "shop",
		PartitionKey: entity.S("PK"),
		SortKey:      entity.S("SK"),
		Indexes: []entity.Index{{
			Name:          "ByShop",
			PartitionKeys: []entity.KeyAttribute{entity.S("shop"), entity.N("region")},
			SortKeys:      []entity.KeyAttribute{entity.S("state"), entity.N("total")},
		}},
	}
	orders := entity.MustDefine(table, entity.Config[Order]{
		Name: "Order", Key: entity.Key{Partition: "ORDER#${id}", Sort: "#O"},
		Indexes: []entity.IndexKey[Order]{{Index: "ByShop", Sparse: true}},
	})
	refunds := entity.MustDefine(table, entity.Config[Refund]{
		Name: "Refund", Key: entity.Key{Partition: "REFUND#${id}", Sort: "#R"},
		Indexes: []entity.IndexKey[Refund]{{Index: "ByShop", Sparse: true}},
	})
	return table, orders, refunds
}

func TestMultiKeyQueryBuild(t *testing.T) {
	t.Parallel()
	_, orders, _ := newShop()
	q := query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s1", "region": 2, "state": "paid"}).Between(entity.Values{"total": 10}, entity.Values{"total": 20})
	in, err := q.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(in.KeyConditionExpression), "#shop = :v0 AND #region = :v1 AND #state = :v2 AND #total BETWEEN :v3 AND :v4"; got != want {
		t.Errorf("key condition %q, want %q", got, want)
	}
	if diff := gocmp.Diff(map[string]string{":v0": "S:s1", ":v1": "N:2", ":v2": "S:paid", ":v3": "N:10", ":v4": "N:20"}, avTexts(in)); diff != "" {
		t.Errorf("values (-want +got):\n%s", diff)
	}
	state := "paid"
	typed, err := query.By(entity.QueryKeyOf[ByShop](orders, "ByShop"), ByShop{Shop: "s1", Region: 2, State: &state}).Gt(entity.Values{"total": 5}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(typed.KeyConditionExpression), "#shop = :v0 AND #region = :v1 AND #state = :v2 AND #total > :v3"; got != want {
		t.Errorf("typed key condition %q, want %q", got, want)
	}
	prefix, err := query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s1", "region": 2}).BeginsWith("pa").Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(prefix.KeyConditionExpression), "#shop = :v0 AND #region = :v1 AND begins_with(#state, :v2)"; got != want {
		t.Errorf("prefix key condition %q, want %q", got, want)
	}
}

// TestMultiKeyQueryTakesNumberText: a number attribute of a
// multi-attribute key takes the text of a number in Where and in a range,
// as a template key's composite does, and sends it as the number; text
// that is no number is still refused.
func TestMultiKeyQueryTakesNumberText(t *testing.T) {
	t.Parallel()
	_, orders, _ := newShop()
	in, err := query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s1", "region": "02", "state": "paid"}).Between(entity.Values{"total": "10"}, entity.Values{"total": "2e1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(map[string]string{":v0": "S:s1", ":v1": "N:2", ":v2": "S:paid", ":v3": "N:10", ":v4": "N:20"}, avTexts(in)); diff != "" {
		t.Errorf("values (-want +got):\n%s", diff)
	}
	_, err = query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s1", "region": "2.5"}).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "region" || ve.Entity != "Order" {
		t.Errorf("region \"2.5\" for an int: %v, want a ValidationError naming Order and region", err)
	}
}

// avTexts writes a query's values as "S:text", "N:text".
func avTexts(in *dynamodb.QueryInput) map[string]string {
	out := map[string]string{}
	for k, v := range in.ExpressionAttributeValues {
		switch x := v.(type) {
		case *types.AttributeValueMemberS:
			out[k] = "S:" + x.Value
		case *types.AttributeValueMemberN:
			out[k] = "N:" + x.Value
		default:
			out[k] = fmt.Sprintf("%T", v)
		}
	}
	return out
}

func TestMultiKeyQueryRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, orders, _ := newShop()
	db := entity.NewDB(entitytest.NoRequests(t), "shop")
	base := query.New(orders).Index("ByShop")
	for name, c := range map[string]struct {
		q    query.Query[Order]
		attr string
	}{
		"missing partition":   {base.Where(entity.Values{"shop": "s1"}), "region"},
		"gap":                 {base.Where(entity.Values{"shop": "s1", "region": 1, "total": 5}), "total"},
		"range skips":         {base.Where(entity.Values{"shop": "s1", "region": 1}).Gt(entity.Values{"total": 5}), "total"},
		"range on equality":   {base.Where(entity.Values{"shop": "s1", "region": 1, "state": "paid"}).Gt(entity.Values{"state": "a"}), "state"},
		"not a key attribute": {base.Where(entity.Values{"shop": "s1", "region": 1, "id": "x"}), "id"},
		"wrong type":          {base.Where(entity.Values{"shop": "s1", "region": "north"}), "region"},
		"empty value":         {base.Where(entity.Values{"shop": "", "region": 1}), "shop"},
		"begins on number":    {base.Where(entity.Values{"shop": "s1", "region": 1, "state": "paid"}).BeginsWith("1"), "total"},
		"between reversed":    {base.Where(entity.Values{"shop": "s1", "region": 1, "state": "paid"}).Between(entity.Values{"total": 9}, entity.Values{"total": 2}), "total"},
		"no attribute left":   {base.Where(entity.Values{"shop": "s1", "region": 1, "state": "paid", "total": 3}).Lt(entity.Values{"total": 9}), ""},
		"filter on key":       {base.Where(entity.Values{"shop": "s1", "region": 1}).Filter(entity.Attr("total").Gt(3)), "total"},
	} {
		_, err := c.q.Collect(ctx, db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != c.attr || ve.Entity == "" {
			t.Errorf("%s: %v, want a ValidationError naming the entity and attribute %q", name, err, c.attr)
		}
	}
	if _, err := base.Where(entity.Values{"shop": "s1"}).Build(); !errors.Is(err, ddbmodel.ErrMissingComposites) {
		t.Errorf("missing partition attribute: %v, want ErrMissingComposites too", err)
	}
}

func TestMultiKeyQueryOnDynamoDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, orders, refunds := newShop()
	db := entitytest.NewDB(t, table)
	var want []Order
	for i := range 12 {
		o := Order{ID: fmt.Sprint(i), Shop: "s1", Region: 1, State: []string{"paid", "open"}[i%2], Total: 100 - i*7}
		if _, err := orders.Put(o).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		if o.State == "paid" && o.Total >= 30 {
			want = append(want, o)
		}
	}
	// Same key values, another entity: skipped by marker.
	if _, err := refunds.Put(Refund{ID: "r", Shop: "s1", Region: 1, State: "paid", Total: 50}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(want, func(a, b Order) int { return cmp.Compare(a.Total, b.Total) })
	q := query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s1", "region": 1, "state": "paid"}).Ge(entity.Values{"total": 30}).Limit(2).SignCursors([]byte("k"))
	var got []Order
	cursor, pages := "", 0
	for {
		p, err := q.Page(ctx, db, cursor)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p.Items...)
		pages++
		if cursor = p.Cursor; cursor == "" {
			break
		}
		// A cursor of this query does not continue another.
		other := query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s1", "region": 1, "state": "open"}).Ge(entity.Values{"total": 30}).Limit(2).SignCursors([]byte("k"))
		var ce *ddbmodel.CursorError
		if _, err := other.Page(ctx, db, cursor); !errors.As(err, &ce) {
			t.Errorf("cursor of another query: %v, want a CursorError", err)
		}
	}
	if diff := gocmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	if pages < 3 {
		t.Errorf("%d pages, want the query paged by its Limit", pages)
	}
	n, err := query.New(orders).Index("ByShop").Where(entity.Values{"shop": "s1", "region": 1}).Count(ctx, db)
	if err != nil || n != 12 {
		t.Errorf("Count = %d, %v; want 12 (the refund is another entity)", n, err)
	}
}

// TestMultiKeyProperty runs random sequences of puts, updates (setting
// and removing key attributes) and deletes on a multi-attribute index, then
// checks that every query of every partition and sort condition returns
// what a model computed in Go says: the index is the items' own attributes.
func TestMultiKeyProperty(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for seed := range uint64(3) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			table, orders, _ := newShop()
			db := entitytest.NewDB(t, table)
			r := rand.New(rand.NewPCG(seed, 7))
			model := map[string]Order{}
			shops, states := []string{"s1", "s2"}, []string{"open", "paid", "void"}
			for range 60 {
				id := fmt.Sprint(r.IntN(10))
				o, exists := model[id]
				switch k := r.IntN(5); {
				case k <= 1 || !exists:
					o = Order{ID: id, Shop: shops[r.IntN(2)], Region: r.IntN(2), State: states[r.IntN(3)], Total: r.IntN(40) - 10}
					if r.IntN(5) == 0 {
						o.State = "" // left out: not in the index
					}
					if _, err := orders.Put(o).Run(ctx, db); err != nil {
						t.Fatal(err)
					}
				case k == 2:
					o.State, o.Total = states[r.IntN(3)], r.IntN(40)-10
					if _, err := orders.Update(entity.Values{"id": id}).Set("state", o.State).Set("total", o.Total).Run(ctx, db); err != nil {
						t.Fatal(err)
					}
				case k == 3:
					o.State = ""
					if _, err := orders.Update(entity.Values{"id": id}).Remove("state").Run(ctx, db); err != nil {
						t.Fatal(err)
					}
				default:
					o.Region = r.IntN(2)
					if _, err := orders.Update(entity.Values{"id": id}).Set("region", o.Region).Run(ctx, db); err != nil {
						t.Fatal(err)
					}
				}
				model[id] = o
			}
			for _, shop := range shops {
				for region := range 2 {
					for _, state := range append([]string{""}, states...) {
						bound := r.IntN(40) - 10
						where := entity.Values{"shop": shop, "region": region}
						match := func(o Order) bool {
							return o.State != "" && o.Shop == shop && o.Region == region && (state == "" || o.State == state)
						}
						q := query.New(orders).Index("ByShop").Limit(3)
						if state != "" {
							where["state"] = state
							q = q.Lt(entity.Values{"total": bound})
							m0 := match
							match = func(o Order) bool { return m0(o) && o.Total < bound }
						}
						got, err := q.Where(where).Collect(ctx, db)
						if err != nil {
							t.Fatal(err)
						}
						var want []Order
						for _, o := range model {
							if match(o) {
								want = append(want, o)
							}
						}
						slices.SortFunc(want, func(a, b Order) int {
							return cmp.Or(cmp.Compare(a.State, b.State), cmp.Compare(a.Total, b.Total), cmp.Compare("ORDER#"+a.ID, "ORDER#"+b.ID))
						})
						// DynamoDB orders equal index keys by the table key; compare as sets then.
						sortByKey := func(os []Order) {
							slices.SortFunc(os, func(a, b Order) int {
								return cmp.Or(cmp.Compare(a.State, b.State), cmp.Compare(a.Total, b.Total), cmp.Compare(a.ID, b.ID))
							})
						}
						sortByKey(got)
						sortByKey(want)
						if diff := gocmp.Diff(want, got); diff != "" {
							t.Errorf("%s/%d/%q < %d: (-model +DynamoDB):\n%s", shop, region, state, bound, diff)
						}
					}
				}
			}
		})
	}
}

// Find selects a multi-attribute index from its native attributes (found
// by the newcomer review: it called the index's partition key "computed").
func TestFindSelectsAMultiAttributeIndex(t *testing.T) {
	t.Parallel()
	_, orders, _ := newShop()
	in, err := query.Find(orders, entity.Values{"shop": "s1", "region": 2, "state": "paid"}).Build()
	if err != nil {
		t.Fatalf("Find: %v", err)
	}
	if got, want := aws.ToString(in.IndexName), "ByShop"; got != want {
		t.Errorf("index %q, want %q", got, want)
	}
	if got, want := aws.ToString(in.KeyConditionExpression), "#shop = :v0 AND #region = :v1 AND #state = :v2"; got != want {
		t.Errorf("key condition %q, want %q", got, want)
	}
	// A sort attribute without the one before it selects nothing.
	var verr *ddbmodel.ValidationError
	if _, err := query.Find(orders, entity.Values{"shop": "s1", "region": 2, "total": 5}).Build(); !errors.As(err, &verr) {
		t.Errorf("Find with a gap: %v, want a ValidationError", err)
	}
}

type sensorReading struct {
	ID     string  `dynamo:"id"`
	Sensor string  `dynamo:"sensor"`
	Value  float64 `dynamo:"value"`
}

// TestMultiKeyQueryRefusesNumbersDynamoDBRefuses: NaN, the infinities and
// numbers outside DynamoDB's range, as floats or as text, in Where, in a
// range or in a raw sort key condition, are a *ddbmodel.ValidationError
// naming the entity and the attribute, before any request (DynamoDB
// would refuse each as a ValidationException). Text that is not a decimal
// number (Go's hex floats, "1e") or that rounds a nonzero number to 0
// ("1e-400") is refused too, rather than read as another number.
func TestMultiKeyQueryRefusesNumbersDynamoDBRefuses(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "readings", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "BySensor",
			PartitionKeys: []entity.KeyAttribute{entity.S("sensor")},
			SortKeys:      []entity.KeyAttribute{entity.N("value")}}}}
	sensorReadings := entity.MustDefine(table, entity.Config[sensorReading]{Name: "Reading", Key: entity.Key{Partition: "R#${id}", Sort: "R"},
		Indexes: []entity.IndexKey[sensorReading]{{Index: "BySensor"}}})
	base := query.New(sensorReadings).Index("BySensor").Where(entity.Values{"sensor": "s1"})
	ctx := context.Background()
	for _, bad := range []any{math.NaN(), math.Inf(1), math.Inf(-1), 1e300, 1e-200, "NaN", "Infinity", "1e400", "1e-400", "0x1p4", "0X1P-2", "1e", "."} {
		for name, q := range map[string]query.Query[sensorReading]{
			"Where":       query.New(sensorReadings).Index("BySensor").Where(entity.Values{"sensor": "s1", "value": bad}),
			"Gt":          base.Gt(entity.Values{"value": bad}),
			"Between":     base.Between(entity.Values{"value": 1}, entity.Values{"value": bad}),
			"raw SortKey": base.SortKey(">", fmt.Sprint(bad)),
		} {
			rec := entitytest.NewRecorder(nil)
			_, err := q.Collect(ctx, entity.NewDB(rec, "readings"))
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "Reading" || ve.Attribute != "value" {
				t.Errorf("%s %v: %v; want a *ddbmodel.ValidationError naming Reading and value", name, bad, err)
			}
			if n := len(rec.Requests()); n != 0 {
				t.Errorf("%s %v: %d requests sent", name, bad, n)
			}
		}
	}
}
