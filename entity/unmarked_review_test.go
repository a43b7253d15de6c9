package entity_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

// Review findings of issue #15 on unmarked items (Config.RecognizeUnmarked
// and adoption).

type urvBook struct {
	Shelf  string `dynamo:"shelf"`
	ID     string `dynamo:"id"`
	Author string `dynamo:"author"`
	Count  int    `dynamo:"count"`
}

// urvModel is a table whose GSI1 is not sparse, and a Book entity on it,
// recognising unmarked items or not.
func urvModel(recognize bool) (*entity.Table, *entity.Entity[urvBook]) {
	table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	books := entity.MustDefine(table, entity.Config[urvBook]{
		Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
		Indexes:           []entity.IndexKey[urvBook]{{Index: "GSI1", Partition: "AUTHOR#${author}", Sort: "BOOK#${id}"}},
		RecognizeUnmarked: recognize,
	})
	return table, books
}

// urvRaw is a book as other code writes it: no markers, no index keys,
// no count.
func urvRaw(shelf, id, author string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"PK": s("SHELF#" + shelf), "SK": s("BOOK#" + id),
		"shelf": s(shelf), "id": s(id), "author": s(author)}
}

// urvRacer is a client on which another writer changes the item (before,
// once) just before the library's first write reaches the table: after
// the library read it. It counts the writes sent.
type urvRacer struct {
	entity.Client
	before func(ctx context.Context, key map[string]types.AttributeValue) error
	fired  *atomic.Bool
	writes *atomic.Int32
}

func (r urvRacer) race(ctx context.Context, key map[string]types.AttributeValue) error {
	r.writes.Add(1)
	if r.before == nil || r.fired.Swap(true) {
		return nil
	}
	return r.before(ctx, key)
}

func (r urvRacer) PutItem(ctx context.Context, in *dynamodb.PutItemInput, o ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	if err := r.race(ctx, map[string]types.AttributeValue{"PK": in.Item["PK"], "SK": in.Item["SK"]}); err != nil {
		return nil, err
	}
	return r.Client.PutItem(ctx, in, o...)
}

func (r urvRacer) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, o ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	if err := r.race(ctx, in.Key); err != nil {
		return nil, err
	}
	return r.Client.UpdateItem(ctx, in, o...)
}

func (r urvRacer) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, o ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	if err := r.race(ctx, in.Key); err != nil {
		return nil, err
	}
	return r.Client.DeleteItem(ctx, in, o...)
}

// urvRacing returns a DB on base's table whose first write is preceded by
// another writer setting attribute name to av, and the count of writes.
func urvRacing(base *entity.DB, name string, av types.AttributeValue) (*entity.DB, *atomic.Int32) {
	inner := base.Client
	db := *base
	writes := &atomic.Int32{}
	db.Client = urvRacer{Client: inner, fired: &atomic.Bool{}, writes: writes,
		before: func(ctx context.Context, key map[string]types.AttributeValue) error {
			_, err := inner.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(base.TableName), Key: key,
				UpdateExpression: aws.String("SET #a = :a"), ExpressionAttributeNames: map[string]string{"#a": name},
				ExpressionAttributeValues: map[string]types.AttributeValue{":a": av}})
			return err
		}}
	return &db, writes
}

