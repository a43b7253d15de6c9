package txn_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Items without markers (written by other code) on the batch and
// transaction paths: a batch never touches an item the single-item
// operation refuses, and every refusal names the item's key.

type umBook struct {
	Shelf  string `dynamo:"shelf"`
	ID     string `dynamo:"id"`
	Author string `dynamo:"author"`
	Count  int    `dynamo:"count"`
}

func umModel(recognize bool) (*entity.Table, *entity.Entity[umBook]) {
	table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	books := entity.MustDefine(table, entity.Config[umBook]{
		Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
		RecognizeUnmarked: recognize,
	})
	return table, books
}

func umRaw(shelf, id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "SHELF#" + shelf},
		"SK": &types.AttributeValueMemberS{Value: "BOOK#" + id}, "shelf": &types.AttributeValueMemberS{Value: shelf},
		"id": &types.AttributeValueMemberS{Value: id}, "author": &types.AttributeValueMemberS{Value: "ann"}}
}

func umPut(t *testing.T, db *entity.DB, item map[string]types.AttributeValue) {
	t.Helper()
	if _, err := db.Client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String(db.TableName), Item: item}); err != nil {
		t.Fatal(err)
	}
}

func umGet(t *testing.T, db *entity.DB, shelf, id string) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(db.TableName), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "SHELF#" + shelf}, "SK": &types.AttributeValueMemberS{Value: "BOOK#" + id}}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// An entity recognising unmarked items checks an unmarked item before a
// single-item write takes it; a batch write cannot, so it is refused
// before sending and the item stays as it was.
func TestBatchWriteOfRecognizingEntityRefused(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books := umModel(true)
	db := entitytest.NewDB(t, table)
	// Its id attribute disagrees with its key: Get and Delete refuse it.
	bad := umRaw("s1", "b1")
	bad["id"] = &types.AttributeValueMemberS{Value: "other"}
	umPut(t, db, bad)
	key := entity.Values{"shelf": "s1", "id": "b1"}
	if _, err := books.Get(key).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("get: %v, want the item refused (ErrNotFound)", err)
	}
	for name, op := range map[string]entity.BatchWriter{
		"delete": books.Delete(key),
		"put":    books.Put(umBook{Shelf: "s1", ID: "b1", Author: "bob"}),
	} {
		err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, op)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Book" || !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("batch %s: %v, want a *ddbmodel.ValidationError for Book", name, err)
			continue
		}
		text := err.Error()
		if !strings.Contains(text, "PK=SHELF#s1,SK=BOOK#b1") || !strings.Contains(text, "use Put or Delete") || errtext.CheckOnePrefix(text) != "" {
			t.Errorf("batch %s: %q, want the key, what to do instead and one prefix", name, text)
		}
	}
	got := umGet(t, db, "s1", "b1")
	if got == nil || attrS(got, "author") != "ann" || attrS(got, "id") != "other" {
		t.Errorf("the unmarked item after refused batch writes: %v", got)
	}
}

