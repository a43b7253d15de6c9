package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The request shapes: the guard comes first, so its placeholders are the
// same whatever follows it.
func TestPutAndDeleteBuildAreGuardedByTheMarker(t *testing.T) {
	t.Parallel()
	posts, _, _ := sharedLayout(t, "")
	guard := "attribute_not_exists(#PK) OR #__entity = :v0"
	names := map[string]string{"#PK": "PK", "#__entity": "__entity"}
	marker := s("Post")

	put, err := posts.Put(SharedDoc{Slug: "a", Body: "b"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToString(put.ConditionExpression); got != guard {
		t.Errorf("put condition = %q, want %q", got, guard)
	}
	if diff := cmp.Diff(names, put.ExpressionAttributeNames); diff != "" {
		t.Errorf("put names (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]types.AttributeValue{":v0": marker}, put.ExpressionAttributeValues, entitytest.CmpOptions); diff != "" {
		t.Errorf("put values (-want +got):\n%s", diff)
	}
	if put.ReturnValuesOnConditionCheckFailure != types.ReturnValuesOnConditionCheckFailureAllOld {
		t.Errorf("put ReturnValuesOnConditionCheckFailure = %q", put.ReturnValuesOnConditionCheckFailure)
	}
	if put.ExpressionAttributeNames == nil || put.ExpressionAttributeValues == nil {
		t.Fatal("the put has no expression names or values")
	}
	// A built request is the caller's: changing it, its maps or the values
	// in them, changes no later one.
	put.ExpressionAttributeNames["#x"] = "x"
	put.ExpressionAttributeNames["#PK"] = "SK"
	put.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberS).Value = "Mallory"
	put.Item["SK"].(*types.AttributeValueMemberS).Value = "Mallory"
	put.ExpressionAttributeValues[":v1"] = s("Mallory")
	again, err := posts.Put(SharedDoc{Slug: "a", Body: "b"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(names, again.ExpressionAttributeNames); diff != "" {
		t.Errorf("a later put's names changed with an earlier request's (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]types.AttributeValue{":v0": marker}, again.ExpressionAttributeValues, entitytest.CmpOptions); diff != "" {
		t.Errorf("a later put's values changed with an earlier request's (-want +got):\n%s", diff)
	}
	if got := again.Item["SK"].(*types.AttributeValueMemberS).Value; got == "Mallory" {
		t.Errorf("a later put's item changed with an earlier request's: SK = %q", got)
	}

	withIf, err := posts.Put(SharedDoc{Slug: "a"}).If(entity.Attr("body").Eq("old")).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(withIf.ConditionExpression), "("+guard+") AND (#body = :v1)"; got != want {
		t.Errorf("put with If: condition = %q, want %q", got, want)
	}
	if diff := cmp.Diff(map[string]types.AttributeValue{":v0": marker, ":v1": s("old")}, withIf.ExpressionAttributeValues, entitytest.CmpOptions); diff != "" {
		t.Errorf("put with If: values (-want +got):\n%s", diff)
	}

	del, err := posts.Delete(entity.Values{"slug": "a"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToString(del.ConditionExpression); got != guard {
		t.Errorf("delete condition = %q, want %q", got, guard)
	}
	if diff := cmp.Diff(names, del.ExpressionAttributeNames); diff != "" {
		t.Errorf("delete names (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]types.AttributeValue{":v0": marker}, del.ExpressionAttributeValues, entitytest.CmpOptions); diff != "" {
		t.Errorf("delete values (-want +got):\n%s", diff)
	}

	// Inside a transaction the put and the delete carry the same guard.
	tx, err := txn.Write(posts.Put(SharedDoc{Slug: "a"}), posts.Delete(entity.Values{"slug": "b"})).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToString(tx.TransactItems[0].Put.ConditionExpression); got != guard {
		t.Errorf("transaction put condition = %q, want %q", got, guard)
	}
	if got := aws.ToString(tx.TransactItems[1].Delete.ConditionExpression); got != guard {
		t.Errorf("transaction delete condition = %q, want %q", got, guard)
	}
}

func TestPutNeverOverwritesAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, drafts, db := sharedLayout(t, "")
	if _, err := drafts.Create(SharedDoc{Slug: "d1", Body: "draft body"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	pk, _ := drafts.Key(entity.Values{"slug": "d1"})
	before := rawItem(t, db, pk)

	_, err := posts.Put(SharedDoc{Slug: "d1", Body: "post body"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrOtherEntity) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("a Post put at a Draft's key: err = %v, want ErrOtherEntity and ErrConditionFailed", err)
	}
	var ce *ddbmodel.ConditionError
	if !errors.As(err, &ce) || ce.Entity != "Post" || ce.Op != "put" {
		t.Errorf("err = %#v, want a *ConditionError of the Post put", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Errorf("a refused put changed the Draft (-before +after):\n%s", diff)
	}
	// With a condition of the caller's too: the guard still holds.
	_, err = posts.Put(SharedDoc{Slug: "d1", Body: "post body"}).If(entity.Attr("body").Eq("draft body")).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("a conditioned Post put at a Draft's key: err = %v, want ErrOtherEntity", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Errorf("a refused conditioned put changed the Draft (-before +after):\n%s", diff)
	}

	// A put of a new item, and one replacing the entity's own item, work.
	if _, err := posts.Put(SharedDoc{Slug: "p1", Body: "one"}).Run(ctx, db); err != nil {
		t.Fatalf("a put of a new item: %v", err)
	}
	if _, err := posts.Put(SharedDoc{Slug: "p1", Body: "two"}).Run(ctx, db); err != nil {
		t.Fatalf("a put replacing the entity's own item: %v", err)
	}
	if got, err := posts.Get(entity.Values{"slug": "p1"}).Consistent().Run(ctx, db); err != nil || got.Body != "two" {
		t.Errorf("the Post after two puts: %+v, %v", got, err)
	}
	// The caller's own condition failing on the entity's own item is
	// ErrConditionFailed, not ErrOtherEntity.
	_, err = posts.Put(SharedDoc{Slug: "p1", Body: "three"}).If(entity.Attr("body").Eq("one")).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrConditionFailed) || errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("a put whose own condition fails: err = %v, want ErrConditionFailed only", err)
	}
}

// An item without a marker (written by other code) is never overwritten
// or deleted: the entity reports it as unmarked (ErrUnmarked, which says
// how to adopt it; it was ErrOtherEntity before).
func TestPutAndDeleteRefuseAnUnmarkedItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, _, db := sharedLayout(t, "")
	pk, _ := posts.Key(entity.Values{"slug": "raw"})
	raw := map[string]types.AttributeValue{"PK": pk["PK"], "SK": pk["SK"], "body": s("someone else's")}
	if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(db.TableName), Item: raw}); err != nil {
		t.Fatal(err)
	}
	if _, err := posts.Put(SharedDoc{Slug: "raw", Body: "post"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUnmarked) {
		t.Errorf("a put over an unmarked item: err = %v, want ErrUnmarked", err)
	}
	if err := posts.Delete(entity.Values{"slug": "raw"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUnmarked) {
		t.Errorf("a delete of an unmarked item: err = %v, want ErrUnmarked", err)
	}
	if diff := cmp.Diff(raw, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Errorf("the unmarked item changed (-before +after):\n%s", diff)
	}
}

func TestDeleteNeverDeletesAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, drafts, db := sharedLayout(t, "")
	if _, err := drafts.Create(SharedDoc{Slug: "d1", Body: "draft body"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"slug": "d1"}
	pk, _ := drafts.Key(key)
	before := rawItem(t, db, pk)

	err := posts.Delete(key).Run(ctx, db)
	var ce *ddbmodel.ConditionError
	if !errors.Is(err, ddbmodel.ErrOtherEntity) || !errors.As(err, &ce) || ce.Op != "delete" {
		t.Fatalf("a Post delete of a Draft: err = %v, want ErrOtherEntity from the delete", err)
	}
	if err := posts.Delete(key).If(entity.Attr("body").Eq("draft body")).Run(ctx, db); !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("a conditioned Post delete of a Draft: err = %v, want ErrOtherEntity", err)
	}
	if err := posts.Delete(key).MustExist().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("a must-exist Post delete of a Draft: err = %v, want ErrNotFound", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Errorf("a refused delete changed the Draft (-before +after):\n%s", diff)
	}

	// Deleting an absent item is still a success; deleting one's own item works.
	if err := posts.Delete(entity.Values{"slug": "nothing"}).Run(ctx, db); err != nil {
		t.Errorf("deleting an absent item: %v", err)
	}
	if _, err := posts.Put(SharedDoc{Slug: "p1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := posts.Delete(entity.Values{"slug": "p1"}).Run(ctx, db); err != nil {
		t.Fatalf("deleting the entity's own item: %v", err)
	}
	if _, err := posts.Get(entity.Values{"slug": "p1"}).Consistent().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("the Post after its delete: err = %v, want ErrNotFound", err)
	}
}

// With optimistic locking, the lock condition is joined by the marker's: a
// Draft at the same version is not a Post at that version.
func TestLockedPutAndDeleteNeverTouchAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, drafts, db := sharedLayout(t, "rev")
	if _, err := drafts.Create(SharedDoc{Slug: "d1", Body: "draft body"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"slug": "d1"}
	pk, _ := drafts.Key(key)
	before := rawItem(t, db, pk) // rev 1
	if _, err := posts.Put(SharedDoc{Slug: "d1", Body: "post", Rev: 1}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("a locked Post put at a Draft of the same version: err = %v, want ErrOtherEntity", err)
	}
	if err := posts.Delete(key).IfVersion(1).Run(ctx, db); !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("a versioned Post delete of a Draft of that version: err = %v, want ErrOtherEntity", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Errorf("a refused write changed the Draft (-before +after):\n%s", diff)
	}
}

// The case: a Post update changing the slug (a move) addressed at a
// Draft's item must neither delete the Draft nor create a Post from it.
func TestMoveNeverMovesAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, drafts, db := sharedLayout(t, "")
	if _, err := drafts.Create(SharedDoc{Slug: "d1", Body: "draft body"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	from, _ := drafts.Key(entity.Values{"slug": "d1"})
	to, _ := drafts.Key(entity.Values{"slug": "p9"})
	before := rawItem(t, db, from)
	for _, op := range []entity.UpdateOp[SharedDoc]{
		posts.Update(entity.Values{"slug": "d1"}).Set("slug", "p9"),
		posts.Update(entity.Values{"slug": "d1"}).Set("slug", "p9").ReadFirst(),
	} {
		_, err := op.Run(ctx, db)
		if !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("moving a Draft as a Post: err = %v, want ErrNotFound", err)
		}
		if diff := cmp.Diff(before, rawItem(t, db, from), entitytest.CmpOptions); diff != "" {
			t.Errorf("a refused move changed the Draft (-before +after):\n%s", diff)
		}
		if item := rawItem(t, db, to); item != nil {
			t.Errorf("a refused move wrote %v", item)
		}
	}
}

// The move's delete is conditioned on the marker itself: when the Post read
// is replaced by a Draft of the same lock version before the move is sent,
// the move is canceled and the Draft stays.
func TestMoveDeleteIsConditionedOnTheMarker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, _, db := sharedLayout(t, "rev")
	if _, err := posts.Create(SharedDoc{Slug: "a", Body: "post body"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	from, _ := posts.Key(entity.Values{"slug": "a"})
	to, _ := posts.Key(entity.Values{"slug": "b"})
	var replaced map[string]types.AttributeValue
	racing := &moveRacer{Client: db.Client, before: func() {
		// Another writer replaces the Post with a Draft at the same version.
		item := rawItem(t, db, from)
		item["__entity"] = s("Draft")
		item["body"] = s("draft body")
		if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(db.TableName), Item: item}); err != nil {
			t.Error(err)
		}
		replaced = item
	}}
	_, err := posts.Update(entity.Values{"slug": "a"}).Set("slug", "b").Run(ctx, &entity.DB{Client: racing, TableName: db.TableName})
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("a move whose item became a Draft: err = %v, want ErrNotFound", err)
	}
	if replaced == nil {
		t.Fatal("the move sent no transaction")
	}
	if diff := cmp.Diff(replaced, rawItem(t, db, from), entitytest.CmpOptions); diff != "" {
		t.Errorf("the Draft changed (-want +got):\n%s", diff)
	}
	if item := rawItem(t, db, to); item != nil {
		t.Errorf("a canceled move wrote %v", item)
	}
}

func TestTransactionPutAndDeleteNeverTouchAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, drafts, db := sharedLayout(t, "")
	if _, err := drafts.Create(SharedDoc{Slug: "d1", Body: "draft body"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := drafts.Create(SharedDoc{Slug: "d2", Body: "draft two"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	d1, _ := drafts.Key(entity.Values{"slug": "d1"})
	d2, _ := drafts.Key(entity.Values{"slug": "d2"})
	before1, before2 := rawItem(t, db, d1), rawItem(t, db, d2)

	for name, tx := range map[string]txn.WriteTx{
		"put":    txn.Write(posts.Put(SharedDoc{Slug: "new"}), posts.Put(SharedDoc{Slug: "d1", Body: "post"})),
		"delete": txn.Write(posts.Put(SharedDoc{Slug: "new"}), posts.Delete(entity.Values{"slug": "d2"})),
	} {
		err := tx.Run(ctx, db)
		var tce *ddbmodel.TxCanceledError
		if !errors.As(err, &tce) || !errors.Is(err, ddbmodel.ErrOtherEntity) {
			t.Fatalf("%s: err = %v, want a *TxCanceledError with ErrOtherEntity", name, err)
		}
		if f := tce.Failed(); len(f) != 1 || f[0].Index != 1 || !errors.Is(f[0].Err, ddbmodel.ErrOtherEntity) {
			t.Errorf("%s: failed actions = %+v, want action 1 with ErrOtherEntity", name, f)
		}
	}
	if diff := cmp.Diff(before1, rawItem(t, db, d1), entitytest.CmpOptions); diff != "" {
		t.Errorf("a refused transaction put changed the Draft (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(before2, rawItem(t, db, d2), entitytest.CmpOptions); diff != "" {
		t.Errorf("a refused transaction delete changed the Draft (-before +after):\n%s", diff)
	}
	if _, err := posts.Get(entity.Values{"slug": "new"}).Consistent().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("a canceled transaction wrote its other action: err = %v", err)
	}
	// The same transaction on the entity's own items goes through.
	if _, err := posts.Put(SharedDoc{Slug: "p2"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := txn.Write(posts.Put(SharedDoc{Slug: "new"}), posts.Put(SharedDoc{Slug: "p2", Body: "replaced"}), posts.Delete(entity.Values{"slug": "gone"})).Run(ctx, db); err != nil {
		t.Fatalf("a transaction on the entity's own and absent items: %v", err)
	}
	if got, err := posts.Get(entity.Values{"slug": "p2"}).Consistent().Run(ctx, db); err != nil || got.Body != "replaced" {
		t.Errorf("the Post after the transaction: %+v, %v", got, err)
	}
}
