package txn_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The kinds of fault the faulty client injects.
const (
	faultThrottling = iota
	faultThroughput
	fault500
	fault503
	faultResetBefore
	faultResetAfter
	faultUnprocessed
	faultKinds
)

var faultNames = [faultKinds]string{"ThrottlingException", "ProvisionedThroughputExceededException", "500", "503",
	"reset before the server", "reset after the server", "unprocessed items"}

// faulty wraps a real client and answers a share of batch requests with a
// fault of every kind: throttling, 500 and 503, a connection reset before
// the request reaches the server or after the server applied it, and part
// of the request left unprocessed. Whether a request fails, and how, is a
// function of the seed, the request's items and how often those items were
// sent together before, so that a run is the same whatever the order of
// concurrent requests.
type faulty struct {
	entity.Client
	seed uint64
	rate float64

	mu        sync.Mutex
	sent      map[string]int  // request content -> times sent
	confirmed map[string]bool // written items the client confirmed, by PK
	faults    [faultKinds]int
}

func newFaulty(real entity.Client, seed uint64, rate float64) *faulty {
	return &faulty{Client: real, seed: seed, rate: rate, sent: map[string]int{}, confirmed: map[string]bool{}}
}

func pk(item map[string]types.AttributeValue) string {
	return item["PK"].(*types.AttributeValueMemberS).Value
}

// decide returns the fault for a request of these item IDs (-1: none), and
// a random source for its details.
func (f *faulty) decide(op string, ids []string) (int, *rand.Rand) {
	ids = slices.Sorted(slices.Values(ids))
	content := op + "\x00" + strings.Join(ids, "\x00")
	f.mu.Lock()
	n := f.sent[content]
	f.sent[content]++
	f.mu.Unlock()
	h := fnv.New64a()
	h.Write([]byte(content))
	r := rand.New(rand.NewPCG(f.seed, h.Sum64()+uint64(n)*0x9e3779b97f4a7c15))
	if r.Float64() >= f.rate {
		return -1, r
	}
	kind := r.IntN(faultKinds)
	f.mu.Lock()
	f.faults[kind]++
	f.mu.Unlock()
	return kind, r
}

// errorFor is the error a fault of kind returns.
func errorFor(op string, kind int) error {
	switch kind {
	case faultThrottling:
		return transientFaults(op)["ThrottlingException"]
	case faultThroughput:
		return transientFaults(op)["ProvisionedThroughputExceededException"]
	case fault500:
		return transientFaults(op)["500 InternalServerError"]
	case fault503:
		return transientFaults(op)["503 ServiceUnavailable"]
	case faultResetBefore:
		return resetBeforeServer(op)
	}
	return resetAfterServer(op)
}

// split picks a non-empty part of n requests to leave unprocessed.
func split(r *rand.Rand, n int) []bool {
	left := make([]bool, n)
	some := false
	for i := range left {
		left[i] = r.IntN(2) == 0
		some = some || left[i]
	}
	if !some {
		left[r.IntN(n)] = true
	}
	return left
}

func (f *faulty) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	var ids []string
	for _, reqs := range in.RequestItems {
		for _, r := range reqs {
			ids = append(ids, pk(r.PutRequest.Item))
		}
	}
	kind, r := f.decide("BatchWriteItem", ids)
	send, left := in, map[string][]types.WriteRequest{}
	switch kind {
	case -1, faultResetAfter:
	case faultUnprocessed:
		send = &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{}}
		for table, reqs := range in.RequestItems {
			for i, l := range split(r, len(reqs)) {
				if l {
					left[table] = append(left[table], reqs[i])
				} else {
					send.RequestItems[table] = append(send.RequestItems[table], reqs[i])
				}
			}
		}
	default:
		return nil, errorFor("BatchWriteItem", kind)
	}
	out := &dynamodb.BatchWriteItemOutput{}
	if len(send.RequestItems) > 0 {
		var err error
		if out, err = f.Client.BatchWriteItem(ctx, send, opts...); err != nil {
			return nil, err
		}
	}
	if kind == faultResetAfter {
		return nil, errorFor("BatchWriteItem", kind)
	}
	for table, reqs := range out.UnprocessedItems {
		left[table] = append(left[table], reqs...)
	}
	unconfirmed := map[string]bool{}
	for _, reqs := range left {
		for _, r := range reqs {
			unconfirmed[pk(r.PutRequest.Item)] = true
		}
	}
	f.mu.Lock()
	for _, id := range ids {
		if !unconfirmed[id] {
			f.confirmed[id] = true
		}
	}
	f.mu.Unlock()
	out.UnprocessedItems = left
	return out, nil
}