// An attribute another writer adds to an unmarked item after the read
// (count, which the read item lacked) fails the write or the adoption: it
// is never overwritten, and an item that became undecodable meanwhile is
// never deleted. Bulk adoption reads the item again and adopts it with the
// addition.
func TestUnmarkedWritesFailOnAttributeAddedSinceRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, books := urvModel(true)
	key := entity.Values{"shelf": "s1", "id": "b1"}
	five := &types.AttributeValueMemberN{Value: "5"}
	fresh := func(t *testing.T) *entity.DB {
		db := entitytest.NewDB(t, table)
		rawPut(t, db, urvRaw("s1", "b1", "ann"))
		return db
	}
	countIs := func(t *testing.T, db *entity.DB, want string) map[string]types.AttributeValue {
		t.Helper()
		it := rawGet(t, db, "SHELF#s1", "BOOK#b1")
		got := "<none>"
		switch v := it["count"].(type) {
		case *types.AttributeValueMemberN:
			got = v.Value
		case *types.AttributeValueMemberS:
			got = v.Value
		}
		if got != want {
			t.Errorf("count = %s, want %s (the other writer's change)", got, want)
		}
		return it
	}

	t.Run("AdoptItem", func(t *testing.T) {
		db := fresh(t)
		old := urvRaw("s1", "b1", "ann")
		in, err := books.AdoptItem(old).Build()
		if err != nil {
			t.Fatal(err)
		}
		if c := aws.ToString(in.ConditionExpression); !strings.Contains(c, "attribute_not_exists(#count)") || !strings.Contains(c, "attribute_not_exists(#GSI1PK)") {
			t.Errorf("adopt condition %q does not hold count and GSI1PK absent", c)
		}
		rdb, _ := urvRacing(db, "count", five)
		_, err = books.AdoptItem(old).Run(ctx, rdb)
		var ae *entity.AdoptError
		if !errors.As(err, &ae) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Errorf("adopt after a concurrent addition = %v, want an *AdoptError wrapping ErrConditionFailed", err)
		}
		if it := countIs(t, db, "5"); attrS(it, "__entity") != "" {
			t.Errorf("the item was marked: %v", it)
		}
	})
	t.Run("Adopt", func(t *testing.T) {
		db := fresh(t)
		rdb, _ := urvRacing(db, "count", five)
		if _, err := books.Adopt(key).Run(ctx, rdb); !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Errorf("adopt after a concurrent addition = %v, want ErrConditionFailed", err)
		}
		countIs(t, db, "5")
	})
	t.Run("put", func(t *testing.T) {
		db := fresh(t)
		rdb, _ := urvRacing(db, "count", five)
		_, err := books.Put(urvBook{Shelf: "s1", ID: "b1", Author: "ann", Count: 1}).Run(ctx, rdb)
		var ce *ddbmodel.ConditionError
		if !errors.As(err, &ce) {
			t.Errorf("put after a concurrent addition = %v, want a *ddbmodel.ConditionError", err)
		}
		countIs(t, db, "5")
	})
	t.Run("update", func(t *testing.T) {
		db := fresh(t)
		rdb, _ := urvRacing(db, "count", five)
		_, err := books.Update(key).Set("author", "zed").Run(ctx, rdb)
		var ce *ddbmodel.ConditionError
		if !errors.As(err, &ce) {
			t.Errorf("update after a concurrent addition = %v, want a *ddbmodel.ConditionError", err)
		}
		if it := countIs(t, db, "5"); attrS(it, "author") != "ann" {
			t.Errorf("author = %q, want ann", attrS(it, "author"))
		}
	})
	t.Run("delete", func(t *testing.T) {
		db := fresh(t)
		// The addition makes the item one the entity's writes refuse
		// (count does not decode into an int).
		rdb, _ := urvRacing(db, "count", s("five"))
		err := books.Delete(key).Run(ctx, rdb)
		var ce *ddbmodel.ConditionError
		if !errors.As(err, &ce) {
			t.Errorf("delete after a concurrent change = %v, want a *ddbmodel.ConditionError", err)
		}
		countIs(t, db, "five")
	})
	t.Run("bulk adopt", func(t *testing.T) {
		db := fresh(t)
		rdb, _ := urvRacing(db, "count", five)
		r, err := query.Scan(books).Adopt(ctx, rdb)
		if err != nil || r.Adopted != 1 || len(r.Failed) != 0 {
			t.Errorf("bulk adopt = %+v, %v; want 1 adopted after reading the item again", r, err)
		}
		if it := countIs(t, db, "5"); attrS(it, "__entity") != "Book" || attrS(it, "GSI1PK") != "AUTHOR#ann" {
			t.Errorf("after the bulk adoption: %v", it)
		}
	})
}

