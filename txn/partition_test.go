package txn_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/golden"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// seedPartition puts n memberships of user u1 beside u1's profile (one
// partition, two entities) and u2's profile and memberships.
func seedPartition(t *testing.T, m model, db *entity.DB, n int) {
	t.Helper()
	ops := []entity.BatchWriter{m.users.Put(User{UserID: "u1", Name: "Ann"}), m.users.Put(User{UserID: "u2", Name: "Bo"})}
	for i := 0; i < n; i++ {
		ops = append(ops, m.members.Put(Membership{UserID: "u1", GroupID: fmt.Sprintf("g%02d", i)}))
	}
	ops = append(ops, m.members.Put(Membership{UserID: "u2", GroupID: "g00"}))
	if err := txn.BatchWrite(context.Background(), db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
}

func countPartition(t *testing.T, m model, db *entity.DB, user string) (profiles, members int) {
	t.Helper()
	r, err := query.Of(m.users, m.members).Where(entity.Values{"userId": user}).Collect(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range r.Items {
		switch {
		case m.users.Is(it):
			profiles++
		case m.members.Is(it):
			members++
		}
	}
	return profiles, members
}

func TestDeletePartitionDeletesOneEntitysItemsOnly(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	seedPartition(t, m, db, 30)
	res, err := txn.DeletePartition(m.members, entity.Values{"userId": "u1"}).Limit(7).Run(ctx, db, txn.BatchOptions{}, "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Deleted != 30 || res.Cursor != "" {
		t.Errorf("result = %+v, want 30 deleted and no cursor", res)
	}
	if p, n := countPartition(t, m, db, "u1"); p != 1 || n != 0 {
		t.Errorf("u1's partition: %d profiles, %d memberships; want the profile only", p, n)
	}
	if p, n := countPartition(t, m, db, "u2"); p != 1 || n != 1 {
		t.Errorf("u2's partition: %d profiles, %d memberships; want both untouched", p, n)
	}
	// Again: nothing left to delete.
	res, err = txn.DeletePartition(m.members, entity.Values{"userId": "u1"}).Run(ctx, db, txn.BatchOptions{}, "")
	if err != nil || res.Deleted != 0 || res.Cursor != "" {
		t.Errorf("second run: %+v, %v", res, err)
	}
	// Every entity's items.
	res, err = txn.DeletePartition(m.members, entity.Values{"userId": "u2"}).AllEntities().Run(ctx, db, txn.BatchOptions{}, "")
	if err != nil || res.Deleted != 2 {
		t.Errorf("all entities of u2: %+v, %v; want 2 deleted", res, err)
	}
	if p, n := countPartition(t, m, db, "u2"); p != 0 || n != 0 {
		t.Errorf("u2's partition after AllEntities: %d profiles, %d memberships", p, n)
	}
}

func TestDeletePartitionBuildFiltersOnTheMarker(t *testing.T) {
	t.Parallel()
	m := newModel()
	in, err := txn.DeletePartition(m.members, entity.Values{"userId": "u1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if in.FilterExpression == nil || in.ExpressionAttributeNames["#__entity"] != "__entity" {
		t.Errorf("no marker filter: %v %v", in.FilterExpression, in.ExpressionAttributeNames)
	}
	golden.Check(t, "one-entity", in)
	all, err := txn.DeletePartition(m.members, entity.Values{"userId": "u1"}).AllEntities().Build()
	if err != nil || all.FilterExpression != nil {
		t.Errorf("AllEntities: filter %v, %v", all.FilterExpression, err)
	}
	golden.Check(t, "all-entities", all)
	none := entity.NewDB(entitytest.NoRequests(t), "t")
	for name, d := range map[string]txn.PartitionDelete{
		"missing composite": txn.DeletePartition(m.members, entity.Values{}),
		"sort composite":    txn.DeletePartition(m.members, entity.Values{"userId": "u1", "groupId": "g"}),
		"nil entity":        txn.DeletePartition[Membership](nil, entity.Values{"userId": "u1"}),
	} {
		_, err := d.Run(context.Background(), none, txn.BatchOptions{}, "")
		var ve *ddbmodel.ValidationError
		var me *ddbmodel.MissingCompositesError
		if !errors.As(err, &ve) && !errors.As(err, &me) {
			t.Errorf("%s: err = %v, want a validation error", name, err)
		}
	}
}

// cancelAfter cancels a context after n BatchWriteItem calls.
type cancelAfter struct {
	entity.Client
	n      int32
	calls  atomic.Int32
	cancel context.CancelFunc
}

func (c *cancelAfter) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	out, err := c.Client.BatchWriteItem(ctx, in, opts...)
	if c.calls.Add(1) == c.n {
		c.cancel()
	}
	return out, err
}

func TestDeletePartitionResumesAfterCancel(t *testing.T) {
	t.Parallel()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	seedPartition(t, m, db, 40)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cdb := *db
	cdb.Client = &cancelAfter{Client: db.Client, n: 2, cancel: cancel}
	d := txn.DeletePartition(m.members, entity.Values{"userId": "u1"}).Limit(6)
	first, err := d.Run(ctx, &cdb, txn.BatchOptions{Concurrency: 1}, "")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %+v, err %v; want context.Canceled", first, err)
	}
	if first.Cursor == "" || first.Deleted == 0 || first.Deleted >= 40 {
		t.Fatalf("interrupted run: %+v; want some deleted and a cursor", first)
	}
	rest, err := d.Run(context.Background(), db, txn.BatchOptions{}, first.Cursor)
	if err != nil {
		t.Fatal(err)
	}
	if first.Deleted+rest.Deleted != 40 || rest.Cursor != "" {
		t.Errorf("deleted %d then %d (cursor %q), want 40 in all", first.Deleted, rest.Deleted, rest.Cursor)
	}
	if p, n := countPartition(t, m, db, "u1"); p != 1 || n != 0 {
		t.Errorf("u1's partition: %d profiles, %d memberships; want the profile only", p, n)
	}
}

type PageDoc struct {
	Slug string `dynamo:"slug"`
	V    string `dynamo:"v"`
}

// Two entities whose items interleave under one sort key prefix: deleting
// one's items leaves every item of the other.
func TestDeletePartitionKeepsInterleavedItemsOfAnotherEntity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	// The two entities' keys interleave in the partition's sort order
	// (V#00#P, V#01#D, ...), without sharing any key.
	posts := entity.MustDefine(m.table, entity.Config[PageDoc]{Name: "Post", Key: entity.Key{Partition: "DOC#${slug}", Sort: "V#${v}#P"}})
	drafts := entity.MustDefine(m.table, entity.Config[PageDoc]{Name: "Draft", Key: entity.Key{Partition: "DOC#${slug}", Sort: "V#${v}#D"}})
	db := entitytest.NewDB(t, m.table)
	for i := 0; i < 20; i++ {
		v := fmt.Sprintf("%02d", i)
		var err error
		if i%2 == 0 {
			_, err = posts.Put(PageDoc{Slug: "a", V: v}).Run(ctx, db)
		} else {
			_, err = drafts.Put(PageDoc{Slug: "a", V: v}).Run(ctx, db)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	res, err := txn.DeletePartition(posts, entity.Values{"slug": "a"}).Limit(3).Run(ctx, db, txn.BatchOptions{}, "")
	if err != nil || res.Deleted != 10 {
		t.Fatalf("%+v, %v; want 10 deleted", res, err)
	}
	left, err := query.New(drafts).Where(entity.Values{"slug": "a"}).Collect(ctx, db)
	if err != nil || len(left) != 10 {
		t.Errorf("drafts left: %d, %v; want all 10", len(left), err)
	}
	gone, err := query.New(posts).Where(entity.Values{"slug": "a"}).Collect(ctx, db)
	if err != nil || len(gone) != 0 {
		t.Errorf("posts left: %d, %v; want none", len(gone), err)
	}
}

// Items DynamoDB leaves unprocessed are retried; those still left are
// returned, not counted, and a resumed run deletes them.
func TestDeletePartitionReturnsWhatIsLeftUnprocessed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	seedPartition(t, m, db, 12)
	fdb := *db
	fdb.Client = entitytest.NewFaultClient(db.Client, 1, entitytest.FaultRule{Fault: entitytest.Unprocessed, Operations: []entitytest.Operation{entitytest.BatchWriteItem}})
	d := txn.DeletePartition(m.members, entity.Values{"userId": "u1"})
	res, err := d.Run(ctx, &fdb, txn.BatchOptions{MaxAttempts: 2, BaseDelay: time.Millisecond}, "")
	var ue *ddbmodel.UnprocessedError
	if !errors.As(err, &ue) || len(ue.Deletes) == 0 {
		t.Fatalf("err = %v, want an UnprocessedError with deletes", err)
	}
	// 12 items, half sent on each attempt: 6 then 3 deleted, 3 left.
	if res.Deleted != 12-len(ue.Deletes) || res.Deleted != 9 {
		t.Errorf("deleted %d with %d left, want 9 and 3", res.Deleted, len(ue.Deletes))
	}
	more, err := d.Run(ctx, db, txn.BatchOptions{}, res.Cursor)
	if err != nil || res.Deleted+more.Deleted != 12 {
		t.Errorf("resumed: %+v, %v; want the 3 left deleted", more, err)
	}
	if p, n := countPartition(t, m, db, "u1"); p != 1 || n != 0 {
		t.Errorf("u1's partition: %d profiles, %d memberships; want the profile only", p, n)
	}
}

// An entity sharing table keys with another (SharesKeysWith, on either
// side) is refused before any request: a batch delete carries no marker
// condition, so another entity's item put under a key between the read and
// the delete would be deleted (helper-115: a Listing put in place of the
// draft read was deleted and counted as a draft). AllEntities, which
// deletes whatever the partition holds, is not refused.
func TestDeletePartitionRefusesAnEntitySharingTableKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	key := entity.Key{Partition: "DOC#${slug}", Sort: "V#${v}"}
	posts := entity.MustDefine(m.table, entity.Config[PageDoc]{Name: "Post", Key: key, SharesKeysWith: []string{"Draft"}})
	drafts := entity.MustDefine(m.table, entity.Config[PageDoc]{Name: "Draft", Key: key})
	db := entitytest.NewDB(t, m.table)
	if _, err := posts.Put(PageDoc{Slug: "a", V: "1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := drafts.Put(PageDoc{Slug: "a", V: "2"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	sent := 0
	counted := *db
	counted.Observer = entity.ObserverFunc(func(context.Context, *entity.Event) { sent++ })
	for _, c := range []struct {
		name, other string
		d           txn.PartitionDelete
	}{
		{"Post", "Draft", txn.DeletePartition(posts, entity.Values{"slug": "a"})},
		{"Draft", "Post", txn.DeletePartition(drafts, entity.Values{"slug": "a"})},
	} {
		_, err := c.d.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != c.name || !strings.Contains(ve.Reason, "shares table keys with "+c.other) {
			t.Errorf("%s: Build err = %v, want a *ddbmodel.ValidationError saying it shares keys with %s", c.name, err, c.other)
		}
		if res, err := c.d.Run(ctx, &counted, txn.BatchOptions{}, ""); !errors.As(err, &ve) || res.Deleted != 0 {
			t.Errorf("%s: Run = %+v, %v; want the refusal", c.name, res, err)
		}
	}
	if sent != 0 {
		t.Errorf("%d requests sent, want none", sent)
	}
	res, err := txn.DeletePartition(posts, entity.Values{"slug": "a"}).AllEntities().Run(ctx, db, txn.BatchOptions{}, "")
	if err != nil || res.Deleted != 2 {
		t.Errorf("AllEntities: %+v, %v; want both items deleted", res, err)
	}
}
