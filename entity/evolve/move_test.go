package evolve_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Doc's v2 changes the table's sort template (DOC#${id} -> DOCUMENT#${id}, which sorts after the old key, so
// that a scan meets a moved item again): every
// item written under v1 sits at a stale table key.
type Doc struct {
	Space string `dynamo:"space"`
	ID    string `dynamo:"id"`
	Title string `dynamo:"title"`
	Note  string `dynamo:"note,omitempty"`
}

func docModel(sort string) *entity.Entity[Doc] {
	return entity.MustDefine(newTable(), entity.Config[Doc]{Name: "Doc", Key: entity.Key{Partition: "SPACE#${space}", Sort: sort}})
}

// docs is a table of n docs written under v1.
type docs struct {
	db     *entity.DB
	v1, v2 *entity.Entity[Doc]
	all    []Doc
}

func seedDocs(t testing.TB, n int) *docs {
	t.Helper()
	d := &docs{v1: docModel("DOC#${id}"), v2: docModel("DOCUMENT#${id}")}
	d.db = entitytest.NewDB(t, d.v2.Table())
	var ops []entity.BatchWriter
	for i := range n {
		doc := Doc{Space: fmt.Sprintf("s%d", i%5), ID: fmt.Sprintf("d%04d", i), Title: "v1"}
		d.all = append(d.all, doc)
		ops = append(ops, d.v1.Put(doc))
	}
	if err := txn.BatchWrite(t.Context(), d.db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	return d
}

func docKey(doc Doc) entity.Values { return entity.Values{"space": doc.Space, "id": doc.ID} }

// rawKeys returns the sort keys of every item of the table.
func (d *docs) rawKeys(t *testing.T) []string {
	t.Helper()
	var out []string
	p := dynamodb.NewScanPaginator(d.db.Client, &dynamodb.ScanInput{TableName: d.db.Table("evolve"), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		page, err := p.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			out = append(out, text(it["SK"]))
		}
	}
	return out
}

// noteWriter is the service updating random docs' notes while a job
// runs: it writes through v1 (the old key) and, once that fails because
// the doc has moved, through v2. acked holds each doc's last acknowledged
// note; raced counts the v1 writes refused because the doc had moved.
type noteWriter struct {
	stop   chan struct{}
	wg     sync.WaitGroup
	mu     sync.Mutex
	acked  map[string]string
	raced  atomic.Int64
	writes atomic.Int64
}

func startNotes(t *testing.T, d *docs) *noteWriter {
	w := &noteWriter{stop: make(chan struct{}), acked: map[string]string{}}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		rng := rand.New(rand.NewPCG(7, 1))
		for i := 0; ; i++ {
			select {
			case <-w.stop:
				return
			default:
			}
			doc := d.all[rng.IntN(len(d.all))]
			note := fmt.Sprintf("w%d", i)
			_, err := d.v1.Update(docKey(doc)).Set("note", note).Run(t.Context(), d.db)
			var ce *ddbmodel.ConditionError
			if errors.As(err, &ce) {
				// Moved: the old key is gone; the write goes to the new one.
				w.raced.Add(1)
				_, err = d.v2.Update(docKey(doc)).Set("note", note).Run(t.Context(), d.db)
			}
			if err != nil {
				t.Errorf("writing %s: %v", doc.ID, err)
				return
			}
			w.mu.Lock()
			w.acked[doc.ID] = note
			w.mu.Unlock()
			w.writes.Add(1)
		}
	}()
	return w
}

func (w *noteWriter) end() { close(w.stop); w.wg.Wait() }

// Two workers (Share) move every doc to its v2 key while the service
// writes: each doc is moved exactly once (a doc moved into a segment not
// yet scanned is scanned again, clean), no acknowledged write is lost, a
// v1 write after the move fails instead of writing the old key again, and
// Verify is clean afterwards.
func TestRepairMovesStaleTableKeysWhileAWriterUpdates(t *testing.T) {
	t.Parallel()
	const n = 800
	d := seedDocs(t, n)
	ctx := t.Context()
	before, err := evolve.Entity(d.v2).Segments(8).Verify(ctx, d.db)
	if err != nil || before.Counts[evolve.StalePrimaryKey] != n || before.Findings != n {
		t.Fatalf("before: %v, %v", before.Counts, err)
	}
	w := startNotes(t, d)
	job := evolve.Entity(d.v2).Segments(8).Workers(2).PageSize(50).Checkpoint("move-v2")
	var reports [2]evolve.Report
	var errs [2]error
	var wg sync.WaitGroup
	read := &itemCount{Client: d.db.Client}
	cdb := *d.db
	cdb.Client = read
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i], errs[i] = job.Share(i, 2).Repair(ctx, &cdb)
		}()
	}
	wg.Wait()
	w.end()
	var scanned, findings, moved, repaired int64
	for i, r := range reports {
		if errs[i] != nil || len(r.Failed) != 0 {
			t.Fatalf("worker %d: %v (failed %v)", i, errs[i], r.Failed)
		}
		scanned, findings, moved, repaired = scanned+r.Scanned, findings+r.Findings, moved+r.Moved, repaired+r.Repaired
	}
	t.Logf("scanned %d, findings %d, moved %d; %d writes acknowledged, %d v1 writes refused after a move", scanned, findings, moved, w.writes.Load(), w.raced.Load())
	if findings != n || moved != n || repaired != n {
		t.Errorf("findings %d, moved %d, repaired %d; want %d each (every doc moved once)", findings, moved, repaired, n)
	}
	// A moved doc sorts after its old key, in the same partition: the
	// run that moved it reads it again, and counts it once.
	if got := read.items.Load(); got <= n || scanned != n {
		t.Errorf("scans returned %d items, the reports count %d scanned; want more than %d returned (moved docs met again) and %d counted", got, scanned, n, n)
	}
	if w.writes.Load() == 0 || w.raced.Load() == 0 {
		t.Errorf("%d writes, %d refused after a move: the writer did not race the job", w.writes.Load(), w.raced.Load())
	}
	for _, sk := range d.rawKeys(t) {
		if strings.HasPrefix(sk, "DOC#") {
			t.Errorf("an item at an old key: %s", sk)
		}
	}
	for _, doc := range d.all {
		got, err := d.v2.Get(docKey(doc)).Run(ctx, d.db)
		if err != nil {
			t.Fatalf("%s: %v", doc.ID, err)
		}
		if want := w.acked[doc.ID]; got.Note != want || got.Title != "v1" {
			t.Errorf("%s: %+v, want note %q (the last acknowledged)", doc.ID, got, want)
		}
	}
	after, err := evolve.Entity(d.v2).Segments(8).Verify(ctx, d.db)
	if err != nil || after.Findings != 0 || after.Scanned != n {
		t.Errorf("after: %d findings of %d scanned (%v), %v", after.Findings, after.Scanned, after.Counts, err)
	}
}