// An unmarked item of very many attributes cannot be held unchanged within
// DynamoDB's 4 KB expression limit: every write to it, and its adoption,
// is refused with a *ddbmodel.LimitError before any write is sent.
func TestUnmarkedWideItemRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, books := urvModel(true)
	base := entitytest.NewDB(t, table)
	it := urvRaw("s1", "b1", "ann")
	for i := range 300 {
		it[fmt.Sprintf("legacy_%03d", i)] = s("v")
	}
	rawPut(t, base, it)
	db, writes := urvRacing(base, "unused", s("x"))
	db.Client.(urvRacer).fired.Store(true) // no other writer here
	key := entity.Values{"shelf": "s1", "id": "b1"}
	if _, err := books.Get(key).Run(ctx, db); err != nil {
		t.Fatalf("get: %v", err)
	}
	errs := map[string]error{}
	errs["delete"] = books.Delete(key).Run(ctx, db)
	_, errs["update"] = books.Update(key).Set("count", 2).Run(ctx, db)
	_, errs["put"] = books.Put(urvBook{Shelf: "s1", ID: "b1", Author: "ann"}).Run(ctx, db)
	_, errs["adopt"] = books.Adopt(key).Run(ctx, db)
	for op, err := range errs {
		var le *ddbmodel.LimitError
		if !errors.As(err, &le) || le.Limit != 4096 || le.Got <= 4096 || le.Entity != "Book" {
			t.Errorf("%s of the wide item = %v, want a *ddbmodel.LimitError on the expression size", op, err)
		}
	}
	if n := writes.Load(); n != 0 {
		t.Errorf("%d writes sent, want 0", n)
	}
	if got := rawGet(t, base, "SHELF#s1", "BOOK#b1"); len(got) != len(it) {
		t.Errorf("the item changed: %d attributes, want %d", len(got), len(it))
	}
}

// An update of an unmarked item that touches an index key writes the whole
// key (both halves, the untouched one from the item read), as a put of the
// merged item would: never half a key, which would keep the item out of
// the index.
func TestUnmarkedUpdateWritesWholeIndexKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, books := urvModel(true)
	db := entitytest.NewDB(t, table)
	rawPut(t, db, urvRaw("s1", "b3", "ann")) // no GSI1PK, no GSI1SK
	got, err := books.Update(entity.Values{"shelf": "s1", "id": "b3"}).Set("author", "blair").Run(ctx, db)
	if err != nil || got.Author != "blair" {
		t.Fatalf("update = %+v, %v", got, err)
	}
	it := rawGet(t, db, "SHELF#s1", "BOOK#b3")
	if attrS(it, "GSI1PK") != "AUTHOR#blair" || attrS(it, "GSI1SK") != "BOOK#b3" {
		t.Errorf("index key after the update: GSI1PK=%q GSI1SK=%q, want AUTHOR#blair and BOOK#b3", attrS(it, "GSI1PK"), attrS(it, "GSI1SK"))
	}
	found, err := query.New(books).Index("GSI1").Where(entity.Values{"author": "blair"}).Collect(ctx, db)
	if err != nil || len(found) != 1 || found[0].ID != "b3" {
		t.Errorf("GSI1 query for blair = %+v, %v; want b3", found, err)
	}
}