func (f *faulty) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	var ids []string
	for _, ka := range in.RequestItems {
		for _, k := range ka.Keys {
			ids = append(ids, pk(k))
		}
	}
	kind, r := f.decide("BatchGetItem", ids)
	send, left := in, map[string]types.KeysAndAttributes{}
	switch kind {
	case -1, faultResetAfter:
	case faultUnprocessed:
		send = &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{}}
		for table, ka := range in.RequestItems {
			var kept, unread []map[string]types.AttributeValue
			for i, l := range split(r, len(ka.Keys)) {
				if l {
					unread = append(unread, ka.Keys[i])
				} else {
					kept = append(kept, ka.Keys[i])
				}
			}
			if len(kept) > 0 {
				send.RequestItems[table] = types.KeysAndAttributes{Keys: kept, ConsistentRead: ka.ConsistentRead}
			}
			left[table] = types.KeysAndAttributes{Keys: unread, ConsistentRead: ka.ConsistentRead}
		}
	default:
		return nil, errorFor("BatchGetItem", kind)
	}
	out := &dynamodb.BatchGetItemOutput{}
	if len(send.RequestItems) > 0 {
		var err error
		if out, err = f.Client.BatchGetItem(ctx, send, opts...); err != nil {
			return nil, err
		}
	}
	if kind == faultResetAfter {
		return nil, errorFor("BatchGetItem", kind)
	}
	for table, ka := range out.UnprocessedKeys {
		l := left[table]
		l.Keys = append(l.Keys, ka.Keys...)
		l.ConsistentRead = ka.ConsistentRead
		left[table] = l
	}
	out.UnprocessedKeys = left
	return out, nil
}

