package entity_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// playersWith returns the Player entity on a fresh table holding first.
func playersWith(t *testing.T, first Player) (*entity.Entity[Player], *entity.DB) {
	t.Helper()
	table := newTable()
	players := definePlayers(table)
	db := entitytest.NewDB(t, table)
	if _, err := players.Create(first).Run(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return players, db
}

// An Add to a composite has no value the update knows; with ReadFirst the
// new key is computed from the item read, never dropped from the index.
func TestReadFirstComputesKeyFromAdd(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	players, db := playersWith(t, Player{ID: "p1", League: "gold", Score: 5})
	key := entity.Values{"id": "p1"}
	pk, _ := players.Key(key)
	before := rawItem(t, db, pk)
	_, err := players.Update(key).Add("score", 3).Run(ctx, db)
	var mc *ddbmodel.MissingCompositesError
	if !errors.As(err, &mc) || cmp.Diff([]string{"league", "score"}, mc.Missing) != "" {
		t.Fatalf("Add without ReadFirst: err = %v, want missing [league score]", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Fatalf("a refused update changed the item:\n%s", diff)
	}
	got, err := players.Update(key).Add("score", 3).ReadFirst().Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Score != 8 {
		t.Errorf("score = %d, want 8", got.Score)
	}
	item := rawItem(t, db, pk)
	if str(item["GSI1PK"]) != "L#gold" || str(item["GSI1SK"]) != "00000008#p1" {
		t.Errorf("index keys after Add: GSI1PK=%q GSI1SK=%q, want L#gold 00000008#p1", str(item["GSI1PK"]), str(item["GSI1SK"]))
	}
	// SetIfNotExists on a composite the item has keeps the key true as well.
	if _, err := players.Update(key).SetIfNotExists("score", 1).ReadFirst().Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if item := rawItem(t, db, pk); str(item["GSI1SK"]) != "00000008#p1" {
		t.Errorf("GSI1SK after SetIfNotExists = %q, want 00000008#p1", str(item["GSI1SK"]))
	}
}

// A key computed from an added value is conditioned on the value it was
// computed from: a concurrent Add makes the update fail, not write a stale key.
func TestReadFirstAddIsConditionedOnTheValueRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	players, db := playersWith(t, Player{ID: "p1", League: "gold", Score: 5})
	key := entity.Values{"id": "p1"}
	racer := &racingClient{Client: db.Client, before: func() {
		if _, err := players.Update(key).Add("score", 10).ReadFirst().Run(ctx, db); err != nil {
			t.Error(err)
		}
	}}
	_, err := players.Update(key).Add("score", 3).ReadFirst().Run(ctx, &entity.DB{Client: racer, TableName: db.TableName})
	if !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("Add after a concurrent Add: err = %v, want ErrConditionFailed", err)
	}
	pk, _ := players.Key(key)
	if item := rawItem(t, db, pk); str(item["GSI1SK"]) != "00000015#p1" {
		t.Errorf("GSI1SK = %q, want the concurrent writer's 00000015#p1", str(item["GSI1SK"]))
	}
}

// An item that lacks a composite of a sparse index stays out of it only on
// the condition that it still lacks it: a concurrent write that brings the
// item into the index is not undone.
func TestReadFirstSparseLeaveIsConditionedOnAbsence(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	players, db := playersWith(t, Player{ID: "p1", Score: 5})
	key := entity.Values{"id": "p1"}
	pk, _ := players.Key(key)
	racer := &racingClient{Client: db.Client, before: func() {
		if _, err := players.Update(key).Set("league", "gold").With(entity.Values{"score": 5}).Run(ctx, db); err != nil {
			t.Error(err)
		}
	}}
	_, err := players.Update(key).Set("score", 9).ReadFirst().Run(ctx, &entity.DB{Client: racer, TableName: db.TableName})
	item := rawItem(t, db, pk)
	if _, inLeague := item["league"]; inLeague && err == nil {
		if _, indexed := item["GSI1PK"]; !indexed {
			t.Fatalf("the item has every composite of the sparse index but was dropped from it: %v", item)
		}
	}
	if !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("err = %v, want ErrConditionFailed", err)
	}
	if str(item["GSI1PK"]) != "L#gold" || str(item["GSI1SK"]) != "00000005#p1" {
		t.Errorf("index keys = %q %q, want the concurrent writer's", str(item["GSI1PK"]), str(item["GSI1SK"]))
	}
	// Without a concurrent writer the same update succeeds and the item
	// enters the index now that it has every composite.
	if _, err := players.Update(key).Set("score", 9).ReadFirst().Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if item := rawItem(t, db, pk); str(item["GSI1SK"]) != "00000009#p1" {
		t.Errorf("GSI1SK = %q, want 00000009#p1", str(item["GSI1SK"]))
	}
}

