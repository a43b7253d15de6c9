package evolve_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// DocV1 is a document as version 1 of the MigDoc entity stored it: a title,
// and its word count as text.
type DocV1 struct {
	Shelf string `dynamo:"shelf"`
	ID    string `dynamo:"id"`
	Title string `dynamo:"title"`
	Words string `dynamo:"words"`
	Tag   string `dynamo:"tag,omitempty"`
}

// MigDoc is version 2: title renamed headline, words a number, and a new
// field, lang.
type MigDoc struct {
	Shelf    string `dynamo:"shelf"`
	ID       string `dynamo:"id"`
	Headline string `dynamo:"headline"`
	Words    int    `dynamo:"words"`
	Tag      string `dynamo:"tag,omitempty"`
	Lang     string `dynamo:"lang"`
}

// docUpgrade is version 2's upgrade of a version 1 item. It lower-cases
// the id, so that a version 1 item with an upper-case id upgrades to a
// value of another table key.
func docUpgrade(o DocV1) (MigDoc, error) {
	n, err := strconv.Atoi(o.Words)
	if err != nil {
		return MigDoc{}, fmt.Errorf("words: %w", err)
	}
	return MigDoc{Shelf: o.Shelf, ID: strings.ToLower(o.ID), Headline: o.Title, Words: n, Tag: o.Tag, Lang: "en"}, nil
}