// txRaceClient runs before once, just before the first transaction.
type txRaceClient struct {
	entity.Client
	before func(ctx context.Context)
	once   sync.Once
}

func (c *txRaceClient) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.once.Do(func() { c.before(ctx) })
	return c.Client.TransactWriteItems(ctx, in, opts...)
}

// A write landing between the job's read and its move fails the move's
// condition: the doc is read again and moved with that write in it, and a
// write through the old key after the move is a *ddbmodel.ConditionError,
// not a new item at the old key.
func TestAMoveRacedByAWriteMovesTheWrittenItem(t *testing.T) {
	t.Parallel()
	d := seedDocs(t, 1)
	ctx := t.Context()
	doc := d.all[0]
	rec := entitytest.NewRecorder(&txRaceClient{Client: d.db.Client, before: func(ctx context.Context) {
		if _, err := d.v1.Update(docKey(doc)).Set("note", "raced").Run(ctx, d.db); err != nil {
			t.Error(err)
		}
	}})
	db := *d.db
	db.Client = rec
	r, err := evolve.Entity(d.v2).Repair(ctx, &db)
	if err != nil || r.Moved != 1 || r.Repaired != 1 {
		t.Fatalf("repair: %v, moved %d, repaired %d", err, r.Moved, r.Repaired)
	}
	if tx, g := rec.Count(entitytest.TransactWriteItems), rec.Count(entitytest.GetItem); tx != 2 || g != 1 {
		t.Errorf("%d transactions and %d reads, want 2 (the one refused, then the one from the new read) and 1", tx, g)
	}
	got, err := d.v2.Get(docKey(doc)).Run(ctx, d.db)
	if err != nil || got.Note != "raced" {
		t.Errorf("moved: %+v, %v; want the raced note", got, err)
	}
	_, err = d.v1.Update(docKey(doc)).Set("note", "late").Run(ctx, d.db)
	var ce *ddbmodel.ConditionError
	if !errors.As(err, &ce) {
		t.Errorf("a v1 write after the move: %v, want a *ddbmodel.ConditionError", err)
	}
	if keys := d.rawKeys(t); len(keys) != 1 || keys[0] != "DOCUMENT#d0000" {
		t.Errorf("items %v, want the moved doc alone", keys)
	}
}