// Setting a primary-key composite to the value the key already has is an
// ordinary update, not a move onto the same item.
func TestSettingAKeyCompositeToItsValueDoesNotMove(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	players, db := playersWith(t, Player{ID: "p1", League: "gold", Score: 5})
	key := entity.Values{"id": "p1"}
	// id is also a composite of GSI1SK, whose score the update does not know.
	_, err := players.Update(key).Set("id", "p1").Set("name", "Ann").Build()
	var mc *ddbmodel.MissingCompositesError
	if !errors.As(err, &mc) || cmp.Diff([]string{"league", "score"}, mc.Missing) != "" {
		t.Fatalf("Build: err = %v, want missing [league score] (not a move)", err)
	}
	got, err := players.Update(key).Set("id", "p1").Set("name", "Ann").ReadFirst().Run(ctx, db)
	if err != nil {
		t.Fatalf("setting the key composite to its value: %v", err)
	}
	if want := (Player{ID: "p1", League: "gold", Score: 5, Name: "Ann"}); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	got, err = players.Update(key).Set("id", "p1").With(entity.Values{"score": 5, "league": "gold"}).Set("name", "Bo").Run(ctx, db)
	if err != nil || got.Name != "Bo" {
		t.Fatalf("with every composite given: %+v, %v", got, err)
	}
}

// A move carries the item to its new key; it does not create it anew, so its
// creation time stays.
func TestMoveKeepsCreationTime(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	articles := entity.MustDefine(table, entity.Config[Article]{
		Name:          "Article",
		Key:           entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
		Timestamps:    entity.Timestamps{Created: "createdAt", Updated: "updatedAt"},
		LockAttribute: "revision",
		Now:           func() time.Time { return clock },
	})
	db := entitytest.NewDB(t, table)
	a, err := articles.Create(Article{ArticleID: "a1", Title: "t"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(time.Hour)
	moved, err := articles.Update(entity.Values{"articleId": "a1"}).Set("articleId", "a2").IfVersion(1).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := articles.Get(entity.Values{"articleId": "a2"}).Consistent().Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range []Article{moved, stored} {
		if !got.CreatedAt.Equal(a.CreatedAt) || !got.UpdatedAt.Equal(clock) || got.Revision != 2 {
			t.Errorf("moved item: createdAt %v updatedAt %v revision %d; want createdAt %v, updatedAt %v, revision 2",
				got.CreatedAt, got.UpdatedAt, got.Revision, a.CreatedAt, clock)
		}
	}
}

// A move built on a read that is no longer true fails and moves nothing.
func TestMoveAfterAConcurrentChangeFails(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	articles := defineArticles(t, table)
	db := entitytest.NewDB(t, table)
	if _, err := articles.Create(Article{ArticleID: "a1", Title: "t", AuthorID: "u1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"articleId": "a1"}
	racer := &moveRacer{Client: db.Client, before: func() {
		if _, err := articles.Update(key).Set("title", "concurrent").Run(ctx, db); err != nil {
			t.Error(err)
		}
	}}
	_, err := articles.Update(key).Set("articleId", "a2").Run(ctx, &entity.DB{Client: racer, TableName: db.TableName})
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("move after a concurrent change: err = %v, want a canceled transaction with ErrConditionFailed", err)
	}
	if f := tce.Failed(); len(f) != 1 || f[0].Index != 0 || f[0].Entity != "Article" {
		t.Errorf("failed reasons = %+v, want the delete of the source", f)
	}
	var ce *ddbmodel.ConditionError
	source, _ := articles.Key(key)
	if !errors.As(err, &ce) || ce.Entity != "Article" || ce.Op != "update" || ce.Err != ddbmodel.ErrConditionFailed ||
		!reflect.DeepEqual(ce.Key, source) || ce.Item == nil {
		t.Errorf("move after a concurrent change: ConditionError %+v, want Article update ErrConditionFailed at %v with the item", ce, source)
	}
	if got, err := articles.Get(key).Consistent().Run(ctx, db); err != nil || got.Title != "concurrent" {
		t.Errorf("source after the failed move: %+v, %v", got, err)
	}
	if _, err := articles.Get(entity.Values{"articleId": "a2"}).Consistent().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("target after the failed move: err = %v, want ErrNotFound", err)
	}
	_, err = articles.Update(key).Set("articleId", "a2").IfVersion(1).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrVersionConflict) {
		t.Errorf("move with a stale version: err = %v, want ErrVersionConflict", err)
	}
	_, err = articles.Update(entity.Values{"articleId": "missing"}).Set("articleId", "a3").Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("move of a missing item: err = %v, want ErrNotFound", err)
	}
}