func docTable() *entity.Table {
	return &entity.Table{Name: "docs", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
}

var migDocKey = entity.Key{Partition: "SHELF#${shelf}", Sort: "DOC#${id}"}

// docModels returns the MigDoc entity at version 1 and at version 2 (with
// the upgrade from 1), each on its own table value of the one table.
func docModels() (*entity.Entity[DocV1], *entity.Entity[MigDoc]) {
	v1 := entity.MustDefine(docTable(), entity.Config[DocV1]{Name: "MigDoc", Key: migDocKey,
		Indexes: []entity.IndexKey[DocV1]{{Index: "GSI1", Partition: "TAG#${tag}", Sort: "DOC#${id}", Sparse: true}}})
	v2 := entity.MustDefine(docTable(), entity.Config[MigDoc]{Name: "MigDoc", Version: "2", Key: migDocKey,
		Indexes:  []entity.IndexKey[MigDoc]{{Index: "GSI1", Partition: "TAG#${tag}", Sort: "DOC#${id}", Sparse: true}},
		Upgrades: []entity.Upgrade[MigDoc]{entity.UpgradeFrom("1", docUpgrade)}})
	return v1, v2
}

// seedDocsV1 writes n version 1 documents, on shelves s0..s4, every third
// tagged "go".
func seedDocsV1(t testing.TB, db *entity.DB, v1 *entity.Entity[DocV1], n int) []DocV1 {
	t.Helper()
	var docs []DocV1
	var ops []entity.BatchWriter
	for i := range n {
		d := DocV1{Shelf: fmt.Sprintf("s%d", i%5), ID: fmt.Sprintf("d%04d", i), Title: fmt.Sprintf("title %d", i), Words: strconv.Itoa(100 + i)}
		if i%3 == 0 {
			d.Tag = "go"
		}
		docs = append(docs, d)
		ops = append(ops, v1.Put(d))
	}
	if err := txn.BatchWrite(t.Context(), db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	return docs
}

func upgraded(d DocV1) MigDoc { v, _ := docUpgrade(d); return v }

func rawDoc(t testing.TB, db *entity.DB, shelf, id string) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: db.Table("docs"), ConsistentRead: new(true),
		Key: map[string]types.AttributeValue{"PK": str("SHELF#" + shelf), "SK": str("DOC#" + id)}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

func TestOldVersionItemsAreUpgradedOnEveryRead(t *testing.T) {
	t.Parallel()
	v1, v2 := docModels()
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	docs := seedDocsV1(t, db, v1, 30)

	got, err := v2.Get(entity.Values{"shelf": "s1", "id": "d0001"}).Run(ctx, db)
	if err != nil || got != upgraded(docs[1]) {
		t.Errorf("Get: %+v, %v; want %+v", got, err, upgraded(docs[1]))
	}
	tagged, err := query.New(v2).Index("GSI1").Where(entity.Values{"tag": "go"}).Collect(ctx, db)
	if err != nil || len(tagged) != 10 {
		t.Fatalf("Query: %d items, %v", len(tagged), err)
	}
	for _, d := range tagged {
		i, _ := strconv.Atoi(strings.TrimPrefix(d.ID, "d"))
		if d != upgraded(docs[i]) {
			t.Errorf("Query: %+v, want %+v", d, upgraded(docs[i]))
		}
	}
	all, err := query.Scan(v2).Segments(3).Collect(ctx, db)
	if err != nil || len(all) != len(docs) {
		t.Fatalf("Scan: %d items, %v", len(all), err)
	}
	for _, d := range all {
		if d.Lang != "en" || d.Headline == "" || d.Words < 100 {
			t.Errorf("Scan: %+v is not upgraded", d)
		}
	}
	res, err := query.Of(v2).Where(entity.Values{"shelf": "s2"}).Collect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	shelf, err := query.ItemsOf(res, v2)
	if err != nil || len(shelf) != 6 || shelf[0] != upgraded(docs[2]) {
		t.Errorf("collection: %+v, %v", shelf, err)
	}
	anyv, err := res.Decode()
	if err != nil || anyv[0] != any(upgraded(docs[2])) {
		t.Errorf("collection Decode: %+v, %v", anyv, err)
	}
	items, err := txn.Get(v2.Get(entity.Values{"shelf": "s3", "id": "d0003"})).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if d, err := txn.Decode(items, 0, v2); err != nil || d != upgraded(docs[3]) {
		t.Errorf("transaction get: %+v, %v", d, err)
	}
	if d, err := v2.Decode(rawDoc(t, db, "s4", "d0004")); err != nil || d != upgraded(docs[4]) {
		t.Errorf("Decode: %+v, %v", d, err)
	}

	// An upgrade that fails is a DecodeError naming both versions and the key.
	bad := DocV1{Shelf: "s0", ID: "bad", Title: "t", Words: "many"}
	if _, err := v1.Put(bad).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err = v2.Get(entity.Values{"shelf": "s0", "id": "bad"}).Run(ctx, db)
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || de.Entity != "MigDoc" || de.Version != "2" || de.ItemVersion != "1" || de.Key != "PK=SHELF#s0,SK=DOC#bad" || !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("Get of an item whose upgrade fails: %v (%+v)", err, de)
	}
	if _, err := query.Scan(v2).Collect(ctx, db); !errors.As(err, &de) {
		t.Errorf("Scan over an item whose upgrade fails: %v", err)
	}

	// An item of version 2 is decoded directly.
	now := MigDoc{Shelf: "s0", ID: "new", Headline: "h", Words: 7, Lang: "fr"}
	if _, err := v2.Put(now).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if d, err := v2.Get(entity.Values{"shelf": "s0", "id": "new"}).Run(ctx, db); err != nil || d != now {
		t.Errorf("Get of a version 2 item: %+v, %v", d, err)
	}
}

func TestAnUpdateOfAnOldVersionItemIsRefusedAndLeavesItUnchanged(t *testing.T) {
	t.Parallel()
	v1, v2 := docModels()
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	seedDocsV1(t, db, v1, 3)
	key := entity.Values{"shelf": "s1", "id": "d0001"}
	before := rawDoc(t, db, "s1", "d0001")
	check := func(what string, err error) {
		t.Helper()
		var ce *ddbmodel.ConditionError
		var ov *ddbmodel.OldVersionError
		if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrOldVersion) || !errors.Is(err, ddbmodel.ErrConditionFailed) || !errors.As(err, &ov) {
			t.Fatalf("%s: %v; want a ConditionError wrapping an OldVersionError", what, err)
		}
		if ov.Entity != "MigDoc" || ov.Key != "PK=SHELF#s1,SK=DOC#d0001" || ov.Stored != "1" || ov.Current != "2" {
			t.Errorf("%s: %+v", what, ov)
		}
		if !strings.Contains(err.Error(), "migrate") {
			t.Errorf("%s: %q does not say to migrate", what, err)
		}
		if after := rawDoc(t, db, "s1", "d0001"); len(after) != len(before) || text(after["words"]) != text(before["words"]) || after["lang"] != nil {
			t.Errorf("%s changed the item: %v", what, after)
		}
	}
	_, err := v2.Update(key).Set("lang", "fr").Run(ctx, db)
	check("Update", err)
	_, err = v2.Update(key).Set("tag", "db").ReadFirst().Run(ctx, db)
	check("Update ReadFirst", err)
	_, err = v2.Update(key).Set("id", "moved").ReadFirst().Run(ctx, db)
	check("Update moving the item", err)
	_, err = v2.Upsert(MigDoc{Shelf: "s1", ID: "d0001", Headline: "h", Tag: "db", Lang: "fr"}).Run(ctx, db)
	check("Upsert", err)
	err = txn.Write(v2.Update(key).Set("lang", "fr")).Run(ctx, db)
	var tc *ddbmodel.TxCanceledError
	if !errors.As(err, &tc) || !errors.Is(err, ddbmodel.ErrOldVersion) {
		t.Errorf("transaction update: %v", err)
	}
	if rawDoc(t, db, "s1", "d0001")["lang"] != nil {
		t.Error("the transaction changed the item")
	}

	// Written whole (Get upgrades, Put writes version 2), it updates.
	d, err := v2.Get(key).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v2.Put(d).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if got, err := v2.Update(key).Set("lang", "fr").Run(ctx, db); err != nil || got.Lang != "fr" || got.Headline != "title 1" {
		t.Errorf("Update after a Put: %+v, %v", got, err)
	}
	if raw := rawDoc(t, db, "s1", "d0001"); raw["title"] != nil || text(raw[v2.Table().EntityVersionAttr()]) != "2" {
		t.Errorf("after Put: %v", raw)
	}
	// Upsert creates a missing item as ever.
	if _, err := v2.Upsert(MigDoc{Shelf: "s1", ID: "fresh", Headline: "h", Tag: "db", Lang: "fr"}).Run(ctx, db); err != nil {
		t.Errorf("Upsert of a missing item: %v", err)
	}
}

