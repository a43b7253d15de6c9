package txn_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Joining a group writes the membership edge and both counters in one
// transaction; the create fails if the user already joined.
func ExampleWrite() {
	m := newModel()
	in, err := m.join("u1", "g1").Build()
	if err != nil {
		panic(err)
	}
	for _, it := range in.TransactItems {
		switch {
		case it.Put != nil:
			fmt.Println("Put   ", aws.ToString(it.Put.ConditionExpression))
		case it.Update != nil:
			fmt.Println("Update", aws.ToString(it.Update.UpdateExpression), "if", aws.ToString(it.Update.ConditionExpression))
		}
	}
	// Output:
	// Put    attribute_not_exists(#PK)
	// Update ADD #groups :v0 if (#__entity = :v1) AND (attribute_not_exists(#groups) OR #groups <= :v2)
	// Update ADD #members :v0 if (#__entity = :v1) AND (attribute_not_exists(#members) OR #members <= :v2)
}

// Two actions on one item are refused before anything is sent.
func ExampleWriteTx_Build() {
	m := newModel()
	_, err := txn.Write(
		m.users.Put(User{UserID: "u1"}),
		m.users.Update(entity.Values{"userId": "u1"}).Set("name", "Ann"),
	).Build()
	fmt.Println(err)
	// Output:
	// ddbmodel: invalid User: transaction actions 0 and 1 are on the same item (PK=USER#u1,SK=#PROFILE)
}

// Retry sends a transaction again when concurrent transactions canceled it,
// waiting a growing random time between attempts. Here the first two
// attempts meet an injected conflict; the third goes through.
func ExampleWriteTx_Retry() {
	m := newModel()
	client := entitytest.NewFaultClient(nil, 1, entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 2})
	err := m.join("u1", "g1").Retry(3).Backoff(time.Millisecond, 10*time.Millisecond).Run(context.Background(), entity.NewDB(client, "groups"))
	fmt.Println(err, client.Injected()[entitytest.TransactionConflict])

	// Out of attempts, the last cancellation comes back typed.
	client = entitytest.NewFaultClient(nil, 1, entitytest.FaultRule{Fault: entitytest.TransactionConflict})
	err = m.join("u1", "g1").Retry(2).Backoff(time.Millisecond, time.Millisecond).Run(context.Background(), entity.NewDB(client, "groups"))
	var tce *ddbmodel.TxCanceledError
	fmt.Println(errors.As(err, &tce), tce.Conflict(), client.Injected()[entitytest.TransactionConflict])
	// Output:
	// <nil> 2
	// true true 2
}

// RunWritten returns each action's item typed: a put's as it was written,
// with its defaults applied (an update's is read back after the write, in a
// second request). Here a recorder with no table behind it stands in for
// DynamoDB.
func ExampleWriteTx_RunWritten() {
	m := newModel()
	db := entity.NewDB(entitytest.NewRecorder(nil), "groups")
	items, err := txn.Write(
		m.users.Put(User{UserID: "u1", Name: "Ann"}),
		m.groups.Delete(entity.Values{"groupId": "g1"}),
	).RunWritten(context.Background(), db)
	if err != nil {
		panic(err)
	}
	u, err := txn.Decode(items, 0, m.users)
	fmt.Printf("%+v %v\n", u, err)
	fmt.Println("delete returned an item:", items.Found(1))
	// Output:
	// {UserID:u1 Name:Ann Groups:0} <nil>
	// delete returned an item: false
}