// BatchGetOf reports an unmarked item the entity does not take per key,
// typed (ErrUnmarked, naming the key), and returns the other items.
func TestBatchGetOfReportsUnmarkedPerKey(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	for _, recognize := range []bool{false, true} {
		table, books := umModel(recognize)
		db := entitytest.NewDB(t, table)
		raw := umRaw("s1", "b1")
		if recognize {
			raw["id"] = &types.AttributeValueMemberS{Value: "other"} // does not fit
		}
		umPut(t, db, raw)
		if _, err := books.Put(umBook{Shelf: "s1", ID: "b2", Author: "cy"}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		got, err := txn.BatchGetOf(ctx, db, txn.BatchOptions{}, books,
			entity.Values{"shelf": "s1", "id": "b1"}, entity.Values{"shelf": "s1", "id": "b2"}, entity.Values{"shelf": "s1", "id": "none"})
		if len(got) != 1 || got[0].ID != "b2" {
			t.Errorf("recognize=%v: items %+v, want b2 alone", recognize, got)
		}
		var ce *ddbmodel.ConditionError
		if !errors.Is(err, ddbmodel.ErrUnmarked) || !errors.As(err, &ce) || ce.Entity != "Book" || ce.Item == nil {
			t.Fatalf("recognize=%v: %v, want a *ddbmodel.ConditionError with ErrUnmarked", recognize, err)
		}
		if text := err.Error(); !strings.Contains(text, "PK=SHELF#s1,SK=BOOK#b1") || strings.Contains(text, "b2") || errtext.CheckOnePrefix(text) != "" {
			t.Errorf("recognize=%v: %q, want the unmarked item's key alone, one prefix", recognize, text)
		}
	}
}

// A transaction's put over an unmarked item, and an upsert, name the
// item's key in their ErrUnmarked texts as single-item writes do.
func TestUnmarkedRefusalsNameTheKey(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books := umModel(false)
	db := entitytest.NewDB(t, table)
	umPut(t, db, umRaw("s1", "b1"))
	v := umBook{Shelf: "s1", ID: "b1", Author: "bob"}
	for name, run := range map[string]func() error{
		"transaction put": func() error { return txn.Write(books.Put(v)).Run(ctx, db) },
		"transaction delete": func() error {
			return txn.Write(books.Delete(entity.Values{"shelf": "s1", "id": "b1"})).Run(ctx, db)
		},
		"upsert": func() error { _, err := books.Upsert(v).Run(ctx, db); return err },
		"put":    func() error { _, err := books.Put(v).Run(ctx, db); return err },
	} {
		err := run()
		if !errors.Is(err, ddbmodel.ErrUnmarked) {
			t.Errorf("%s: %v, want ErrUnmarked", name, err)
			continue
		}
		if text := err.Error(); !strings.Contains(text, "PK=SHELF#s1,SK=BOOK#b1") || errtext.CheckOnePrefix(text) != "" {
			t.Errorf("%s: %q, want the key and one prefix", name, text)
		}
	}
	if got := umGet(t, db, "s1", "b1"); attrS(got, "author") != "ann" {
		t.Errorf("the unmarked item after refused writes: %v", got)
	}
}

func attrS(item map[string]types.AttributeValue, name string) string {
	if v, ok := item[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// An Observer that panics in a batch chunk is called after DynamoDB wrote
// the chunk: the batch returns the *ddbmodel.PanicError and reports no
// item as unprocessed, since all were written.
func TestBatchWriteObserverPanicKeepsWrittenItems(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books := umModel(false)
	base := entitytest.NewDB(t, table)
	db := base.WithObserver(entity.ObserverFunc(func(_ context.Context, ev *entity.Event) {
		if ev.Operation == "BatchWriteItem" || ev.Operation == "BatchGetItem" {
			panic("observer failed")
		}
	}))
	var ops []entity.BatchWriter
	for _, id := range []string{"b1", "b2", "b3"} {
		ops = append(ops, books.Put(umBook{Shelf: "s1", ID: id, Author: "ann"}))
	}
	err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...)
	var pe *ddbmodel.PanicError
	var ue *ddbmodel.UnprocessedError
	if !errors.As(err, &pe) || errors.As(err, &ue) {
		t.Fatalf("batch write with a panicking observer: %v, want a *ddbmodel.PanicError and no unprocessed items", err)
	}
	for _, id := range []string{"b1", "b2", "b3"} {
		if umGet(t, base, "s1", id) == nil {
			t.Errorf("item %s not written", id)
		}
	}
	got, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, books.Get(entity.Values{"shelf": "s1", "id": "b1"}))
	if !errors.As(err, &pe) || errors.As(err, &ue) || !got.Found(0) {
		t.Errorf("batch get with a panicking observer: found %v, %v; want the item and a *ddbmodel.PanicError", got.Found(0), err)
	}
}