// An unmarked item whose key fits but that does not decode is the
// entity's by its key layout: reads report its DecodeError (or list it as
// undecodable with OnUndecodable) and Count counts it, as for a marked
// item; it is not "unrecognized".
func TestUnmarkedUndecodableIsTheEntitys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, books := urvModel(true)
	db := entitytest.NewDB(t, table)
	rawPut(t, db, urvRaw("s1", "b1", "ann"))
	bad := urvRaw("s1", "b5", "ann")
	bad["count"] = s("many")
	rawPut(t, db, bad)

	if !books.Is(bad) {
		t.Error("Is(the undecodable item) = false, want true")
	}
	var de *ddbmodel.DecodeError
	if _, err := books.Get(entity.Values{"shelf": "s1", "id": "b5"}).Run(ctx, db); !errors.As(err, &de) || errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("get = %v, want the DecodeError (not ErrNotFound)", err)
	}
	q := query.New(books).Where(entity.Values{"shelf": "s1"})
	if got, err := q.Collect(ctx, db); !errors.As(err, &de) {
		t.Errorf("Collect = %+v, %v; want the DecodeError", got, err)
	}
	p, err := q.OnUndecodable(func(query.Undecodable) error { return nil }).Page(ctx, db, "")
	if err != nil || len(p.Items) != 1 || len(p.Undecodable) != 1 || len(p.Unrecognized) != 0 {
		t.Errorf("page = %d items, %d undecodable, %d unrecognized, %v; want 1, 1, 0", len(p.Items), len(p.Undecodable), len(p.Unrecognized), err)
	}
	if n, err := q.Count(ctx, db); err != nil || n != 2 {
		t.Errorf("Count = %d, %v; want 2", n, err)
	}
	got, err := query.Scan(books).OnUndecodable(func(query.Undecodable) error { return nil }).Collect(ctx, db)
	if err != nil || len(got) != 1 {
		t.Errorf("scan = %+v, %v; want b1", got, err)
	}
}

// The errors of a get or write meeting an unmarked item the entity does
// not take carry one prefix and the key, say what to do, and point to no
// option already set; a get does not say the item is left unchanged.
func TestUnmarkedRefusalMessages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, books := urvModel(true)
	db := entitytest.NewDB(t, table)
	disagrees := urvRaw("s1", "b4", "ann")
	disagrees["id"] = s("bX")
	rawPut(t, db, disagrees)
	key := entity.Values{"shelf": "s1", "id": "b4"}

	_, getErr := books.Get(key).Run(ctx, db)
	_, updErr := books.Update(key).Set("count", 2).Run(ctx, db)
	for op, err := range map[string]error{"get": getErr, "update": updErr} {
		if !errors.Is(err, ddbmodel.ErrNotFound) || !errors.Is(err, keys.ErrNoMatch) {
			t.Errorf("%s: %v, want ErrNotFound and keys.ErrNoMatch", op, err)
			continue
		}
		text := err.Error()
		if why := errtext.CheckOnePrefix(text); why != "" {
			t.Errorf("%s: %q %s", op, text, why)
		}
		if strings.Contains(text, "RecognizeUnmarked") || !strings.Contains(text, "fix the item") {
			t.Errorf("%s: %q: want what to do, and no pointer to the option already set", op, text)
		}
		if left := strings.Contains(text, "left unchanged"); left != (op != "get") {
			t.Errorf("%s: %q: says left unchanged = %v", op, text, left)
		}
	}
	if !strings.Contains(getErr.Error(), "PK=SHELF#s1,SK=BOOK#b4") {
		t.Errorf("get: %q does not name the key", getErr)
	}

	// Without the option: the refusal names the key, as not found does.
	plainTable, plain := urvModel(false)
	pdb := entitytest.NewDB(t, plainTable)
	rawPut(t, pdb, urvRaw("s1", "b1", "ann"))
	for op, run := range map[string]func() error{
		"get": func() error { _, err := plain.Get(entity.Values{"shelf": "s1", "id": "b1"}).Run(ctx, pdb); return err },
		"update": func() error {
			_, err := plain.Update(entity.Values{"shelf": "s1", "id": "b1"}).Set("count", 2).Run(ctx, pdb)
			return err
		},
	} {
		err := run()
		if !errors.Is(err, ddbmodel.ErrUnmarked) {
			t.Errorf("%s without the option: %v, want ErrUnmarked", op, err)
			continue
		}
		if text := err.Error(); !strings.Contains(text, "PK=SHELF#s1,SK=BOOK#b1") || errtext.CheckOnePrefix(text) != "" {
			t.Errorf("%s without the option: %q, want one prefix and the key", op, text)
		}
	}
}
