package evolve_test

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// oneItemClient holds one item: GetItem returns it, UpdateItem prints
// the update it is sent and succeeds.
type oneItemClient struct {
	entity.Client
	item map[string]types.AttributeValue
}

func (c oneItemClient) GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return &dynamodb.GetItemOutput{Item: c.item}, nil
}

func (c oneItemClient) UpdateItem(_ context.Context, in *dynamodb.UpdateItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	fmt.Println("UpdateItem", aws.ToString(in.UpdateExpression))
	return &dynamodb.UpdateItemOutput{}, nil
}

// A service's update of a document stored by version 1 is refused
// (ddbmodel.ErrOldVersion); RepairItem migrates that one document, with
// the write a bulk Repair would send, conditioned on the item being as
// read, and the service can send its update again.
func ExampleJob_RepairItem() {
	v1, v2 := docModels()
	old, err := v1.Put(DocV1{Shelf: "s1", ID: "d1", Title: "Hello", Words: "120"}).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	db := entity.NewDB(oneItemClient{item: old.Item}, "docs")
	key, err := v2.Key(entity.Values{"shelf": "s1", "id": "d1"})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := evolve.Entity(v2).RepairItem(context.Background(), db, key)
	fmt.Println(r.Counts[evolve.OldVersion], "old version,", r.Repaired, "repaired,", err)
	// Output:
	// UpdateItem SET #__entity_version = :v0, #headline = :v1, #lang = :v2, #words = :v3 REMOVE #title
	// 1 old version, 1 repaired, <nil>
}

// A version 1 document whose upgrade renders another table key (the
// upgrade lower-cases the id): its repair is a move, which puts the whole
// upgraded item at the new key and deletes the old one, in one
// transaction.
func ExampleFinding_BuildMove_migration() {
	v1, v2 := docModels()
	in, err := v1.Put(DocV1{Shelf: "s1", ID: "D1", Title: "Hello", Words: "120"}).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := evolve.Entity(v2).Check(in.Item)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Kinds, f.Moves())
	tx, err := f.BuildMove()
	if err != nil {
		fmt.Println(err)
		return
	}
	del, put := tx.TransactItems[0].Delete, tx.TransactItems[1].Put
	fmt.Println("delete", text(del.Key["SK"]))
	fmt.Println("put", text(put.Item["SK"]), text(put.Item["headline"]), text(put.Item["lang"]), text(put.Item[v2.Table().EntityVersionAttr()]), put.Item["title"] == nil)
	// Output:
	// [old version stale primary key] true
	// delete DOC#D1
	// put DOC#d1 Hello en 2 true
}
