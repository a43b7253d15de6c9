package txn_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// holdGroupsOnce passes batch writes on to the real client, except that
// on the first call it leaves the writes of items whose PK starts with
// GROUP# unprocessed.
type holdGroupsOnce struct {
	entity.Client
	calls *atomic.Int32
}

func (h holdGroupsOnce) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	if h.calls.Add(1) > 1 {
		return h.Client.BatchWriteItem(ctx, in, opts...)
	}
	send := &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{}}
	left := map[string][]types.WriteRequest{}
	for table, reqs := range in.RequestItems {
		for _, r := range reqs {
			if strings.HasPrefix(pk(r.PutRequest.Item), "GROUP#") {
				left[table] = append(left[table], r)
			} else {
				send.RequestItems[table] = append(send.RequestItems[table], r)
			}
		}
	}
	out, err := h.Client.BatchWriteItem(ctx, send, opts...)
	if err != nil {
		return nil, err
	}
	out.UnprocessedItems = left
	return out, nil
}

// A batch's retry attempt names the entities of the items it carries, not
// those of its whole chunk: for writes and for reads.
func TestBatchRetryEventsNameTheEntitiesTheyCarry(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	m := newModel()
	server := entitytest.NewDB(t, m.table)
	var log entitytest.EventLog
	db := *server
	db.Client = holdGroupsOnce{Client: server.Client, calls: &atomic.Int32{}}
	odb := db.WithObserver(&log)
	opts := txn.BatchOptions{MaxAttempts: 3, BaseDelay: fast, MaxDelay: fast}
	if err := txn.BatchWrite(ctx, odb, opts,
		m.users.Put(User{UserID: "u1", Name: "a"}), m.groups.Put(Group{GroupID: "g1"}), m.users.Put(User{UserID: "u2", Name: "b"}),
	); err != nil {
		t.Fatal(err)
	}
	type attempt struct {
		N        int
		Entities []string
	}
	var got []attempt
	for _, ev := range log.Events() {
		got = append(got, attempt{ev.Attempt, ev.Entities})
	}
	if diff := cmp.Diff([]attempt{{1, []string{"User", "Group"}}, {2, []string{"Group"}}}, got); diff != "" {
		t.Errorf("batch write events (-want +got):\n%s", diff)
	}

	log.Reset()
	rdb := *server
	rdb.Client = holdKey{Client: server.Client, pk: "USER#u2"}
	_, err := txn.BatchGet(ctx, rdb.WithObserver(&log), txn.BatchOptions{MaxAttempts: 2, BaseDelay: fast, MaxDelay: fast},
		m.users.Get(entity.Values{"userId": "u1"}), m.groups.Get(entity.Values{"groupId": "g1"}), m.users.Get(entity.Values{"userId": "u2"}))
	if err == nil {
		t.Fatal("batch get with a key held back: no error")
	}
	got = nil
	for _, ev := range log.Events() {
		got = append(got, attempt{ev.Attempt, ev.Entities})
	}
	if diff := cmp.Diff([]attempt{{1, []string{"User", "Group"}}, {2, []string{"User"}}}, got); diff != "" {
		t.Errorf("batch get events (-want +got):\n%s", diff)
	}
}