// An item already at the key a doc moves to (the v2 service created the
// doc anew; an item of no entity, written by other code) is never
// overwritten: the doc is reported with a *KeyTakenError naming both
// keys, and both items stay as they were. A dry run reports every move and
// writes nothing.
func TestAMoveOntoATakenKeyIsReportedAndNothingOverwritten(t *testing.T) {
	t.Parallel()
	d := seedDocs(t, 3)
	ctx := t.Context()
	taken := d.all[1]
	taken.Title = "created under v2"
	if _, err := d.v2.Create(taken).Run(ctx, d.db); err != nil {
		t.Fatal(err)
	}
	raw := map[string]types.AttributeValue{"PK": str("SPACE#s2"), "SK": str("DOCUMENT#d0002"), "other": str("code")}
	if _, err := d.db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: d.db.Table("evolve"), Item: raw}); err != nil {
		t.Fatal(err)
	}
	rec := entitytest.NewRecorder(d.db.Client)
	db := *d.db
	db.Client = rec
	dry, err := evolve.Entity(d.v2).DryRun().Repair(ctx, &db)
	if err != nil || dry.WouldMove != 3 || dry.WouldRepair != 3 || dry.Moved != 0 || dry.Scanned != 4 {
		t.Fatalf("dry run: %v, would move %d, would repair %d, moved %d", err, dry.WouldMove, dry.WouldRepair, dry.Moved)
	}
	if n := rec.Count(entitytest.PutItem, entitytest.UpdateItem, entitytest.DeleteItem, entitytest.BatchWriteItem, entitytest.TransactWriteItems); n != 0 {
		t.Errorf("the dry run sent %d writes", n)
	}
	for _, f := range dry.Samples[evolve.StalePrimaryKey] {
		in, err := f.BuildMove()
		if err != nil {
			t.Fatal(err)
		}
		del, put := in.TransactItems[0].Delete, in.TransactItems[1].Put
		if text(del.Key["SK"]) != "DOC#"+text(f.Item["id"]) || text(put.Item["SK"]) != "DOCUMENT#"+text(f.Item["id"]) ||
			aws.ToString(put.ConditionExpression) != "attribute_not_exists(#PK)" {
			t.Errorf("the move of %s: delete %v, put %v if %s", keyText(f.Key), del.Key, put.Item, aws.ToString(put.ConditionExpression))
		}
	}
	r, err := evolve.Entity(d.v2).Repair(ctx, d.db)
	if !errors.Is(err, evolve.ErrKeyTaken) || len(r.Failed) != 2 || r.Moved != 1 {
		t.Fatalf("repair: %v (failed %v, moved %d); want the two taken keys reported", err, r.Failed, r.Moved)
	}
	holders := map[string]string{}
	for _, f := range r.Failed {
		var kt *evolve.KeyTakenError
		if !errors.As(f, &kt) || kt.Entity != "Doc" || keyText(kt.To) != strings.Replace(keyText(kt.From), "DOC#", "DOCUMENT#", 1) {
			t.Fatalf("%v: %+v", f, kt)
		}
		holders[keyText(kt.From)] = kt.HolderEntity
		pk, sk, _ := strings.Cut(keyText(kt.From), "/")
		_, to, _ := strings.Cut(keyText(kt.To), "/")
		for _, want := range []string{"Doc item", "PK=" + pk + ",SK=" + sk + " to PK=" + pk + ",SK=" + to} {
			if !strings.Contains(f.Error(), want) {
				t.Errorf("the error does not name %q: %v", want, f)
			}
		}
		if n := strings.Count(f.Error(), "ddbmodel: "); n != 1 {
			t.Errorf("%d prefixes: %v", n, f)
		}
	}
	if want := map[string]string{"SPACE#s1/DOC#d0001": "Doc", "SPACE#s2/DOC#d0002": ""}; !maps.Equal(holders, want) {
		t.Errorf("holders %v, want %v", holders, want)
	}
	out, err := d.db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: d.db.Table("evolve"), Key: map[string]types.AttributeValue{"PK": raw["PK"], "SK": raw["SK"]}})
	if err != nil || len(out.Item) != 3 || text(out.Item["other"]) != "code" {
		t.Errorf("the item of no entity: %v, %v; want it untouched", out.Item, err)
	}
	if got, err := d.v2.Get(docKey(taken)).Run(ctx, d.db); err != nil || got != taken {
		t.Errorf("the item at the new key: %+v, %v; want it untouched", got, err)
	}
	if got, err := d.v1.Get(docKey(taken)).Run(ctx, d.db); err != nil || got != d.all[1] {
		t.Errorf("the item at the old key: %+v, %v; want it untouched", got, err)
	}
	after, err := evolve.Entity(d.v2).Verify(ctx, d.db)
	if err != nil || after.Findings != 2 || after.Counts[evolve.StalePrimaryKey] != 2 {
		t.Errorf("after: %v, %v; want the two docs not moved", after.Counts, err)
	}
}

