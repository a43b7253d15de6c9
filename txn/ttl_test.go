package txn_test

import (
	"context"
	"errors"
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

type Session struct {
	User    string    `dynamo:"user"`
	ID      string    `dynamo:"id"`
	Expires time.Time `dynamo:"expiresAt,unixtime,omitempty"`
}

func sessionModel(ttl string) (*entity.Table, *entity.Entity[Session]) {
	table := &entity.Table{Name: "sessions", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: ttl}
	return table, entity.MustDefine(table, entity.Config[Session]{
		Name: "Session",
		Key:  entity.Key{Partition: "USER#${user}", Sort: "SESSION#${id}"},
	})
}

// storedItems is an entity.Client holding items by table key; it answers
// TransactGetItems and BatchGetItem from them, and nothing else.
type storedItems struct {
	entity.Client
	items map[string]map[string]types.AttributeValue
}

func itemID(key map[string]types.AttributeValue) string {
	return key["PK"].(*types.AttributeValueMemberS).Value + "|" + key["SK"].(*types.AttributeValueMemberS).Value
}

func (s storedItems) TransactGetItems(_ context.Context, in *dynamodb.TransactGetItemsInput, _ ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error) {
	out := &dynamodb.TransactGetItemsOutput{}
	for _, g := range in.TransactItems {
		out.Responses = append(out.Responses, types.ItemResponse{Item: s.items[itemID(g.Get.Key)]})
	}
	return out, nil
}

func (s storedItems) BatchGetItem(_ context.Context, in *dynamodb.BatchGetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	out := &dynamodb.BatchGetItemOutput{Responses: map[string][]map[string]types.AttributeValue{}}
	for table, ka := range in.RequestItems {
		for _, k := range ka.Keys {
			if it, ok := s.items[itemID(k)]; ok {
				out.Responses[table] = append(out.Responses[table], it)
			}
		}
	}
	return out, nil
}

// ttlSessions are an expired session, a live one and one without TTL.
func ttlSessions(now time.Time) []Session {
	return []Session{
		{User: "u", ID: "expired", Expires: now.Add(-time.Hour)},
		{User: "u", ID: "live", Expires: now.Add(time.Hour)},
		{User: "u", ID: "forever"},
	}
}

func offlineSessions(t *testing.T, sessions *entity.Entity[Session]) (*entity.DB, *entitytest.Recorder) {
	t.Helper()
	stored := storedItems{items: map[string]map[string]types.AttributeValue{}}
	for _, s := range ttlSessions(time.Now()) {
		in, err := sessions.Put(s).Build()
		if err != nil {
			t.Fatal(err)
		}
		stored.items[itemID(in.Item)] = in.Item
	}
	rec := entitytest.NewRecorder(stored)
	return entity.NewDB(rec, "sessions"), rec
}

// readOutcome is what a read of a transaction or batch reports.
type readOutcome struct {
	found, expired, notFound bool
}

func outcomes(items txn.Items, sessions *entity.Entity[Session]) []readOutcome {
	out := make([]readOutcome, items.Len())
	for i := range out {
		_, err := txn.Decode(items, i, sessions)
		out[i] = readOutcome{found: items.Found(i), expired: items.Expired(i), notFound: errors.Is(err, ddbmodel.ErrNotFound)}
	}
	return out
}

func TestSkipExpiredInReadTransactionsAndBatchGets(t *testing.T) {
	t.Parallel()
	_, sessions := sessionModel("expiresAt")
	get := func(id string) entity.GetOp[Session] { return sessions.Get(entity.Values{"user": "u", "id": id}) }
	var (
		kept    = readOutcome{found: true}
		skipped = readOutcome{expired: true, notFound: true}
		missing = readOutcome{notFound: true}
	)
	t.Run("transaction", func(t *testing.T) {
		t.Parallel()
		db, rec := offlineSessions(t, sessions)
		items, err := txn.Get(get("expired").SkipExpired(), get("live").SkipExpired(), get("forever").SkipExpired(), get("gone").SkipExpired()).Run(t.Context(), db)
		if err != nil {
			t.Fatal(err)
		}
		checkOutcomes(t, outcomes(items, sessions), []readOutcome{skipped, kept, kept, missing})
		if items.Raw(0) != nil {
			t.Errorf("Raw(0) = %v, want nil for a skipped item", items.Raw(0))
		}
		items, err = txn.Get(get("expired"), get("live")).Run(t.Context(), db)
		if err != nil {
			t.Fatal(err)
		}
		checkOutcomes(t, outcomes(items, sessions), []readOutcome{kept, kept})
		if n := rec.Count(entitytest.TransactGetItems); n != 2 || rec.Count() != 2 {
			t.Errorf("%d requests, %d TransactGetItems; want 2 and 2", rec.Count(), n)
		}
	})
	t.Run("batch", func(t *testing.T) {
		t.Parallel()
		db, rec := offlineSessions(t, sessions)
		// The same key read twice, with and without SkipExpired, is one
		// key of the request and two outcomes.
		items, err := txn.BatchGet(t.Context(), db, txn.BatchOptions{},
			get("expired").SkipExpired(), get("expired"), get("live").SkipExpired(), get("forever").SkipExpired(), get("gone").SkipExpired())
		if err != nil {
			t.Fatal(err)
		}
		checkOutcomes(t, outcomes(items, sessions), []readOutcome{skipped, kept, kept, kept, missing})
		if n := rec.Count(entitytest.BatchGetItem); n != 1 || rec.Count() != 1 {
			t.Errorf("%d requests, %d BatchGetItem; want 1 and 1", rec.Count(), n)
		}
		got, err := txn.BatchGetOf(t.Context(), db, txn.BatchOptions{}, sessions, entity.Values{"user": "u", "id": "expired"})
		if err != nil || len(got) != 1 {
			t.Errorf("BatchGetOf keeps expired items: got %v, %v", got, err)
		}
	})
	t.Run("no TTL attribute", func(t *testing.T) {
		t.Parallel()
		// On a table without a TTL attribute, SkipExpired changes nothing
		// (expiresAt is then an ordinary number).
		_, plain := sessionModel("")
		db, _ := offlineSessions(t, plain)
		get := func(id string) entity.GetOp[Session] { return plain.Get(entity.Values{"user": "u", "id": id}) }
		items, err := txn.Get(get("expired").SkipExpired(), get("live").SkipExpired()).Run(t.Context(), db)
		if err != nil {
			t.Fatal(err)
		}
		checkOutcomes(t, outcomes(items, plain), []readOutcome{kept, kept})
		items, err = txn.BatchGet(t.Context(), db, txn.BatchOptions{}, get("expired").SkipExpired())
		if err != nil {
			t.Fatal(err)
		}
		checkOutcomes(t, outcomes(items, plain), []readOutcome{kept})
	})
}

func checkOutcomes(t *testing.T, got, want []readOutcome) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d reads, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("read %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestSkipExpiredReadsOnDynamoDBLocal reads expired, live and TTL-less
// sessions in a read transaction and a batch get. The table has TTL off:
// DynamoDB Local with TTL on may delete the expired item at any moment,
// while on DynamoDB it stays for a while, the window SkipExpired is for.
func TestSkipExpiredReadsOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, sessions := sessionModel("expiresAt")
	db := entity.NewDB(entitytest.Client(t), entitytest.NewTable(t, table.CreateTableInput()))
	ttl, err := db.Client.(*dynamodb.Client).DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(db.TableName)})
	if err != nil {
		t.Fatal(err)
	}
	if d := ttl.TimeToLiveDescription; d != nil && d.TimeToLiveStatus != types.TimeToLiveStatusDisabled {
		t.Fatalf("TTL is %s on the test table; this test needs it off", d.TimeToLiveStatus)
	}
	for _, s := range ttlSessions(time.Now()) {
		if _, err := sessions.Put(s).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	get := func(id string) entity.GetOp[Session] { return sessions.Get(entity.Values{"user": "u", "id": id}) }
	var (
		kept    = readOutcome{found: true}
		skipped = readOutcome{expired: true, notFound: true}
		missing = readOutcome{notFound: true}
	)
	items, err := txn.Get(get("expired").SkipExpired(), get("live").SkipExpired(), get("forever").SkipExpired(), get("gone").SkipExpired()).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	checkOutcomes(t, outcomes(items, sessions), []readOutcome{skipped, kept, kept, missing})
	items, err = txn.Get(get("expired")).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	checkOutcomes(t, outcomes(items, sessions), []readOutcome{kept})
	items, err = txn.BatchGet(ctx, db, txn.BatchOptions{},
		get("expired").SkipExpired(), get("expired").Consistent(), get("live").SkipExpired(), get("forever").SkipExpired(), get("gone").SkipExpired())
	if err != nil {
		t.Fatal(err)
	}
	checkOutcomes(t, outcomes(items, sessions), []readOutcome{skipped, kept, kept, kept, missing})
}
