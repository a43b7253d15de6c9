package entitytest_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Ticket is the model of these examples.
type Ticket struct {
	TicketID string `dynamo:"ticketId"`
	Team     string `dynamo:"team"`
	Title    string `dynamo:"title"`
}

var Table = &entity.Table{
	Name:         "tickets",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	Indexes:      []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}},
}

var Tickets = entity.MustDefine(Table, entity.Config[Ticket]{
	Name:       "Ticket",
	Key:        entity.Key{Partition: "TICKET#${ticketId}", Sort: "#TICKET"},
	Indexes:    []entity.IndexKey[Ticket]{{Index: "GSI1", Partition: "TEAM#${team}", Sort: "TICKET#${ticketId}"}},
	Attributes: map[string]entity.Attribute{"title": {Required: true}},
})

// A test against DynamoDB Local: each test gets its own table, created from
// the model, on a server the test binary starts the first time a test needs
// it. This is the body of a TestXxx function in a _test.go file.
func ExampleNewDB() {
	testCreateTicket := func(t *testing.T) {
		t.Parallel()
		db := entitytest.NewDB(t, Table) // skipped under go test -short
		ctx := t.Context()
		if _, err := Tickets.Create(Ticket{TicketID: "t1", Team: "core", Title: "Crash"}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		_, err := Tickets.Create(Ticket{TicketID: "t1", Team: "core", Title: "Again"}).Run(ctx, db)
		if !errors.Is(err, ddbmodel.ErrAlreadyExists) {
			t.Fatalf("second create: %v, want ErrAlreadyExists", err)
		}
	}
	_ = testCreateTicket
}

// A Recorder with no client behind it records requests without sending
// them: here, that an invalid ticket is refused before any request, and
// that a valid one is one PutItem.
func ExampleNewRecorder() {
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "tickets")
	ctx := context.Background()

	_, err := Tickets.Put(Ticket{TicketID: "t1", Team: "core"}).Run(ctx, db) // no title
	fmt.Println("invalid:", errors.Is(err, ddbmodel.ErrInvalid), "requests:", rec.Count())

	_, err = Tickets.Put(Ticket{TicketID: "t1", Team: "core", Title: "Crash"}).Run(ctx, db)
	fmt.Println("valid:", err, "requests:", rec.Count(entitytest.PutItem))
	put := rec.Requests()[0].Input.(*dynamodb.PutItemInput)
	fmt.Println("table:", *put.TableName)
	// Output:
	// invalid: true requests: 0
	// valid: <nil> requests: 1
	// table: tickets
}

// A FaultClient makes requests fail the way DynamoDB does under load, so
// that retry and error handling can be tested without a server: here, the
// first put is throttled and the second goes through.
func ExampleNewFaultClient() {
	rec := entitytest.NewRecorder(nil)
	faults := entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{
		Fault:      entitytest.Throttling,
		Operations: []entitytest.Operation{entitytest.PutItem},
		Count:      1,
	})
	db := entity.NewDB(faults, "tickets")
	ctx := context.Background()

	_, err := Tickets.Put(Ticket{TicketID: "t1", Team: "core", Title: "Crash"}).Run(ctx, db)
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		fmt.Println("first:", apiErr.ErrorCode())
	}
	_, err = Tickets.Put(Ticket{TicketID: "t1", Team: "core", Title: "Crash"}).Run(ctx, db)
	fmt.Println("second:", err)
	fmt.Println("sent:", rec.Count(), "injected:", faults.Injected()[entitytest.Throttling])
	// Output:
	// first: ThrottlingException
	// second: <nil>
	// sent: 1 injected: 1
}
