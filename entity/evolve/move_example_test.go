package evolve_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// A doc written under v1 (sort key DOC#${id}), checked under v2
// (DOCUMENT#${id}) without I/O: its table key is stale, so its repair is
// a move, which BuildMove compiles: a delete of the item as read and a put
// at the new key, only where no item is.
func ExampleFinding_BuildMove() {
	in, err := docModel("DOC#${id}").Put(Doc{Space: "s1", ID: "d1", Title: "hello"}).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := evolve.Entity(docModel("DOCUMENT#${id}")).Check(in.Item)
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
	fmt.Println("delete", text(del.Key["PK"]), text(del.Key["SK"]), "if unchanged:", len(del.ExpressionAttributeNames), "attributes conditioned")
	fmt.Println("put", text(put.Item["PK"]), text(put.Item["SK"]), "if", aws.ToString(put.ConditionExpression), put.ExpressionAttributeNames)
	// Output:
	// [stale primary key] true
	// delete SPACE#s1 DOC#d1 if unchanged: 8 attributes conditioned
	// put SPACE#s1 DOCUMENT#d1 if attribute_not_exists(#PK) map[#PK:PK]
}
