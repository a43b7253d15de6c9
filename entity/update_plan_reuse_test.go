package entity_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type reuseShipment struct {
	ID       string            `dynamo:"id"`
	Carrier  string            `dynamo:"carrier"`
	Region   string            `dynamo:"region"`
	Status   string            `dynamo:"status"`
	Weight   int               `dynamo:"weight"`
	Stops    []string          `dynamo:"stops"`
	Labels   map[string]string `dynamo:"labels"`
	Notes    *string           `dynamo:"notes"`
	Priority int               `dynamo:"priority,omitempty"`
}

// Update plans are reused from one compile to the next: a request built
// earlier, or an error returned earlier, must not change when later
// updates (of other shapes, from other goroutines) are compiled.
func TestBuiltUpdatesDoNotChangeWhenLaterOnesAreCompiled(t *testing.T) {
	table := &entity.Table{Name: "reuse", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	shipments := entity.MustDefine(table, entity.Config[reuseShipment]{
		Name: "Shipment",
		Key:  entity.Key{Partition: "SHIPMENT#${id}", Sort: "#META"},
		Indexes: []entity.IndexKey[reuseShipment]{
			{Index: "GSI1", Partition: "CARRIER#${carrier}#${region}", Sort: "STATUS#${status}#${id}"},
		},
	})
	key := func(i int) entity.Values { return entity.Values{"id": fmt.Sprint("s-", i)} }
	shapes := []func(i int) entity.UpdateOp[reuseShipment]{
		func(i int) entity.UpdateOp[reuseShipment] {
			return shipments.Update(key(i)).Set("status", fmt.Sprint("status-", i))
		},
		func(i int) entity.UpdateOp[reuseShipment] {
			return shipments.Update(key(i)).Set("carrier", "ups").Set("region", fmt.Sprint("r", i)).
				Add("weight", i).If(entity.Attr("status").Eq("open"))
		},
		func(i int) entity.UpdateOp[reuseShipment] {
			return shipments.Update(key(i)).Append("stops", []string{fmt.Sprint("stop-", i), "depot"}).
				Set("labels.kind", fmt.Sprint("k", i)).Remove("notes")
		},
		func(i int) entity.UpdateOp[reuseShipment] {
			return shipments.Update(key(i)).Set("status", "held").With(entity.Values{"carrier": "dhl", "region": fmt.Sprint("r", i)}).
				Set("priority", i+1).Set("notes", fmt.Sprint("note ", i)).Set("weight", 2*i)
		},
		func(i int) entity.UpdateOp[reuseShipment] {
			// Missing composites: an error whose fields must stay put.
			return shipments.Update(key(i)).Set("region", fmt.Sprint("r", i))
		},
	}
	snapshot := func(op entity.UpdateOp[reuseShipment]) (any, string) {
		in, err := op.Build()
		if err != nil {
			var m *ddbmodel.MissingCompositesError
			if !errors.As(err, &m) {
				t.Fatalf("unexpected error: %v", err)
			}
			b, _ := json.Marshal(m)
			return m, err.Error() + string(b)
		}
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		return in, string(b)
	}
	type built struct {
		out  any
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
				out, want := snapshot(shapes[n%len(shapes)](n))
				mu.Lock()
				all = append(all, built{out, want})
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, b := range all {
		var got []byte
		if m, ok := b.out.(*ddbmodel.MissingCompositesError); ok {
			j, _ := json.Marshal(m)
			got = append([]byte(m.Error()), j...)
		} else {
			got, _ = json.Marshal(b.out)
		}
		if string(got) != b.want {
			t.Errorf("a built update changed after later compiles:\nthen: %s\nnow:  %s", b.want, got)
		}
	}
	if len(all) != 200 {
		t.Fatalf("%d updates built, want 200", len(all))
	}
}
