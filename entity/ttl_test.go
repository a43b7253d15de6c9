package entity_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type Session struct {
	User    string    `dynamo:"user"`
	ID      string    `dynamo:"id"`
	Expires time.Time `dynamo:"expiresAt,unixtime,omitempty"`
}

// Nonce does not store the TTL attribute itself.
type Nonce struct {
	ID string `dynamo:"id"`
}

func ttlModel() (*entity.Table, *entity.Entity[Session]) {
	table := &entity.Table{Name: "sessions", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expiresAt"}
	return table, entity.MustDefine(table, entity.Config[Session]{
		Name: "Session",
		Key:  entity.Key{Partition: "USER#${user}", Sort: "SESSION#${id}"},
	})
}

func TestDefineChecksTheTTLAttributeIsANumber(t *testing.T) {
	t.Parallel()
	table := func() *entity.Table {
		return &entity.Table{Name: "t", PartitionKey: entity.S("PK"), TTLAttribute: "ttl"}
	}
	type asString struct {
		ID  string `dynamo:"id"`
		TTL string `dynamo:"ttl"`
	}
	_, err := entity.Define(table(), entity.Config[asString]{Name: "S", Key: entity.Key{Partition: "S#${id}"}})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "S" || ve.Attribute != "ttl" {
		t.Errorf("string TTL: err = %v, want a *ValidationError naming S and ttl", err)
	}
	type asTime struct {
		ID  string    `dynamo:"id"`
		TTL time.Time `dynamo:"ttl"` // RFC 3339 text: DynamoDB would never expire it
	}
	if _, err := entity.Define(table(), entity.Config[asTime]{Name: "T", Key: entity.Key{Partition: "T#${id}"}}); !errors.As(err, &ve) || ve.Attribute != "ttl" {
		t.Errorf("time.Time without unixtime: err = %v, want a *ValidationError naming ttl", err)
	}
	type asInt struct {
		ID  string `dynamo:"id"`
		TTL int64  `dynamo:"ttl,omitempty"`
	}
	type asUnix struct {
		ID  string    `dynamo:"id"`
		TTL time.Time `dynamo:"ttl,unixtime"`
	}
	if _, err := entity.Define(table(), entity.Config[asInt]{Name: "I", Key: entity.Key{Partition: "I#${id}"}}); err != nil {
		t.Errorf("int64 TTL: %v", err)
	}
	if _, err := entity.Define(table(), entity.Config[asUnix]{Name: "U", Key: entity.Key{Partition: "U#${id}"}}); err != nil {
		t.Errorf("unixtime TTL: %v", err)
	}
	if _, err := entity.Define(table(), entity.Config[Nonce]{Name: "N", Key: entity.Key{Partition: "N#${id}"}}); err != nil {
		t.Errorf("entity without the TTL attribute: %v", err)
	}
}

func TestTimeToLiveInputIsPure(t *testing.T) {
	t.Parallel()
	table, _ := ttlModel()
	in := table.TimeToLiveInput()
	if aws.ToString(in.TableName) != "sessions" || aws.ToString(in.TimeToLiveSpecification.AttributeName) != "expiresAt" || !aws.ToBool(in.TimeToLiveSpecification.Enabled) {
		t.Errorf("TimeToLiveInput = %+v", in)
	}
	in.TableName = aws.String("changed")
	if aws.ToString(table.TimeToLiveInput().TableName) != "sessions" {
		t.Error("TimeToLiveInput shares its result")
	}
	if ct := table.CreateTableInput(); len(ct.AttributeDefinitions) != 2 {
		t.Errorf("CreateTableInput defines %d attributes, want the two keys only", len(ct.AttributeDefinitions))
	}
	if in := (&entity.Table{Name: "x", PartitionKey: entity.S("PK")}).TimeToLiveInput(); in != nil {
		t.Errorf("a table without TTL gives %+v", in)
	}
	if !(&entity.Table{Name: "x"}).Unexpired().IsZero() {
		t.Error("Unexpired of a table without TTL is a condition")
	}
}

// countingClient counts the table requests Ensure sends.
type countingClient struct {
	*dynamodb.Client
	creates, ttlUpdates int
}

func (c *countingClient) CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error) {
	c.creates++
	return c.Client.CreateTable(ctx, in, optFns...)
}