func TestMigrateWhileAWriterUpdatesKeepsEveryAcknowledgedWrite(t *testing.T) {
	t.Parallel()
	v1, v2 := docModels()
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	const n = 2000
	docs := seedDocsV1(t, db, v1, n)
	// 100 documents already at version 2: no findings.
	for i := range 100 {
		if _, err := v2.Put(upgraded(docs[i])).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	job := evolve.Entity(v2).Segments(8).Workers(4).Samples(1 << 20)
	r, err := job.Verify(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if r.Findings != n-100 || r.Counts[evolve.OldVersion] != n-100 || len(r.Counts) != 1 {
		t.Fatalf("verify: %d findings, counts %v; want %d old version", r.Findings, r.Counts, n-100)
	}
	for _, f := range r.Samples[evolve.OldVersion] {
		i, _ := strconv.Atoi(strings.TrimPrefix(text(f.Item["id"]), "d"))
		if i < 100 {
			t.Errorf("a version 2 item is reported: %v", f.Key)
		}
	}

	// A dry run writes nothing; each request rewrites the whole item.
	dry, err := job.DryRun().Repair(ctx, db)
	if err != nil || dry.WouldRepair != n-100 || dry.Repaired != 0 {
		t.Fatalf("dry run: %+v, %v", dry, err)
	}
	in, err := dry.Samples[evolve.OldVersion][0].Build()
	if err != nil {
		t.Fatal(err)
	}
	ue := *in.UpdateExpression
	for _, attr := range []string{"headline", "lang", "words", v2.Table().EntityVersionAttr()} {
		if !strings.Contains(ue, "SET") || !hasName(in, attr) {
			t.Errorf("the migration %q sets no %s", ue, attr)
		}
	}
	if !strings.Contains(ue, "REMOVE") || !hasName(in, "title") {
		t.Errorf("the migration %q does not remove title", ue)
	}
	if raw := rawDoc(t, db, "s1", "d0101"); text(raw[v2.Table().EntityVersionAttr()]) != "1" {
		t.Fatalf("the dry run wrote: %v", raw)
	}

	// The service updates random documents while 4 workers migrate: an
	// item still of version 1 refuses the update, so the service writes
	// it whole (Get upgrades it, Put writes version 2).
	var (
		mu    sync.Mutex
		acked = map[string]MigDoc{}
		stop  = make(chan struct{})
		wg    sync.WaitGroup
		puts  atomic.Int64
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(7, 7))
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			d := docs[rng.IntN(n)]
			key := entity.Values{"shelf": d.Shelf, "id": d.ID}
			lang := fmt.Sprintf("w%d", i)
			got, err := v2.Update(key).Set("lang", lang).Run(ctx, db)
			if errors.Is(err, ddbmodel.ErrOldVersion) {
				got, err = v2.Get(key).Run(ctx, db)
				if err == nil {
					got.Lang = lang
					_, err = v2.Put(got).Run(ctx, db)
					puts.Add(1)
				}
			}
			if err != nil {
				t.Errorf("service write: %v", err)
				return
			}
			mu.Lock()
			acked[d.Shelf+"/"+d.ID] = got
			mu.Unlock()
		}
	}()
	var last evolve.Progress
	r, err = job.Progress(func(p evolve.Progress) { last = p }).Repair(ctx, db)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("migrated %d, skipped as changed %d; %d service writes (%d written whole); %s", r.Repaired, r.SkippedChanged, len(acked), puts.Load(), last)
	if len(acked) == 0 {
		t.Fatal("the service wrote nothing during the migration")
	}
	if r.Repaired+r.SkippedChanged != r.Findings || r.Findings == 0 || last.Repaired != r.Repaired {
		t.Errorf("migrated %d + skipped %d of %d findings; last progress %+v", r.Repaired, r.SkippedChanged, r.Findings, last)
	}
	after, err := job.Verify(ctx, db)
	if err != nil || after.Findings != 0 || after.Scanned != n {
		t.Fatalf("verify after the migration: %d findings of %d scanned (%v), %v", after.Findings, after.Scanned, after.Counts, err)
	}
	for k, want := range acked {
		shelf, id, _ := strings.Cut(k, "/")
		if got, err := v2.Get(entity.Values{"shelf": shelf, "id": id}).Run(ctx, db); err != nil || got != want {
			t.Errorf("%s: %+v, %v; want the last acknowledged %+v", k, got, err, want)
		}
	}
	for _, d := range docs[100:110] {
		raw := rawDoc(t, db, d.Shelf, d.ID)
		if raw["title"] != nil || text(raw["headline"]) != d.Title || text(raw[v2.Table().EntityVersionAttr()]) != "2" {
			t.Errorf("%s migrated as %v", d.ID, raw)
		}
		if _, isN := raw["words"].(*types.AttributeValueMemberN); !isN {
			t.Errorf("%s: words %v is not a number", d.ID, raw["words"])
		}
	}
}

