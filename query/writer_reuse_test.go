package query_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type reuseParcel struct {
	ID     string `dynamo:"id"`
	Depot  string `dynamo:"depot"`
	Day    string `dynamo:"day"`
	Weight int    `dynamo:"weight"`
	Note   string `dynamo:"note"`
}

// Placeholder writers are reused from one query build to the next: an
// input built earlier must not change when later queries (of other
// shapes, from other goroutines) are built.
func TestBuiltQueriesDoNotChangeWhenLaterOnesAreBuilt(t *testing.T) {
	table := &entity.Table{Name: "parcels", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByDepot", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	parcels := entity.MustDefine(table, entity.Config[reuseParcel]{
		Name:    "Parcel",
		Key:     entity.Key{Partition: "PARCEL#${id}", Sort: "#META"},
		Indexes: []entity.IndexKey[reuseParcel]{{Index: "ByDepot", Partition: "DEPOT#${depot}", Sort: "DAY#${day}#${id}"}},
	})
	_, orders, _ := newShop()
	shapes := []func(i int) (any, error){
		func(i int) (any, error) {
			return query.New(parcels).Index("ByDepot").Where(entity.Values{"depot": fmt.Sprint("d", i)}).Build()
		},
		func(i int) (any, error) {
			return query.New(parcels).Index("ByDepot").Where(entity.Values{"depot": "north", "day": fmt.Sprint("2026-11-", i%28+1)}).
				Filter(entity.Attr("weight").Gt(i)).Project("note", "weight").Limit(i + 1).Build()
		},
		func(i int) (any, error) {
			return query.New(parcels).Where(entity.Values{"id": fmt.Sprint("p", i)}).Filter(entity.Attr("note").BeginsWith(fmt.Sprint("n", i))).Build()
		},
		func(i int) (any, error) {
			return query.New(orders).Index("ByShop").Where(entity.Values{"shop": fmt.Sprint("s", i), "region": i}).Build()
		},
	}
	type built struct {
		in   any
		want string
	}
	var (
		mu  sync.Mutex
		all []built
		wg  sync.WaitGroup
	)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				n := g*1000 + i
				in, err := shapes[n%len(shapes)](n)
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := json.Marshal(in)
				mu.Lock()
				all = append(all, built{in, string(b)})
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, b := range all {
		got, _ := json.Marshal(b.in)
		if string(got) != b.want {
			t.Errorf("a built query changed after later builds:\nthen: %s\nnow:  %s", b.want, got)
		}
	}
	if len(all) != 200 {
		t.Fatalf("%d queries built, want 200", len(all))
	}
}