// storedUsers reads the whole table through the real client.
func storedUsers(t *testing.T, client *dynamodb.Client, table string, users *entity.Entity[User]) map[string]User {
	t.Helper()
	stored := map[string]User{}
	p := dynamodb.NewScanPaginator(client, &dynamodb.ScanInput{TableName: aws.String(table), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		out, err := p.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range out.Items {
			u, err := users.Decode(it)
			if err != nil {
				t.Fatalf("stored item %v: %v", it, err)
			}
			stored[pk(it)] = u
		}
	}
	return stored
}

// Under 30% injected faults of every kind, with the SDK's retryer off, a
// batch write of 2,000 items loses none: after the default retries every
// item is stored and confirmed. With retries cut short, what BatchWrite
// reports is exactly what the client did not confirm, every item is
// stored or reported, and nothing else is stored. Batch reads through the
// same faults find every item.
func TestBatchWriteUnderFaults(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	m := newModel()
	client := entitytest.Client(t)
	table := entitytest.NewTable(t, m.table.CreateTableInput())
	noRetryer := []func(*dynamodb.Options){func(o *dynamodb.Options) { o.Retryer = aws.NopRetryer{} }}
	f := newFaulty(client, 13, 0.3)
	db := &entity.DB{Client: f, TableName: table, Options: noRetryer}

	want := map[string]User{}
	users := func(from, to int) []entity.BatchWriter {
		var ops []entity.BatchWriter
		for i := from; i < to; i++ {
			u := User{UserID: fmt.Sprintf("u%04d", i), Name: fmt.Sprintf("name %d", i*7919%10007), Groups: i % 17}
			want["USER#"+u.UserID] = u
			ops = append(ops, m.users.Put(u))
		}
		return ops
	}
	began := time.Now()

	// 2,000 items with the default attempts: everything written.
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{Concurrency: 8}, users(0, 2000)...); err != nil {
		t.Fatalf("batch write of 2,000 items: %v", err)
	}
	for id := range want {
		if !f.confirmed[id] {
			t.Errorf("%s: BatchWrite returned nil but the client never confirmed it", id)
		}
	}

	// 1,000 more with two attempts and a 60% rate, so that some items stay
	// unconfirmed (some of them after the server applied them): those,
	// and only those, are reported.
	f.rate = 0.6
	more := users(2000, 3000)
	err := txn.BatchWrite(ctx, db, txn.BatchOptions{Concurrency: 8, MaxAttempts: 2, BaseDelay: time.Millisecond}, more...)
	var ue *ddbmodel.UnprocessedError
	if !errors.As(err, &ue) || !errors.Is(err, ddbmodel.ErrUnprocessed) {
		t.Fatalf("batch write with two attempts: err = %v, want an *UnprocessedError", err)
	}
	var reported, unconfirmed []string
	reportedSet := map[string]bool{}
	for _, it := range ue.Puts {
		reported = append(reported, pk(it))
		reportedSet[pk(it)] = true
		if u, err := m.users.Decode(it); err != nil || u != want[pk(it)] {
			t.Errorf("reported put %s = %+v, %v; want the item given", pk(it), u, err)
		}
	}
	for id := range want {
		if !f.confirmed[id] {
			unconfirmed = append(unconfirmed, id)
		}
	}
	sort.Strings(reported)
	sort.Strings(unconfirmed)
	if len(ue.Deletes)+len(ue.Keys) > 0 || !slices.Equal(reported, unconfirmed) {
		t.Errorf("reported %d puts %v, want exactly the %d unconfirmed %v", len(reported), reported, len(unconfirmed), unconfirmed)
	}

	// Every item is stored or reported; nothing else is stored, and what
	// is stored is the item given.
	stored := storedUsers(t, client, table, m.users)
	postApply := 0
	for id, u := range want {
		got, ok := stored[id]
		switch {
		case ok && got != u:
			t.Errorf("%s stored as %+v, want %+v", id, got, u)
		case ok && reportedSet[id]:
			postApply++ // applied, but its response was lost
		case !ok && !reportedSet[id]:
			t.Errorf("%s lost: neither stored nor reported", id)
		}
	}
	for id := range stored {
		if _, ok := want[id]; !ok {
			t.Errorf("%s stored but never written", id)
		}
	}

	// Reads through the same faults find every stored item.
	f.rate = 0.3
	ids := slices.Sorted(maps.Keys(want))
	var reads []txn.ReadOp
	for _, id := range ids {
		reads = append(reads, m.users.Get(entity.Values{"userId": want[id].UserID}))
	}
	items, err := txn.BatchGet(ctx, db, txn.BatchOptions{Concurrency: 8}, reads...)
	if err != nil {
		t.Fatalf("batch get of %d items: %v", len(reads), err)
	}
	for i, id := range ids {
		_, isStored := stored[id]
		if items.Found(i) != isStored {
			t.Errorf("%s: found = %v, stored = %v", id, items.Found(i), isStored)
			continue
		}
		if u, err := txn.Decode(items, i, m.users); isStored && (err != nil || u != want[id]) {
			t.Errorf("%s read as %+v, %v", id, u, err)
		}
	}

	var faults []string
	for k, n := range f.faults {
		if n == 0 {
			t.Errorf("no %s fault was injected", faultNames[k])
		}
		faults = append(faults, fmt.Sprintf("%s %d", faultNames[k], n))
	}
	t.Logf("%s: %d reported, %d of them stored; faults: %s", time.Since(began).Round(time.Millisecond), len(reported), postApply, strings.Join(faults, ", "))
	if len(reported) == 0 || postApply == 0 {
		t.Errorf("%d reported, %d of them stored: the short run must leave items unconfirmed, some after the server applied them", len(reported), postApply)
	}
}