func hasName(in *dynamodb.UpdateItemInput, attr string) bool {
	for _, n := range in.ExpressionAttributeNames {
		if n == attr {
			return true
		}
	}
	return false
}

func TestAMigrationMovingTheKeyIsOneTransactionAndAFailingOneIsNotWritten(t *testing.T) {
	t.Parallel()
	v1, v2 := docModels()
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	seedDocsV1(t, db, v1, 5)
	for _, d := range []DocV1{{Shelf: "s0", ID: "UPPER", Title: "t", Words: "1"}, {Shelf: "s0", ID: "bad", Title: "t", Words: "many"}} {
		if _, err := v1.Put(d).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	bad := rawDoc(t, db, "s0", "bad")
	job := evolve.Entity(v2)
	dry, err := job.DryRun().Verify(ctx, db)
	if err != nil || dry.Counts[evolve.StalePrimaryKey] != 1 {
		t.Fatalf("verify: %+v, %v", dry, err)
	}
	// The upgrade lower-cases the id: the migration moves the item, and
	// its move puts the whole upgraded image (headline, words a number,
	// lang, version 2) at the new key.
	f := dry.Samples[evolve.StalePrimaryKey][0]
	if _, err := f.Build(); !errors.Is(err, evolve.ErrMoves) {
		t.Errorf("Build of a migration moving the key: %v, want ErrMoves", err)
	}
	in, err := f.BuildMove()
	if err != nil {
		t.Fatal(err)
	}
	put := in.TransactItems[1].Put.Item
	if text(put["SK"]) != "DOC#upper" || text(put["headline"]) != "t" || put["title"] != nil || text(put["lang"]) != "en" || text(put[v2.Table().EntityVersionAttr()]) != "2" {
		t.Errorf("the move puts %v", put)
	}
	if _, isN := put["words"].(*types.AttributeValueMemberN); !isN {
		t.Errorf("the move puts words %v, want a number", put["words"])
	}
	r, err := job.Repair(ctx, db)
	// The item whose upgrade fails is an old item that does not decode:
	// counted under both kinds, with the upgrade's error.
	if r.Repaired != 6 || r.Moved != 1 || len(r.Failed) != 1 || r.Counts[evolve.StalePrimaryKey] != 1 || r.Counts[evolve.OldVersion] != 7 || r.Counts[evolve.Undecodable] != 1 {
		t.Fatalf("repair: %+v, %v", r, err)
	}
	if f := r.Samples[evolve.Undecodable][0]; !slices.Equal(f.Kinds, []evolve.Kind{evolve.OldVersion, evolve.Undecodable}) || !strings.Contains(f.Err.Error(), `upgrading from version "1"`) {
		t.Errorf("the item whose upgrade fails: kinds %v, %v", f.Kinds, f.Err)
	}
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || de.ItemVersion != "1" {
		t.Errorf("repair error %v", err)
	}
	if now := rawDoc(t, db, "s0", "UPPER"); len(now) != 0 {
		t.Errorf("the old item is still there: %v", now)
	}
	if now := rawDoc(t, db, "s0", "upper"); !reflect.DeepEqual(now, put) {
		t.Errorf("at the new key: %v, want %v", now, put)
	}
	got, err := v2.Get(entity.Values{"shelf": "s0", "id": "upper"}).Run(ctx, db)
	if err != nil || got != (MigDoc{Shelf: "s0", ID: "upper", Headline: "t", Words: 1, Lang: "en"}) {
		t.Errorf("Get of the moved item: %+v, %v", got, err)
	}
	if now := rawDoc(t, db, "s0", "bad"); len(now) != len(bad) || text(now[v2.Table().EntityVersionAttr()]) != "1" {
		t.Errorf("bad was written: %v", now)
	}
	after, err := job.Verify(ctx, db)
	if after.Findings != 1 || err != nil {
		t.Errorf("after: %v, %v", after.Counts, err)
	}
}

// A migration that moves the item never overwrites the item at its new
// key, and moves nothing while the old item changes under it.
func TestAMigrationMovingOntoATakenKeyWritesNothing(t *testing.T) {
	t.Parallel()
	v1, v2 := docModels()
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	if _, err := v1.Put(DocV1{Shelf: "s0", ID: "UPPER", Title: "old", Words: "1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := v2.Put(MigDoc{Shelf: "s0", ID: "upper", Headline: "new", Words: 2, Lang: "de"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	old, taken := rawDoc(t, db, "s0", "UPPER"), rawDoc(t, db, "s0", "upper")
	r, err := evolve.Entity(v2).Repair(ctx, db)
	var kt *evolve.KeyTakenError
	if !errors.As(err, &kt) || kt.HolderEntity != "MigDoc" || r.Moved != 0 || len(r.Failed) != 1 {
		t.Fatalf("repair: %+v, %v", r, err)
	}
	if now := rawDoc(t, db, "s0", "UPPER"); !reflect.DeepEqual(now, old) {
		t.Errorf("the old item changed: %v", now)
	}
	if now := rawDoc(t, db, "s0", "upper"); !reflect.DeepEqual(now, taken) {
		t.Errorf("the item at the new key changed: %v", now)
	}
}