// Entry sits in a sparse index only while it is published; When reads an
// attribute that no key is built from.
type Entry struct {
	ID     string `dynamo:"id"`
	Author string `dynamo:"author"`
	Status string `dynamo:"status"`
	Title  string `dynamo:"title"`
}

// An update of an attribute When reads must re-decide membership of the
// sparse index: the item leaves (or enters) it, never stays stale.
func TestSparseWhenIndexFollowsEveryUpdate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	entries := entity.MustDefine(table, entity.Config[Entry]{
		Name: "Entry",
		Key:  entity.Key{Partition: "ENTRY#${id}", Sort: "POST"},
		Indexes: []entity.IndexKey[Entry]{{
			Index: "GSI1", Partition: "AUTHOR#${author}", Sort: "ENTRY#${id}",
			Sparse: true, When: func(p Entry) bool { return p.Status == "published" },
		}},
	})
	db := entitytest.NewDB(t, table)
	if _, err := entries.Create(Entry{ID: "p1", Author: "ann", Status: "published", Title: "t"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"id": "p1"}
	pk, _ := entries.Key(key)
	if item := rawItem(t, db, pk); str(item["GSI1PK"]) != "AUTHOR#ann" {
		t.Fatalf("published post not in the index: %v", item["GSI1PK"])
	}
	before := rawItem(t, db, pk)
	_, err := entries.Update(key).Set("status", "draft").Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrMissingComposites) {
		t.Fatalf("update of When's input without ReadFirst: err = %v, want ErrMissingComposites", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Fatalf("a refused update changed the item:\n%s", diff)
	}
	if _, err := entries.Update(key).Set("status", "draft").ReadFirst().Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	item := rawItem(t, db, pk)
	if _, in := item["GSI1PK"]; in {
		t.Fatalf("a draft stays in the published index: GSI1PK=%q", str(item["GSI1PK"]))
	}
	if _, err := entries.Update(key).Set("status", "published").ReadFirst().Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if item := rawItem(t, db, pk); str(item["GSI1PK"]) != "AUTHOR#ann" || str(item["GSI1SK"]) != "ENTRY#p1" {
		t.Errorf("republished post: GSI1PK=%q GSI1SK=%q", str(item["GSI1PK"]), str(item["GSI1SK"]))
	}
}

// Compiling an update for a transaction does its work once: validation
// runs once per TransactWrite.
func TestUpdateTransactWriteCompilesOnce(t *testing.T) {
	t.Parallel()
	calls := 0
	table := newTable()
	players := entity.MustDefine(table, entity.Config[Player]{
		Name: "Player",
		Key:  entity.Key{Partition: "P#${id}", Sort: "P"},
		Attributes: map[string]entity.Attribute{"name": {Validate: func(any) error {
			calls++
			return nil
		}}},
	})
	if _, err := players.Update(entity.Values{"id": "p1"}).Set("name", "Ann").TransactWrite(); err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Errorf("the name was validated %d times for one TransactWrite, want once", calls)
	}
}

// An update keeps its own copy of the key it was given.
func TestUpdateKeepsItsOwnKey(t *testing.T) {
	t.Parallel()
	players := definePlayers(newTable())
	key := entity.Values{"id": "p1"}
	op := players.Update(key).Set("name", "Ann")
	before, err := op.Build()
	if err != nil {
		t.Fatal(err)
	}
	key["id"] = "p2"
	after, err := op.Build()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after, entitytest.CmpOptions); diff != "" {
		t.Errorf("the update changed with the caller's key map (-before +after):\n%s", diff)
	}
}

type LockedPlayer struct {
	ID       string `dynamo:"id"`
	Score    int    `dynamo:"score"`
	Revision int    `dynamo:"rev"`
}

// widen adds attributes the Go type does not know to a stored item, as an
// older writer or another tool may have.
func widen(t *testing.T, db *entity.DB, key map[string]types.AttributeValue, n int) {
	t.Helper()
	item := rawItem(t, db, key)
	for i := 0; i < n; i++ {
		item[fmt.Sprintf("extra_attribute_%03d", i)] = &types.AttributeValueMemberS{Value: "v"}
	}
	if _, err := db.Client.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(db.TableName), Item: item}); err != nil {
		t.Fatal(err)
	}
}