// An entity with unique attributes: its marker items name the item's
// table key, so an item whose table key is stale is refused, not moved.
func TestAMoveOfAnItemWithUniqueAttributesIsRefused(t *testing.T) {
	define := func(sort string) *entity.Entity[Doc] {
		return entity.MustDefine(newTable(), entity.Config[Doc]{Name: "Doc", Key: entity.Key{Partition: "SPACE#${space}", Sort: sort},
			Attributes: map[string]entity.Attribute{"title": {Unique: true}}})
	}
	item, err := define("DOC#${id}").Encode(Doc{Space: "s", ID: "d", Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := evolve.Entity(define("DOCUMENT#${id}")).Check(item)
	if err != nil || f == nil || !f.Moves() || f.Repairable() {
		t.Fatalf("%v, %v", f, err)
	}
	mv, err := f.BuildMove()
	var re *evolve.RepairError
	if mv != nil || !errors.As(err, &re) || !errors.Is(err, evolve.ErrNotRepairable) || !strings.Contains(err.Error(), "title") {
		t.Errorf("BuildMove: %v, %v", mv, err)
	}
	if up, err := f.Build(); up != nil || !errors.Is(err, evolve.ErrNotRepairable) {
		t.Errorf("Build: %v, %v", up, err)
	}
}

// Build of a move and BuildMove of an update are refused with typed errors.
func TestBuildAndBuildMoveRefuseTheOtherKind(t *testing.T) {
	in, err := docModel("DOC#${id}").Put(Doc{Space: "s", ID: "d"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	f, err := evolve.Entity(docModel("DOCUMENT#${id}")).Check(in.Item)
	if err != nil || f == nil || !f.Repairable() {
		t.Fatalf("%v, %v", f, err)
	}
	if up, err := f.Build(); up != nil || !errors.Is(err, evolve.ErrMoves) {
		t.Errorf("Build of a move: %v, %v", up, err)
	}
	v1 := modelV1()
	tin, err := v1.tickets.Put(Ticket{TenantID: "a", ID: "k", Status: "open", Owner: "o"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	g, err := evolve.Entity(modelV2().tickets).Check(tin.Item)
	if err != nil || g == nil || g.Moves() {
		t.Fatalf("%v, %v", g, err)
	}
	var ve *ddbmodel.ValidationError
	if mv, err := g.BuildMove(); mv != nil || !errors.As(err, &ve) || ve.Entity != "Ticket" {
		t.Errorf("BuildMove of an index repair: %v, %v", mv, err)
	}
	if _, err := (*evolve.Finding)(nil).BuildMove(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("BuildMove of a nil finding: %v", err)
	}
	// A finding made by hand, not by a job: refused, no panic.
	hand := &evolve.Finding{Entity: "Doc", Key: f.Key, Item: f.Item, Diffs: f.Diffs, Kinds: f.Kinds}
	if mv, err := hand.BuildMove(); mv != nil || !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("BuildMove of a finding made by hand: %v, %v", mv, err)
	}
}

// itemCount counts the items the scans return.
type itemCount struct {
	entity.Client
	items atomic.Int64
}

func (c *itemCount) Scan(ctx context.Context, in *dynamodb.ScanInput, opts ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	out, err := c.Client.Scan(ctx, in, opts...)
	if err == nil {
		c.items.Add(int64(len(out.Items)))
	}
	return out, err
}
