package entitytest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/ddblocal"
)

// EndpointEnv names the environment variable that points tests at a
// DynamoDB Local already running (for example "http://127.0.0.1:8000")
// instead of starting one.
const EndpointEnv = "DYNAMODB_ENDPOINT"

// skipReason is the message of tests skipped under -short.
const skipReason = "entitytest: integration test skipped under -short (it needs DynamoDB Local)"

// maxTableName is DynamoDB's limit on the length of a table name.
const maxTableName = 255

// startTimeout bounds starting the server, including the first download of
// DynamoDB Local on a machine with an empty cache.
const startTimeout = 5 * time.Minute

// shared is the server of the test binary, started on first use.
var shared struct {
	mu       sync.Mutex
	started  bool // a start was attempted; err says how it went
	endpoint string
	client   *dynamodb.Client
	server   *ddblocal.Server // nil when EndpointEnv is used
	err      error
}

// connect returns the shared server's endpoint and client, starting the
// server on the first call. A failed start is not retried: every later call
// returns the same error, so a broken machine fails fast.
func connect() (string, *dynamodb.Client, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.started {
		return shared.endpoint, shared.client, shared.err
	}
	shared.started = true
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	if endpoint := os.Getenv(EndpointEnv); endpoint != "" {
		client := ddblocal.NewClient(endpoint)
		// A server that accepts connections and never answers must fail
		// the tests in seconds, not at the end of startTimeout.
		probe, cancelProbe := context.WithTimeout(ctx, 10*time.Second)
		defer cancelProbe()
		if _, err := client.ListTables(probe, &dynamodb.ListTablesInput{Limit: aws.Int32(1)}); err != nil {
			shared.err = fmt.Errorf("entitytest: DynamoDB at $%s=%s does not answer: %w", EndpointEnv, endpoint, err)
			return "", nil, shared.err
		}
		shared.endpoint, shared.client = endpoint, client
		return endpoint, client, nil
	}
	srv, err := ddblocal.Start(ctx, ddblocal.Options{})
	if err != nil {
		shared.err = fmt.Errorf("entitytest: cannot start DynamoDB Local (run go test -short to skip the integration tests, or set $%s to a running one): %w", EndpointEnv, err)
		return "", nil, shared.err
	}
	shared.server, shared.endpoint, shared.client = srv, srv.Endpoint, ddblocal.NewClient(srv.Endpoint)
	return shared.endpoint, shared.client, nil
}

// Main runs the tests and then stops the DynamoDB Local that they started,
// if any. Calling it from TestMain is optional on Linux, where the server
// dies with the test binary anyway; on other systems it is how the server
// is stopped at the end of a run:
//
//	func TestMain(m *testing.M) { entitytest.Main(m) }
func Main(m *testing.M) {
	code := m.Run()
	shared.mu.Lock()
	srv := shared.server
	shared.mu.Unlock()
	if srv != nil {
		if err := srv.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "entitytest:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}

// Client returns a client for the test binary's DynamoDB Local, starting it
// on first use. Under -short it skips the test; otherwise, when the server
// cannot be started, it fails the test with the reason.
func Client(tb testing.TB) *dynamodb.Client {
	tb.Helper()
	if testing.Short() {
		tb.Skip(skipReason)
	}
	_, client, err := connect()
	if err != nil {
		tb.Fatal(err)
	}
	return client
}

// Endpoint returns the base URL of the test binary's DynamoDB Local (for
// example to hand to a program under test). It starts, skips and fails like
// [Client].
func Endpoint(tb testing.TB) string {
	tb.Helper()
	Client(tb)
	endpoint, _, _ := connect()
	return endpoint
}

// NewDB creates a fresh table from the model (every index; see
// [entity.Table.CreateTableInput]) on the test binary's DynamoDB Local, under
// a unique name beginning with table.Name (with TTL enabled when the table
// declares a TTLAttribute), and returns a DB that sends every
// request of table's entities there (its TableName). The table is deleted
// when the test ends. It is safe for parallel tests, and starts, skips and
// fails like [Client].
//
// Given more model tables, it creates a fresh table for each as well, and
// the DB maps every model table to its own in [entity.DB.Tables], so that
// transactions and batches across them can be tested:
//
//	db := entitytest.NewDB(t, model.Content, model.Audit)
func NewDB(tb testing.TB, table *entity.Table, more ...*entity.Table) *entity.DB {
	tb.Helper()
	if table == nil {
		tb.Fatal("entitytest: NewDB: nil table")
		return nil
	}
	db := entity.NewDB(Client(tb), newModelTable(tb, table))
	if len(more) == 0 {
		return db
	}
	db.Tables = map[string]string{table.Name: db.TableName}
	for _, t := range more {
		if t == nil {
			tb.Fatal("entitytest: NewDB: nil table")
			return nil
		}
		if _, dup := db.Tables[t.Name]; dup {
			tb.Fatalf("entitytest: NewDB: two model tables named %q", t.Name)
			return nil
		}
		db.Tables[t.Name] = newModelTable(tb, t)
	}
	return db
}

// newModelTable creates a fresh table from the model table, with TTL
// enabled when the model declares a TTLAttribute, and returns its name.
func newModelTable(tb testing.TB, table *entity.Table) string {
	tb.Helper()
	in := table.CreateTableInput()
	in.TableName = aws.String(table.Name + "-")
	name := NewTable(tb, in)
	if table.TTLAttribute != "" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := table.Ensure(ctx, entity.NewDB(Client(tb), name), time.Minute); err != nil {
			tb.Fatalf("entitytest: enable TTL on %s: %v", name, err)
		}
	}
	return name
}

// NewTable creates a table from input under a unique name (input.TableName,
// cut to fit DynamoDB's 255 characters, followed by 12 random hex digits; "test-" when it is empty), waits until it
// is active, deletes it when the test ends, and returns its name. It does
// not modify input. When input sets neither BillingMode nor
// ProvisionedThroughput, the table is on demand. Use it for tables that no
// entity model describes; it starts, skips and fails like [Client].
func NewTable(tb testing.TB, input *dynamodb.CreateTableInput) string {
	tb.Helper()
	client := Client(tb)
	if input == nil {
		tb.Fatal("entitytest: NewTable: nil input")
		return ""
	}
	prefix := aws.ToString(input.TableName)
	if prefix == "" {
		prefix = "test-"
	}
	// Table names hold at most 255 characters; the suffix takes 12.
	prefix = prefix[:min(len(prefix), maxTableName-12)]
	var suffix [6]byte
	if _, err := rand.Read(suffix[:]); err != nil {
		tb.Fatalf("entitytest: random table name: %v", err)
	}
	name := prefix + hex.EncodeToString(suffix[:])

	in := *input // a shallow copy: only top-level fields are set below
	in.TableName = aws.String(name)
	if in.BillingMode == "" && in.ProvisionedThroughput == nil {
		in.BillingMode = types.BillingModePayPerRequest
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := client.CreateTable(ctx, &in); err != nil {
		tb.Fatalf("entitytest: create table %s: %v", name, err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)})
		var notFound *types.ResourceNotFoundException
		if err != nil && !errors.As(err, &notFound) {
			tb.Errorf("entitytest: delete table %s: %v", name, err)
		}
	})
	waiter := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 100 * time.Millisecond
		o.MaxDelay = time.Second
	})
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute); err != nil {
		tb.Fatalf("entitytest: wait for table %s: %v", name, err)
	}
	return name
}