// A move conditions the delete of the source on it being unchanged. With a
// lock attribute the version says so in one comparison, whatever the size
// of the item; without one, an item too wide to compare within DynamoDB's
// 4 KB expression limit is a *LimitError before sending, not DynamoDB's
// validation error.
func TestMoveOfAWideItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	players := definePlayers(table)
	locked := entity.MustDefine(table, entity.Config[LockedPlayer]{
		Name: "LockedPlayer", Key: entity.Key{Partition: "LP#${id}", Sort: "LP"}, LockAttribute: "rev",
	})
	db := entitytest.NewDB(t, table)

	if _, err := locked.Create(LockedPlayer{ID: "a", Score: 1}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	lk, _ := locked.Key(entity.Values{"id": "a"})
	widen(t, db, lk, 400)
	moved, err := locked.Update(entity.Values{"id": "a"}).Set("id", "b").Run(ctx, db)
	if err != nil {
		t.Fatalf("move of a wide locked item: %v", err)
	}
	if moved.Revision != 2 || moved.Score != 1 {
		t.Errorf("moved = %+v, want revision 2", moved)
	}
	// The version still catches a concurrent change.
	racer := &moveRacer{Client: db.Client, before: func() {
		if _, err := locked.Update(entity.Values{"id": "b"}).Add("score", 1).Run(ctx, db); err != nil {
			t.Error(err)
		}
	}}
	if _, err := locked.Update(entity.Values{"id": "b"}).Set("id", "c").Run(ctx, &entity.DB{Client: racer, TableName: db.TableName}); !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Errorf("move after a concurrent change: err = %v, want ErrConditionFailed", err)
	}

	if _, err := players.Create(Player{ID: "p1", League: "gold", Score: 5}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	pk, _ := players.Key(entity.Values{"id": "p1"})
	widen(t, db, pk, 400)
	_, err = players.Update(entity.Values{"id": "p1"}).Set("id", "p2").Run(ctx, db)
	var le *ddbmodel.LimitError
	if !errors.As(err, &le) || !errors.Is(err, ddbmodel.ErrLimitExceeded) {
		t.Fatalf("move of a wide unlocked item: err = %v, want *LimitError", err)
	}
	if _, err := players.Get(entity.Values{"id": "p1"}).Consistent().Run(ctx, db); err != nil {
		t.Errorf("the source after a refused move: %v", err)
	}
}

// With's values condition a move as they condition an update: a move given
// a value the item no longer holds fails and moves nothing.
func TestMoveHonoursWith(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	players, db := playersWith(t, Player{ID: "p1", League: "gold", Score: 5})
	_, err := players.Update(entity.Values{"id": "p1"}).Set("id", "p2").With(entity.Values{"league": "silver"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("move with a stale With value: err = %v, want ErrConditionFailed", err)
	}
	if _, err := players.Get(entity.Values{"id": "p2"}).Consistent().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("the item moved despite the With condition: err = %v", err)
	}
	if _, err := players.Update(entity.Values{"id": "p1"}).Set("id", "p2").With(entity.Values{"league": "gold"}).Run(ctx, db); err != nil {
		t.Errorf("move with a true With value: %v", err)
	}
}

type Account struct {
	ID     string `dynamo:"id"`
	Secret string `dynamo:"secret"`
}

// A move returns the item as any update returns it: hidden attributes
// zeroed (and still stored).
func TestMoveReturnsHiddenAttributesZeroed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	accounts := entity.MustDefine(table, entity.Config[Account]{
		Name: "Account", Key: entity.Key{Partition: "ACC#${id}", Sort: "ACC"},
		Attributes: map[string]entity.Attribute{"secret": {Hidden: true}},
	})
	db := entitytest.NewDB(t, table)
	if _, err := accounts.Create(Account{ID: "a", Secret: "s3cr3t"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	moved, err := accounts.Update(entity.Values{"id": "a"}).Set("id", "b").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if moved.Secret != "" {
		t.Errorf("the move returned the hidden attribute: %+v", moved)
	}
	pk, _ := accounts.Key(entity.Values{"id": "b"})
	if got := str(rawItem(t, db, pk)["secret"]); got != "s3cr3t" {
		t.Errorf("stored secret after the move = %q, want it kept", got)
	}
}

// A move carries the attributes the Go type does not know (written by
// another version or tool) to the new item: it moves the item, it does not
// lose part of it.
func TestMoveCarriesUnknownAttributes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	players, db := playersWith(t, Player{ID: "p1", League: "gold", Score: 5})
	pk, _ := players.Key(entity.Values{"id": "p1"})
	widen(t, db, pk, 2)
	if _, err := players.Update(entity.Values{"id": "p1"}).Set("id", "p2").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	npk, _ := players.Key(entity.Values{"id": "p2"})
	item := rawItem(t, db, npk)
	for _, name := range []string{"extra_attribute_000", "extra_attribute_001"} {
		if str(item[name]) != "v" {
			t.Errorf("%s was lost in the move: %v", name, item[name])
		}
	}
	if str(item["GSI1SK"]) != "00000005#p2" || str(item["PK"]) != "P#p2" {
		t.Errorf("moved keys: PK=%q GSI1SK=%q", str(item["PK"]), str(item["GSI1SK"]))
	}
}
