package entity_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Task has keys of every kind an update must keep true: a plain index
// built from several attributes (one padded), a sparse index on an
// optional attribute, and, in the second definition, a sparse index whose
// membership a When function decides and whose sort key a function
// computes.
type Task struct {
	ID       string `dynamo:"id"`
	Owner    string `dynamo:"owner"`
	Status   string `dynamo:"status"`
	Priority int    `dynamo:"priority"`
	Due      string `dynamo:"due"`
	Note     string `dynamo:"note"`
}

func taskTable() *entity.Table {
	return &entity.Table{Name: "tasks", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
		{Name: "GSI3", PartitionKey: entity.S("GSI3PK"), SortKey: entity.S("GSI3SK")},
	}}
}

func defineTasks(table *entity.Table, withWhen bool) *entity.Entity[Task] {
	indexes := []entity.IndexKey[Task]{
		{Index: "GSI1", Partition: "OWNER#${owner}", Sort: "S#${status}#P#${priority:pad(3)}"},
		{Index: "GSI2", Partition: "DUE", Sort: "${due}#${id}", Sparse: true},
	}
	if withWhen {
		indexes = append(indexes, entity.IndexKey[Task]{
			Index: "GSI3", Partition: "OPEN#${owner}", Sparse: true,
			SortFunc: func(t Task) (string, error) { return fmt.Sprintf("%03d#%s", 999-t.Priority, t.ID), nil },
			SortUses: []string{"priority", "id"},
			When:     func(t Task) bool { return t.Status != "done" },
		})
	}
	return entity.MustDefine(table, entity.Config[Task]{
		Name: "Task",
		Key:  entity.Key{Partition: "TASK#${id}", Sort: "T"},
		Attributes: map[string]entity.Attribute{
			"status": {Enum: []string{"todo", "doing", "done"}},
		},
		Indexes: indexes,
	})
}

// randomTaskUpdate applies one or two random actions to the task with id.
func randomTaskUpdate(rng *rand.Rand, op entity.UpdateOp[Task], ids *int) (entity.UpdateOp[Task], string) {
	var did string
	attrs := []string{"owner", "status", "priority", "due", "note", "id"}
	rng.Shuffle(len(attrs), func(i, j int) { attrs[i], attrs[j] = attrs[j], attrs[i] })
	for _, attr := range attrs[:1+rng.IntN(2)] {
		switch attr {
		case "owner":
			v := []string{"ann", "bob"}[rng.IntN(2)]
			op, did = op.Set("owner", v), did+" set owner "+v
		case "status":
			v := []string{"todo", "doing", "done"}[rng.IntN(3)]
			op, did = op.Set("status", v), did+" set status "+v
		case "priority":
			if rng.IntN(2) == 0 {
				v := rng.IntN(1000)
				op, did = op.Set("priority", v), did+fmt.Sprint(" set priority ", v)
			} else {
				v := rng.IntN(7) - 3
				op, did = op.Add("priority", v), did+fmt.Sprint(" add priority ", v)
			}
		case "due":
			switch rng.IntN(3) {
			case 0:
				v := fmt.Sprintf("2026-12-%02d", 1+rng.IntN(28))
				op, did = op.Set("due", v), did+" set due "+v
			case 1:
				op, did = op.Remove("due"), did+" remove due"
			default:
				op, did = op.SetIfNotExists("due", "2027-01-01"), did+" set due if absent"
			}
		case "note":
			op, did = op.Set("note", fmt.Sprint("n", rng.IntN(100))), did+" set note"
		case "id":
			if rng.IntN(4) == 0 { // moves the item: now and then
				*ids++
				v := fmt.Sprint("t", *ids)
				op, did = op.Set("id", v), did+" set id "+v
			}
		}
	}
	return op, did
}

// TestRandomUpdatesKeepEveryKeyTrue runs random updates, including moves,
// against DynamoDB Local and checks after each one that the item's stored
// keys are exactly the keys a put of the item would write: no stale, no
// partial and no missing key, in any index. A refused update must leave the
// item as it was.
func TestRandomUpdatesKeepEveryKeyTrue(t *testing.T) {
	t.Parallel()
	for _, withWhen := range []bool{false, true} {
		t.Run(fmt.Sprint("when=", withWhen), func(t *testing.T) {
			ctx := context.Background()
			table := taskTable()
			tasks := defineTasks(table, withWhen)
			db := entitytest.NewDB(t, table)
			rng := rand.New(rand.NewPCG(7, 11))
			ids := 1
			id := "t1"
			if _, err := tasks.Create(Task{ID: id, Owner: "ann", Status: "todo", Priority: 5}).Run(ctx, db); err != nil {
				t.Fatal(err)
			}
			applied, refused, moved := 0, 0, 0
			for step := range 150 {
				key := entity.Values{"id": id}
				pk, _ := tasks.Key(key)
				before := rawItem(t, db, pk)
				op, did := randomTaskUpdate(rng, tasks.Update(key), &ids)
				readFirst := withWhen || rng.IntN(2) == 0
				if readFirst {
					op = op.ReadFirst()
				}
				got, err := op.Run(ctx, db)
				if err != nil {
					var ve *ddbmodel.ValidationError
					var mc *ddbmodel.MissingCompositesError
					if !errors.As(err, &ve) && !errors.As(err, &mc) {
						t.Fatalf("step %d:%s (read first %v): untyped error %v", step, did, readFirst, err)
					}
					if readFirst && mc != nil {
						t.Fatalf("step %d:%s: missing composites although the item was read: %v", step, did, err)
					}
					if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
						t.Fatalf("step %d:%s: a refused update (%v) changed the item:\n%s", step, did, err, diff)
					}
					refused++
					continue
				}
				applied++
				if got.ID != id {
					moved++
					if old := rawItem(t, db, pk); old != nil {
						t.Fatalf("step %d:%s: the item moved to %s but its old key still holds %v", step, did, got.ID, old)
					}
					id = got.ID
					pk, _ = tasks.Key(entity.Values{"id": id})
				}
				stored := rawItem(t, db, pk)
				decoded, err := tasks.Decode(stored)
				if err != nil {
					t.Fatalf("step %d:%s: decoding the stored item: %v", step, did, err)
				}
				want, err := tasks.Put(decoded).Build()
				if err != nil {
					t.Fatalf("step %d:%s: the stored item %v would not put: %v", step, did, stored, err)
				}
				if diff := cmp.Diff(keyAttributes(table, want.Item), keyAttributes(table, stored), entitytest.CmpOptions); diff != "" {
					t.Fatalf("step %d:%s (read first %v): stored keys differ from a put's (-put +stored):\n%s", step, did, readFirst, diff)
				}
			}
			t.Logf("%d updates applied (%d moves), %d refused", applied, moved, refused)
			if applied < 50 || moved == 0 || refused == 0 {
				t.Errorf("the random updates no longer cover success, moves and refusals: %d applied, %d moved, %d refused", applied, moved, refused)
			}
		})
	}
}

// keyAttributes picks the table's and its indexes' key attributes of item.
func keyAttributes(table *entity.Table, item map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := map[string]types.AttributeValue{}
	names := []string{table.PartitionKey.Name, table.SortKey.Name}
	for _, ix := range table.Indexes {
		names = append(names, ix.PartitionKey.Name, ix.SortKey.Name)
	}
	for _, n := range names {
		if av, ok := item[n]; ok {
			out[n] = av
		}
	}
	return out
}
