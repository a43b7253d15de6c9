package evolve_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// Task has an Updated timestamp and a lock attribute, which every put
// changes. Its v2 changes GSI1's sort template (not built from either)
// and adds the sparse GSI2 of open tasks, whose When reads the value.
type Task struct {
	ID        string `dynamo:"id"`
	Board     string `dynamo:"board"`
	State     string `dynamo:"state"`
	UpdatedAt string `dynamo:"updatedAt"`
	Version   int64  `dynamo:"version"`
}

const (
	taskV1Time = "2026-01-01T00:00:00.000Z"
	taskV2Time = "2026-05-01T00:00:00.000Z"
)

func taskModel(v2 bool, tableSort string) *entity.Entity[Task] {
	at := taskV1Time
	cfg := entity.Config[Task]{Name: "Task", Key: entity.Key{Partition: "TASK#${id}", Sort: tableSort},
		Indexes:    []entity.IndexKey[Task]{{Index: "GSI1", Partition: "BOARD#${board}", Sort: "STATE#${state}#${id}"}},
		Timestamps: entity.Timestamps{Updated: "updatedAt"}, LockAttribute: "version"}
	if v2 {
		at = taskV2Time
		cfg.Indexes = []entity.IndexKey[Task]{{Index: "GSI1", Partition: "BOARD#${board}", Sort: "ST#${state}#${id}"},
			{Index: "GSI2", Partition: "OPEN#${board}", Sort: "T#${id}", Sparse: true, When: func(t Task) bool { return t.State == "open" }}}
	}
	cfg.Now = func() time.Time { tm, _ := time.Parse(time.RFC3339, at); return tm }
	return entity.MustDefine(newTable("GSI1", "GSI2"), cfg)
}

// Items of an entity with an Updated timestamp and a lock attribute are
// repaired: each write sets the differing keys and the lock as a put
// would (so a writer holding the version read before fails), and keeps
// the Updated timestamp unless a differing key may be built from it (the
// When of GSI2: then it is written as a put writes it). Verify is clean
// afterwards.
func TestRepairOfAnEntityWithTimestampAndLock(t *testing.T) {
	t.Parallel()
	v1, v2 := taskModel(false, "#TASK"), taskModel(true, "#TASK")
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	const n = 40
	states := map[string]string{}
	for i := range n {
		tk := Task{ID: fmt.Sprintf("t%02d", i), Board: "b", State: []string{"open", "done"}[i%2]}
		if _, err := v1.Create(tk).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		states[tk.ID] = tk.State
	}
	before, err := evolve.Entity(v2).Samples(n).Verify(ctx, db)
	if err != nil || before.Findings != n || before.Counts[evolve.PutChanges] != n || before.Counts[evolve.MissingIndexKey] != n/2 {
		t.Fatalf("before: %v, %v", before.Counts, err)
	}
	for _, f := range before.Samples[evolve.PutChanges] {
		if !f.Repairable() {
			t.Fatalf("%s not repairable", keyText(f.Key))
		}
	}
	read, err := v2.Get(entity.Values{"id": "t01"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if err != nil || r.Repaired != n || len(r.Failed) != 0 {
		t.Fatalf("repair: %v, repaired %d, failed %v", err, r.Repaired, r.Failed)
	}
	for id, state := range states {
		out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: db.Table("evolve"), Key: map[string]types.AttributeValue{"PK": str("TASK#" + id), "SK": str("#TASK")}})
		if err != nil {
			t.Fatal(err)
		}
		it := out.Item
		wantAt, wantGSI2 := taskV1Time, "(absent)"
		if state == "open" {
			wantAt, wantGSI2 = taskV2Time, "T#"+id
		}
		if text(it["version"]) != "2" || text(it["updatedAt"]) != wantAt || text(it["GSI1SK"]) != "ST#"+state+"#"+id || text(it["GSI2SK"]) != wantGSI2 {
			t.Errorf("%s (%s): version %s, updatedAt %s, GSI1SK %s, GSI2SK %s", id, state, text(it["version"]), text(it["updatedAt"]), text(it["GSI1SK"]), text(it["GSI2SK"]))
		}
	}
	// A writer holding the version read before the repair fails.
	_, err = v2.Update(entity.Values{"id": "t01"}).Set("state", "open").IfVersion(read.Version).ReadFirst().Run(ctx, db)
	var ce *ddbmodel.ConditionError
	if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrVersionConflict) {
		t.Errorf("an update at the version read before the repair: %v, want a version conflict", err)
	}
	after, err := evolve.Entity(v2).Verify(ctx, db)
	if err != nil || after.Findings != 0 {
		t.Errorf("after: %v, %v", after.Counts, err)
	}
	// The writer that reads again writes.
	if _, err := v2.Update(entity.Values{"id": "t01"}).Set("state", "open").IfVersion(read.Version+1).ReadFirst().Run(ctx, db); err != nil {
		t.Errorf("an update at the repaired version: %v", err)
	}
}