func (c *countingClient) UpdateTimeToLive(ctx context.Context, in *dynamodb.UpdateTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error) {
	c.ttlUpdates++
	return c.Client.UpdateTimeToLive(ctx, in, optFns...)
}

func TestEnsureCreatesTheTableAndEnablesTTLOnce(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, sessions := ttlModel()
	client := &countingClient{Client: entitytest.Client(t)}
	name := fmt.Sprintf("ensure-%d", time.Now().UnixNano())
	db := entity.NewDB(client, name)
	t.Cleanup(func() {
		_, _ = client.Client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	for range 2 {
		if err := table.Ensure(ctx, db, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	if client.creates != 1 || client.ttlUpdates != 1 {
		t.Errorf("two Ensures sent %d CreateTable and %d UpdateTimeToLive, want 1 and 1", client.creates, client.ttlUpdates)
	}
	out, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	if err != nil {
		t.Fatal(err)
	}
	if d := out.TimeToLiveDescription; d.TimeToLiveStatus != types.TimeToLiveStatusEnabled || aws.ToString(d.AttributeName) != "expiresAt" {
		t.Errorf("TTL = %s on %s, want ENABLED on expiresAt", d.TimeToLiveStatus, aws.ToString(d.AttributeName))
	}
	if _, err := sessions.Put(Session{User: "u", ID: "1"}).Run(ctx, db); err != nil {
		t.Errorf("put into the ensured table: %v", err)
	}
	// TTL on another attribute is reported, not silently kept.
	other := &entity.Table{Name: "sessions", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "gone"}
	if err := other.Ensure(ctx, db, time.Minute); err == nil || client.ttlUpdates != 1 {
		t.Errorf("TTL on another attribute: err = %v, %d updates; want an error and no update", err, client.ttlUpdates)
	}
}

func TestEnsureRefusesAClientThatCannotManageTables(t *testing.T) {
	t.Parallel()
	table, _ := ttlModel()
	var ve *ddbmodel.ValidationError
	if err := table.Ensure(t.Context(), entity.NewDB(entitytest.NoRequests(t), "sessions"), 0); !errors.As(err, &ve) {
		t.Errorf("err = %v, want *ValidationError", err)
	}
	if err := table.Ensure(t.Context(), nil, 0); !errors.As(err, &ve) {
		t.Errorf("nil DB: err = %v, want *ValidationError", err)
	}
}

// TestSkipExpiredOnDynamoDBLocal stores sessions expired, live and without
// TTL and reads them with and without SkipExpired. DynamoDB keeps expired
// items for a while before its sweeper deletes them; DynamoDB Local with TTL
// enabled may delete them at any moment, which made this test racy, so its
// table has TTL off: the expired item stays, as it does on DynamoDB in the
// window SkipExpired is for.
func TestSkipExpiredOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, sessions := ttlModel()
	nonces := entity.MustDefine(table, entity.Config[Nonce]{Name: "Nonce", Key: entity.Key{Partition: "NONCE", Sort: "NONCE#${id}"}})
	db := entity.NewDB(entitytest.Client(t), entitytest.NewTable(t, table.CreateTableInput()))
	now := time.Now()
	for _, s := range []Session{
		{User: "u", ID: "expired", Expires: now.Add(-time.Hour)},
		{User: "u", ID: "live", Expires: now.Add(time.Hour)},
		{User: "u", ID: "forever"},
	} {
		if _, err := sessions.Put(s).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	get := func(id string) entity.GetOp[Session] { return sessions.Get(entity.Values{"user": "u", "id": id}) }
	if _, err := get("expired").Run(ctx, db); err != nil {
		t.Errorf("plain get of the expired session: %v", err)
	}
	if _, err := get("expired").SkipExpired().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("SkipExpired get of the expired session: err = %v, want ErrNotFound", err)
	}
	for _, id := range []string{"live", "forever"} {
		if _, err := get(id).SkipExpired().Consistent().Run(ctx, db); err != nil {
			t.Errorf("SkipExpired get of %s: %v", id, err)
		}
	}
	ids := func(ss []Session) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.ID)
		}
		return out
	}
	all, err := query.New(sessions).Where(entity.Values{"user": "u"}).Collect(ctx, db)
	if err != nil || len(all) != 3 {
		t.Fatalf("plain query: %v, %v", ids(all), err)
	}
	live, err := query.New(sessions).Where(entity.Values{"user": "u"}).SkipExpired().Collect(ctx, db)
	if diff := cmp.Diff([]string{"forever", "live"}, ids(live)); err != nil || diff != "" {
		t.Errorf("SkipExpired query: %v (-want +got):\n%s", err, diff)
	}
	scanned, err := query.Scan(sessions).SkipExpired().Collect(ctx, db)
	if diff := cmp.Diff([]string{"forever", "live"}, ids(scanned)); err != nil || diff != "" {
		t.Errorf("SkipExpired scan: %v (-want +got):\n%s", err, diff)
	}
	// The TTL is the table's: an entity whose T lacks it is filtered by
	// what other code wrote there.
	if _, err := nonces.Put(Nonce{ID: "n1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key, err := nonces.Key(entity.Values{"id": "n1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(db.TableName), Key: key,
		UpdateExpression:          aws.String("SET expiresAt = :t"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberN{Value: fmt.Sprint(now.Add(-time.Minute).Unix())}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := nonces.Get(entity.Values{"id": "n1"}).SkipExpired().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("expired nonce: err = %v, want ErrNotFound", err)
	}
	if got, err := query.New(nonces).SkipExpired().Collect(ctx, db); err != nil || len(got) != 0 {
		t.Errorf("SkipExpired nonce query = %v, %v; want none", got, err)
	}
}

// A table declares its TTL attribute once; Ensure creates the table and
// enables TTL, and reads can leave out items that have expired but that
// DynamoDB has not deleted yet.
func ExampleTable_Unexpired() {
	table := &entity.Table{Name: "sessions", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expiresAt"}
	sessions := entity.MustDefine(table, entity.Config[Session]{
		Name: "Session",
		Key:  entity.Key{Partition: "USER#${user}", Sort: "SESSION#${id}"},
	})
	ttl := table.TimeToLiveInput() // what Ensure sends after CreateTableInput
	fmt.Println(aws.ToString(ttl.TimeToLiveSpecification.AttributeName), aws.ToBool(ttl.TimeToLiveSpecification.Enabled))

	in, err := query.New(sessions).Where(entity.Values{"user": "ana"}).SkipExpired().Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.FilterExpression))
	// Output:
	// expiresAt true
	// attribute_not_exists(#expiresAt) OR NOT attribute_type(#expiresAt, :v4) OR #expiresAt > :now OR #expiresAt < :now1
}

// TestSkipExpiredPagesOutliveASecond reads a SkipExpired listing a page at
// a time with more than a second between pages: the TTL filter compares
// with a later time on the second page, and the cursor of the first must
// still be accepted (it was refused as "made by another query").
func TestSkipExpiredPagesOutliveASecond(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, sessions := ttlModel()
	db := entity.NewDB(entitytest.Client(t), entitytest.NewTable(t, table.CreateTableInput()))
	later := time.Now().Add(time.Hour)
	for _, id := range []string{"a", "b", "c"} {
		if _, err := sessions.Put(Session{User: "u", ID: id, Expires: later}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	q := query.New(sessions).Where(entity.Values{"user": "u"}).SkipExpired().Limit(2)
	first, err := q.Page(ctx, db, "")
	if err != nil || len(first.Items) != 2 || first.Cursor == "" {
		t.Fatalf("first page: %d items, cursor %q, err %v", len(first.Items), first.Cursor, err)
	}
	time.Sleep(1100 * time.Millisecond)
	second, err := q.Page(ctx, db, first.Cursor)
	if err != nil || len(second.Items) != 1 || second.Items[0].ID != "c" {
		t.Fatalf("second page, a second later: %v, err %v; want session c", second.Items, err)
	}
}
