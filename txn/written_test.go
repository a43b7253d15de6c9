package txn_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

type Ticket struct {
	TicketID string    `dynamo:"ticketId"`
	Status   string    `dynamo:"status"`
	Votes    int       `dynamo:"votes"`
	Version  int64     `dynamo:"version"`
	Created  time.Time `dynamo:"created"`
}

func TestRunWrittenReturnsEachActionsItemTyped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tickets := entity.MustDefine(m.table, entity.Config[Ticket]{
		Name: "Ticket", Key: entity.Key{Partition: "TICKET#${ticketId}", Sort: "#T"},
		Attributes:    map[string]entity.Attribute{"status": {Default: "open"}},
		Timestamps:    entity.Timestamps{Created: "created"},
		LockAttribute: "version",
		Now:           func() time.Time { return at },
	})
	db := entitytest.NewDB(t, m.table)
	if _, err := m.users.Put(User{UserID: "u1", Name: "Ann"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := m.users.Put(User{UserID: "u7", Name: "Cy"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := m.groups.Put(Group{GroupID: "g9"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	rec := entitytest.NewRecorder(db.Client)
	rdb := *db
	rdb.Client = rec
	items, err := txn.Write(
		tickets.Create(Ticket{TicketID: "t1"}),
		m.users.Update(entity.Values{"userId": "u1"}).Add("groups", 2),
		m.groups.Delete(entity.Values{"groupId": "g9"}),
		m.users.Check(entity.Values{"userId": "u7"}, entity.Attr("name").Eq("Cy")),
	).RunWritten(ctx, &rdb)
	if err != nil {
		t.Fatal(err)
	}
	if items.Len() != 4 {
		t.Fatalf("Len = %d, want 4", items.Len())
	}
	tk, err := txn.Decode(items, 0, tickets)
	want := Ticket{TicketID: "t1", Status: "open", Version: 1, Created: at}
	if err != nil || tk != want {
		t.Errorf("created ticket = %+v, %v; want %+v (defaults, timestamp and version applied)", tk, err, want)
	}
	u, err := txn.Decode(items, 1, m.users)
	if err != nil || u != (User{UserID: "u1", Name: "Ann", Groups: 2}) {
		t.Errorf("updated user = %+v, %v; want it as stored after the update", u, err)
	}
	if items.Found(2) || items.Found(3) {
		t.Errorf("a delete or a check returned an item: %v %v", items.Found(2), items.Found(3))
	}
	if _, err := txn.Decode(items, 2, m.groups); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("decoding the delete: %v, want ErrNotFound", err)
	}
	// An item is never decoded as another entity's.
	if _, err := txn.Decode(items, 1, m.groups); err == nil {
		t.Error("the user decoded as a Group")
	}
	// One transaction and one read back of the updates.
	if got := rec.Requests(); len(got) != 2 || got[0].Operation != entitytest.TransactWriteItems || got[1].Operation != entitytest.TransactGetItems {
		t.Errorf("requests = %v, want TransactWriteItems then TransactGetItems", got)
	}
}

func TestRunWrittenWithoutUpdatesSendsOneRequest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	rec := entitytest.NewRecorder(db.Client)
	rdb := *db
	rdb.Client = rec
	items, err := txn.Write(m.users.Put(User{UserID: "u2", Name: "Bo"})).RunWritten(ctx, &rdb)
	if err != nil {
		t.Fatal(err)
	}
	if u, err := txn.Decode(items, 0, m.users); err != nil || u.Name != "Bo" {
		t.Errorf("put user = %+v, %v", u, err)
	}
	if got := rec.Count(); got != 1 {
		t.Errorf("%d requests, want only the transaction", got)
	}
}

func TestRunWrittenCanceledReturnsTheTypedReasons(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	_, err := txn.Write(m.users.Update(entity.Values{"userId": "nobody"}).Add("groups", 1)).RunWritten(ctx, db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("err = %v, want a TxCanceledError with ErrNotFound", err)
	}
}