// A move of an item with a lock puts it with the lock incremented and the
// Updated timestamp as stored.
func TestAMoveOfALockedItemIncrementsItsLock(t *testing.T) {
	in, err := taskModel(false, "#TASK").Create(Task{ID: "t1", Board: "b", State: "done"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	v2 := taskModel(false, "#T")
	f, err := evolve.Entity(v2).Check(in.Item)
	if err != nil || f == nil || !f.Moves() {
		t.Fatalf("%v, %v", f, err)
	}
	mv, err := f.BuildMove()
	if err != nil {
		t.Fatal(err)
	}
	put := mv.TransactItems[1].Put.Item
	if text(put["SK"]) != "#T" || text(put["version"]) != "2" || text(put["updatedAt"]) != taskV1Time || len(put) != len(in.Item) {
		t.Errorf("moved item %v", put)
	}
}

// Memo's v2 gives tag a Default and adds GSI1: a put of a v1 item also
// writes the default, which a repair does not write: it is reported.
type Memo struct {
	ID  string `dynamo:"id"`
	Tag string `dynamo:"tag,omitempty"`
}

func TestAPutChangingAnotherAttributeIsReportedNotRepaired(t *testing.T) {
	v1 := entity.MustDefine(newTable("GSI1"), entity.Config[Memo]{Name: "Memo", Key: entity.Key{Partition: "MEMO#${id}", Sort: "#MEMO"}})
	v2 := entity.MustDefine(newTable("GSI1"), entity.Config[Memo]{Name: "Memo", Key: entity.Key{Partition: "MEMO#${id}", Sort: "#MEMO"},
		Indexes:    []entity.IndexKey[Memo]{{Index: "GSI1", Partition: "MEMOS", Sort: "M#${id}"}},
		Attributes: map[string]entity.Attribute{"tag": {Default: "none"}}})
	in, err := v1.Put(Memo{ID: "m1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	f, err := evolve.Entity(v2).Check(in.Item)
	if err != nil || f == nil || f.Repairable() {
		t.Fatalf("%v, %v", f, err)
	}
	if up, err := f.Build(); up != nil || !errors.Is(err, evolve.ErrNotRepairable) || !strings.Contains(err.Error(), `"tag"`) {
		t.Errorf("Build: %v, %v", up, err)
	}
}

// A writer that read a locked item before it was moved, and writes at its
// new key with the version it read, fails with a version conflict: the
// move is a write, and increments the lock. Through the old key it finds
// no item.
func TestAWriterHoldingTheVersionReadBeforeAMoveFails(t *testing.T) {
	t.Parallel()
	v1, v2 := taskModel(false, "#TASK"), taskModel(false, "#T")
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	if _, err := v1.Create(Task{ID: "t1", Board: "b", State: "done"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	read, err := v1.Get(entity.Values{"id": "t1"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if err != nil || r.Moved != 1 {
		t.Fatalf("repair: %v, moved %d", err, r.Moved)
	}
	var ce *ddbmodel.ConditionError
	_, err = v2.Update(entity.Values{"id": "t1"}).Set("state", "open").IfVersion(read.Version).Run(ctx, db)
	if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrVersionConflict) {
		t.Errorf("at the new key with the version read before the move: %v, want a version conflict", err)
	}
	_, err = v1.Update(entity.Values{"id": "t1"}).Set("state", "open").IfVersion(read.Version).Run(ctx, db)
	if !errors.As(err, &ce) {
		t.Errorf("at the old key: %v, want a *ddbmodel.ConditionError", err)
	}
	got, err := v2.Update(entity.Values{"id": "t1"}).Set("state", "open").IfVersion(read.Version+1).Run(ctx, db)
	if err != nil || got.State != "open" || got.Version != read.Version+2 {
		t.Errorf("at the moved version: %+v, %v", got, err)
	}
	if after, err := evolve.Entity(v2).Verify(ctx, db); err != nil || after.Findings != 0 || after.Scanned != 1 {
		t.Errorf("after: %d findings of %d, %v", after.Findings, after.Scanned, err)
	}
}

// On DynamoDB Local: notes indexed by their updated time under v2 are
// repaired with the key their stored time renders, which they keep; an
// item v2 writes afterwards is no finding, and the index lists them in
// the order of their updates.
func TestIndexKeysBuiltFromTheUpdatedTimeAreRepairedAndStayClean(t *testing.T) {
	t.Parallel()
	clock := func(s string) func() time.Time {
		return func() time.Time { tm, _ := time.Parse(time.RFC3339, s); return tm }
	}
	key := entity.Key{Partition: "NOTE#${id}", Sort: "#NOTE"}
	v2 := entity.MustDefine(newTable("GSI1"), entity.Config[Note]{Name: "Note", Key: key,
		Indexes:    []entity.IndexKey[Note]{{Index: "GSI1", Partition: "NOTES", Sort: "U#${updatedAt}#${id}"}},
		Timestamps: entity.Timestamps{Updated: "updatedAt"}, Now: clock("2026-05-01T00:00:00Z")})
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	for i := range 12 {
		v1 := entity.MustDefine(newTable("GSI1"), entity.Config[Note]{Name: "Note", Key: key,
			Timestamps: entity.Timestamps{Updated: "updatedAt"}, Now: clock(fmt.Sprintf("2026-01-%02dT00:00:00Z", 12-i))})
		if _, err := v1.Put(Note{ID: fmt.Sprintf("n%02d", i)}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	job := evolve.Entity(v2).Segments(3)
	r, err := job.Repair(ctx, db)
	if err != nil || r.Repaired != 12 || r.Counts[evolve.MissingIndexKey] != 12 || r.Counts[evolve.PutChanges] != 0 {
		t.Fatalf("repair: %+v, %v", r, err)
	}
	if _, err := v2.Put(Note{ID: "n99"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if after, err := job.Verify(ctx, db); err != nil || after.Findings != 0 || after.Scanned != 13 {
		t.Errorf("verify after: %+v, %v", after, err)
	}
	out, err := db.Client.Query(ctx, &dynamodb.QueryInput{TableName: db.Table("evolve"), IndexName: new("GSI1"),
		KeyConditionExpression: new("GSI1PK = :p"), ExpressionAttributeValues: map[string]types.AttributeValue{":p": str("NOTES")}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range out.Items {
		ids = append(ids, text(it["id"]))
	}
	want := []string{"n11", "n10", "n09", "n08", "n07", "n06", "n05", "n04", "n03", "n02", "n01", "n00", "n99"}
	if !slices.Equal(ids, want) {
		t.Errorf("GSI1 by updated time: %v, want %v", ids, want)
	}
}
