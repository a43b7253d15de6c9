package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/ddblocal"
)

// EndpointEnv names the environment variable that points tests at an
// already running DynamoDB Local (for example "http://127.0.0.1:8000")
// instead of starting one.
const EndpointEnv = "DYNAMODB_ENDPOINT"

// skipReason is the message of tests skipped under -short.
const skipReason = "integration test: needs DynamoDB Local (run without -short)"

// startTimeout bounds starting the server, including the first download of
// DynamoDB Local on a machine with an empty cache.
const startTimeout = 5 * time.Minute

// The shared server of the test binary, set by Main.
var (
	sharedEndpoint string
	sharedClient   *dynamodb.Client
)

// Main is called from TestMain. Unless -short is set, it starts one DynamoDB
// Local for the test binary (or uses $DYNAMODB_ENDPOINT when set), runs the
// tests, stops the server, and exits with m.Run's code. If the server cannot
// be started, it prints why and exits 1 (it never silently skips).
func Main(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	flag.Parse() // testing.Short needs the flags before m.Run parses them
	if testing.Short() {
		return m.Run()
	}
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()

	if endpoint := os.Getenv(EndpointEnv); endpoint != "" {
		client := ddblocal.NewClient(endpoint)
		if _, err := client.ListTables(ctx, &dynamodb.ListTablesInput{Limit: aws.Int32(1)}); err != nil {
			fmt.Fprintf(os.Stderr, "testenv: DynamoDB at $%s=%s does not answer: %v\n", EndpointEnv, endpoint, err)
			return 1
		}
		sharedEndpoint, sharedClient = endpoint, client
		return m.Run()
	}

	began := time.Now()
	srv, err := ddblocal.Start(ctx, ddblocal.Options{})
	if err != nil {
		fmt.Fprintf(os.Stderr, "testenv: cannot start DynamoDB Local for the integration tests (run with -short to skip them, or set $%s): %v\n", EndpointEnv, err)
		return 1
	}
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "testenv: DynamoDB Local ready on %s after %s\n", srv.Endpoint, time.Since(began).Round(time.Millisecond))
	}
	sharedEndpoint, sharedClient = srv.Endpoint, ddblocal.NewClient(srv.Endpoint)
	code := m.Run()
	if err := srv.Stop(); err != nil {
		fmt.Fprintf(os.Stderr, "testenv: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// Client returns the client for the shared server. With -short it calls
// t.Skip("integration test: needs DynamoDB Local (run without -short)");
// otherwise it never skips. It fails the test when TestMain did not call
// [Main].
func Client(t testing.TB) *dynamodb.Client {
	t.Helper()
	if testing.Short() {
		t.Skip(skipReason)
	}
	if sharedClient == nil {
		t.Fatal("testenv: no DynamoDB server: call testenv.Main(m) from TestMain")
	}
	return sharedClient
}

// Endpoint returns the base URL of the shared server (for example to pass as
// -endpoint to an example program). It skips and fails like [Client].
func Endpoint(t testing.TB) string {
	t.Helper()
	Client(t)
	return sharedEndpoint
}

// NewTable creates a table from input under a fresh unique name
// (input.TableName is used as a prefix, e.g. "cms-" + random; nil means
// "test-"), waits until it exists, registers its deletion in t.Cleanup, and
// returns the name. It does not modify input. When input sets neither
// BillingMode nor ProvisionedThroughput, the table is created on demand
// (PAY_PER_REQUEST). It skips and fails like [Client].
func NewTable(t testing.TB, input *dynamodb.CreateTableInput) string {
	t.Helper()
	client := Client(t)
	if input == nil {
		t.Fatal("testenv: NewTable: nil input")
	}
	prefix := aws.ToString(input.TableName)
	if prefix == "" {
		prefix = "test-"
	}
	name := prefix + randomSuffix(t)

	in := *input // a shallow copy: only top-level fields are set below
	in.TableName = aws.String(name)
	if in.BillingMode == "" && in.ProvisionedThroughput == nil {
		in.BillingMode = types.BillingModePayPerRequest
	}

	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if _, err := client.CreateTable(ctx, &in); err != nil {
		t.Fatalf("testenv: create table %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)})
		var notFound *types.ResourceNotFoundException
		if err != nil && !errors.As(err, &notFound) {
			t.Errorf("testenv: delete table %s: %v", name, err)
		}
	})
	waiter := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 100 * time.Millisecond
		o.MaxDelay = time.Second
	})
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute); err != nil {
		t.Fatalf("testenv: wait for table %s: %v", name, err)
	}
	return name
}

// randomSuffix returns 12 random lowercase hex digits.
func randomSuffix(t testing.TB) string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatalf("testenv: random table name: %v", err)
	}
	return hex.EncodeToString(b[:])
}
