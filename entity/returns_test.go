package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func TestReturnOldBuildAsksForTheOldItem(t *testing.T) {
	t.Parallel()
	posts, _, _ := sharedLayout(t, "")
	put, err := posts.Put(SharedDoc{Slug: "a"}).ReturnOld().Build()
	if err != nil {
		t.Fatal(err)
	}
	if put.ReturnValues != types.ReturnValueAllOld {
		t.Errorf("put ReturnValues = %q, want ALL_OLD", put.ReturnValues)
	}
	plain, _ := posts.Put(SharedDoc{Slug: "a"}).Build()
	if plain.ReturnValues != "" || *plain.ConditionExpression != *put.ConditionExpression {
		t.Errorf("ReturnOld changed more than ReturnValues: plain %q, %q vs %q", plain.ReturnValues, *plain.ConditionExpression, *put.ConditionExpression)
	}
	del, err := posts.Delete(entity.Values{"slug": "a"}).ReturnOld().Build()
	if err != nil {
		t.Fatal(err)
	}
	if del.ReturnValues != types.ReturnValueAllOld || del.ConditionExpression == nil {
		t.Errorf("delete ReturnValues = %q, condition %v", del.ReturnValues, del.ConditionExpression)
	}
	// Invalid input is refused before sending.
	rec := entity.NewDB(entitytest.NoRequests(t), "t")
	if _, _, err := posts.Delete(entity.Values{"nope": "a"}).ReturnOld().Run(context.Background(), rec); !errors.As(err, new(*ddbmodel.ValidationError)) {
		t.Errorf("bad key: err = %v, want a ValidationError", err)
	}
}

func TestPutAndDeleteReturnTheOldItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, _, db := sharedLayout(t, "")

	old, found, err := posts.Put(SharedDoc{Slug: "a", Body: "one"}).ReturnOld().Run(ctx, db)
	if err != nil || found || old != (SharedDoc{}) {
		t.Fatalf("first put: old %+v, found %v, err %v; want none", old, found, err)
	}
	old, found, err = posts.Put(SharedDoc{Slug: "a", Body: "two"}).ReturnOld().Run(ctx, db)
	if err != nil || !found || old != (SharedDoc{Slug: "a", Body: "one"}) {
		t.Fatalf("second put: old %+v, found %v, err %v; want body one", old, found, err)
	}
	old, found, err = posts.Delete(entity.Values{"slug": "a"}).ReturnOld().Run(ctx, db)
	if err != nil || !found || old != (SharedDoc{Slug: "a", Body: "two"}) {
		t.Fatalf("delete: old %+v, found %v, err %v; want body two", old, found, err)
	}
	old, found, err = posts.Delete(entity.Values{"slug": "a"}).ReturnOld().Run(ctx, db)
	if err != nil || found {
		t.Fatalf("delete of an absent item: old %+v, found %v, err %v; want none", old, found, err)
	}
	_, _, err = posts.Delete(entity.Values{"slug": "a"}).MustExist().ReturnOld().Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("MustExist delete of an absent item: err %v, want ErrNotFound", err)
	}
	_, found, err = posts.Create(SharedDoc{Slug: "b", Body: "new"}).ReturnOld().Run(ctx, db)
	if err != nil || found {
		t.Fatalf("create: found %v, err %v", found, err)
	}
}

// An old item of another entity is never returned: the write does not
// happen, and the other entity's item stays.
func TestReturnOldNeverReturnsAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, drafts, db := sharedLayout(t, "")
	if _, err := drafts.Put(SharedDoc{Slug: "x", Body: "draft"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	old, found, err := posts.Put(SharedDoc{Slug: "x", Body: "post"}).ReturnOld().Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrOtherEntity) || found || old != (SharedDoc{}) {
		t.Errorf("put over a draft: old %+v, found %v, err %v; want ErrOtherEntity and nothing", old, found, err)
	}
	old, found, err = posts.Delete(entity.Values{"slug": "x"}).ReturnOld().Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrOtherEntity) || found || old != (SharedDoc{}) {
		t.Errorf("delete of a draft: old %+v, found %v, err %v; want ErrOtherEntity and nothing", old, found, err)
	}
	got, err := drafts.Get(entity.Values{"slug": "x"}).Run(ctx, db)
	if err != nil || got.Body != "draft" {
		t.Errorf("the draft after both: %+v, %v", got, err)
	}
}
