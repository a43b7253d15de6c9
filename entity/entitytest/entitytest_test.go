package entitytest_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestNewDBCreatesTheModelsTableAndDeletesIt(t *testing.T) {
	var name string
	client := entitytest.Client(t)
	t.Run("use", func(t *testing.T) {
		db := entitytest.NewDB(t, Table)
		name = db.TableName
		if !strings.HasPrefix(name, "tickets-") {
			t.Errorf("table name %q does not begin with the model's name", name)
		}
		desc, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(desc.Table.GlobalSecondaryIndexes); n != 1 || aws.ToString(desc.Table.GlobalSecondaryIndexes[0].IndexName) != "GSI1" {
			t.Errorf("table has GSIs %v, want GSI1", desc.Table.GlobalSecondaryIndexes)
		}
		want := Ticket{TicketID: "t1", Team: "core", Title: "Crash"}
		if _, err := Tickets.Put(want).Run(t.Context(), db); err != nil {
			t.Fatal(err)
		}
		got, err := Tickets.Get(entity.Values{"ticketId": "t1"}).Run(t.Context(), db)
		if err != nil || got != want {
			t.Fatalf("Get = %+v, %v; want %+v", got, err, want)
		}
	})
	_, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	var notFound *types.ResourceNotFoundException
	if !errors.As(err, &notFound) {
		t.Errorf("table %s after its test ended: %v, want ResourceNotFoundException", name, err)
	}
}

func TestNewDBInParallelTests(t *testing.T) {
	for i := range 6 {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			db := entitytest.NewDB(t, Table)
			id := fmt.Sprintf("t%d", i)
			if _, err := Tickets.Create(Ticket{TicketID: id, Team: "core", Title: "x"}).Run(t.Context(), db); err != nil {
				t.Fatal(err)
			}
			items, err := Tickets.Get(entity.Values{"ticketId": id}).Run(t.Context(), db)
			if err != nil || items.TicketID != id {
				t.Fatalf("Get = %+v, %v", items, err)
			}
		})
	}
}

// childEnv marks a run of this test binary started by another test.
const childEnv = "ENTITYTEST_CHILD"

// asChild reports whether this run is a child process started by another
// test (see child), after doing what the child is asked to: "unit" runs a
// unit test that needs no server, "connect" asks for the server, "hang"
// asks for it and then waits for -timeout to panic the binary.
func asChild(t *testing.T) bool {
	switch os.Getenv(childEnv) {
	case "":
		return false
	case "unit":
		rec := entitytest.NewRecorder(nil)
		if _, err := Tickets.Put(Ticket{TicketID: "t1", Team: "c", Title: "x"}).Run(t.Context(), entity.NewDB(rec, "t")); err != nil {
			t.Fatal(err)
		}
	case "hang":
		fmt.Println("endpoint:", entitytest.Endpoint(t))
		time.Sleep(time.Minute) // until -timeout panics the binary
	default:
		entitytest.Client(t)
		fmt.Println("connected")
	}
	return true
}

// child runs the calling test again in a child process of this test binary,
// in mode (see asChild), with PATH as given and no endpoint, and returns its
// output and error.
func child(t *testing.T, mode, path string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^" + t.Name() + "$", "-test.v"}, args...)...)
	cmd.Env = append(os.Environ(), childEnv+"="+mode, "PATH="+path, entitytest.EndpointEnv+"=", "JAVA_HOME=")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func TestUnitTestsNeedNoJava(t *testing.T) {
	if asChild(t) {
		return
	}
	out, err := child(t, "unit", t.TempDir())
	if err != nil || !strings.Contains(out, "--- PASS: TestUnitTestsNeedNoJava") {
		t.Fatalf("a unit test without Java on PATH: %v\n%s", err, out)
	}
}

func TestShortSkipsIntegrationTests(t *testing.T) {
	if asChild(t) {
		return
	}
	out, err := child(t, "connect", t.TempDir(), "-test.short")
	if err != nil || !strings.Contains(out, "--- SKIP: TestShortSkipsIntegrationTests") || !strings.Contains(out, "-short") {
		t.Fatalf("under -short without Java: %v\n%s", err, out)
	}
}

func TestMissingJavaFailsAndSaysWhatToInstall(t *testing.T) {
	if asChild(t) {
		return
	}
	out, err := child(t, "connect", t.TempDir())
	if err == nil || !strings.Contains(out, "--- FAIL: TestMissingJavaFailsAndSaysWhatToInstall") || !strings.Contains(out, "openjdk-17-jre-headless") {
		t.Fatalf("without Java and without -short the test must fail saying what to install: %v\n%s", err, out)
	}
}

// TestServerDiesWithTheTestBinary runs a child test binary that starts
// DynamoDB Local and then hangs until its -timeout panics it; the server
// must go away with it.
func TestServerDiesWithTheTestBinary(t *testing.T) {
	if asChild(t) {
		return
	}
	if testing.Short() {
		t.Skip("starts DynamoDB Local")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.timeout=20s")
	cmd.Env = append(os.Environ(), childEnv+"=hang", entitytest.EndpointEnv+"=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var endpoint string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if e, ok := strings.CutPrefix(sc.Text(), "endpoint: "); ok {
			endpoint = e
			break
		}
	}
	if endpoint == "" {
		t.Fatal("the child printed no endpoint")
	}
	go func() {
		for sc.Scan() { // drain, so the child never blocks on a full pipe
		}
	}()
	addr := strings.TrimPrefix(endpoint, "http://")
	if conn, err := net.DialTimeout("tcp", addr, time.Second); err != nil {
		t.Fatalf("the child's server does not answer: %v", err)
	} else {
		conn.Close()
	}
	if err := cmd.Wait(); err == nil {
		t.Fatal("the child passed; it should have hit its -timeout")
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return // gone
		}
		conn.Close()
		if time.Now().After(deadline) {
			t.Fatalf("DynamoDB Local on %s outlived its test binary", addr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestRecorderRecordsEveryRequest(t *testing.T) {
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "tickets")
	ctx := context.Background()
	put := Tickets.Put(Ticket{TicketID: "t1", Team: "core", Title: "Crash"})
	if _, err := put.Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := Tickets.Get(entity.Values{"ticketId": "t1"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("Get from an empty recorder: %v, want ErrNotFound", err)
	}
	if err := txn.Write(Tickets.Delete(entity.Values{"ticketId": "t1"}), Tickets.Create(Ticket{TicketID: "t2", Team: "core", Title: "x"})).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	reqs := rec.Requests()
	var ops []entitytest.Operation
	for _, r := range reqs {
		ops = append(ops, r.Operation)
	}
	if diff := cmp.Diff([]entitytest.Operation{entitytest.PutItem, entitytest.GetItem, entitytest.TransactWriteItems}, ops); diff != "" {
		t.Fatalf("operations (-want +got):\n%s", diff)
	}
	want, err := put.Build()
	if err != nil {
		t.Fatal(err)
	}
	want.TableName = aws.String("tickets")
	if diff := cmp.Diff(want, reqs[0].Input, entitytest.CmpOptions); diff != "" {
		t.Errorf("recorded put (-built +recorded):\n%s", diff)
	}
	if tw := reqs[2].Input.(*dynamodb.TransactWriteItemsInput); len(tw.TransactItems) != 2 {
		t.Errorf("transaction has %d actions, want 2", len(tw.TransactItems))
	}
	if rec.Count(entitytest.PutItem, entitytest.GetItem) != 2 || rec.Count() != 3 {
		t.Errorf("Count: %d put+get, %d in all", rec.Count(entitytest.PutItem, entitytest.GetItem), rec.Count())
	}
	rec.Reset()
	if rec.Count() != 0 {
		t.Errorf("Count after Reset = %d", rec.Count())
	}
}

func TestRecorderPassesRequestsOn(t *testing.T) {
	db := entitytest.NewDB(t, Table)
	rec := entitytest.NewRecorder(db.Client)
	db.Client = rec
	want := Ticket{TicketID: "t1", Team: "core", Title: "Crash"}
	if _, err := Tickets.Put(want).Run(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	got, err := Tickets.Get(entity.Values{"ticketId": "t1"}).Run(t.Context(), db)
	if err != nil || got != want || rec.Count() != 2 {
		t.Fatalf("Get through a recorder = %+v, %v after %d requests", got, err, rec.Count())
	}
}

func TestRecorderIsSafeForConcurrentUse(t *testing.T) {
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "tickets")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 50 {
				_, _ = Tickets.Put(Ticket{TicketID: fmt.Sprint(i, "-", j), Team: "c", Title: "x"}).Run(context.Background(), db)
			}
		})
	}
	wg.Wait()
	if n := rec.Count(entitytest.PutItem); n != 400 {
		t.Errorf("recorded %d puts, want 400", n)
	}
}

// errorfTB records Errorf calls instead of failing the real test.
type errorfTB struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (tb *errorfTB) Helper() {}

func (tb *errorfTB) Errorf(format string, args ...any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.errors = append(tb.errors, fmt.Sprintf(format, args...))
}

func TestNoRequestsFailsTheTestOnAnyRequest(t *testing.T) {
	tb := &errorfTB{TB: t}
	db := entity.NewDB(entitytest.NoRequests(tb), "tickets")
	_, err := Tickets.Put(Ticket{TicketID: "t1", Team: "c"}).Run(context.Background(), db) // invalid: no title
	if !errors.Is(err, ddbmodel.ErrInvalid) || len(tb.errors) != 0 {
		t.Fatalf("an invalid put: %v, test errors %v", err, tb.errors)
	}
	_, err = Tickets.Put(Ticket{TicketID: "t1", Team: "c", Title: "x"}).Run(context.Background(), db)
	if !errors.Is(err, entitytest.ErrUnexpectedRequest) || len(tb.errors) != 1 || !strings.Contains(tb.errors[0], "PutItem") {
		t.Fatalf("a valid put: %v, test errors %v", err, tb.errors)
	}
}

// httpStatus returns the HTTP status an SDK error carries, or 0.
func httpStatus(err error) int {
	var re *awshttp.ResponseError
	if errors.As(err, &re) {
		return re.HTTPStatusCode()
	}
	return 0
}

func TestFaultsLookLikeTheSDKs(t *testing.T) {
	ctx := context.Background()
	put := Tickets.Put(Ticket{TicketID: "t1", Team: "c", Title: "x"})
	tests := []struct {
		fault  entitytest.Fault
		code   string
		status int
		target any
	}{
		{entitytest.Throttling, "ThrottlingException", 400, new(*types.ThrottlingException)},
		{entitytest.ProvisionedThroughputExceeded, "ProvisionedThroughputExceededException", 400, new(*types.ProvisionedThroughputExceededException)},
		{entitytest.InternalServerError, "InternalServerError", 500, new(*types.InternalServerError)},
		{entitytest.ServiceUnavailable, "ServiceUnavailable", 503, nil},
		{entitytest.TransactionConflict, "TransactionConflict", 400, new(*types.TransactionConflictException)},
		{entitytest.ConditionalCheckFailed, "ConditionalCheckFailed", 400, new(*types.ConditionalCheckFailedException)},
	}
	for _, tt := range tests {
		t.Run(tt.fault.String(), func(t *testing.T) {
			rec := entitytest.NewRecorder(nil)
			db := entity.NewDB(entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{Fault: tt.fault}), "tickets")
			_, err := put.Run(ctx, db)
			var apiErr smithy.APIError
			if !errors.As(err, &apiErr) || !strings.HasPrefix(apiErr.ErrorCode(), tt.code) {
				t.Errorf("error %v (%T), want API error code %s", err, err, tt.code)
			}
			if tt.target != nil && !errors.As(err, tt.target) {
				t.Errorf("error %v is not a %T", err, tt.target)
			}
			if got := httpStatus(err); got != tt.status {
				t.Errorf("HTTP status %d, want %d", got, tt.status)
			}
			var opErr *smithy.OperationError
			if !errors.As(err, &opErr) || opErr.Operation() != "PutItem" {
				t.Errorf("error %v is not an OperationError of PutItem", err)
			}
			if rec.Count() != 0 {
				t.Errorf("%d requests reached the client behind the fault", rec.Count())
			}
		})
	}
}

func TestConnectionResetAndResponseLost(t *testing.T) {
	ctx := context.Background()
	put := Tickets.Put(Ticket{TicketID: "t1", Team: "c", Title: "x"})
	for _, tt := range []struct {
		fault entitytest.Fault
		sent  int
	}{{entitytest.ConnectionReset, 0}, {entitytest.ResponseLost, 1}} {
		rec := entitytest.NewRecorder(nil)
		db := entity.NewDB(entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{Fault: tt.fault}), "tickets")
		_, err := put.Run(ctx, db)
		var sendErr *smithyhttp.RequestSendError
		var urlErr *url.Error
		if !errors.As(err, &sendErr) || !errors.As(err, &urlErr) || !errors.Is(err, syscall.ECONNRESET) {
			t.Errorf("%s: error %v, want a RequestSendError around a *url.Error of ECONNRESET", tt.fault, err)
		}
		if !retry.IsErrorRetryables(retry.DefaultRetryables).IsErrorRetryable(err).Bool() {
			t.Errorf("%s: the SDK's own retryer would not retry %v", tt.fault, err)
		}
		if rec.Count() != tt.sent {
			t.Errorf("%s: %d requests reached the server, want %d", tt.fault, rec.Count(), tt.sent)
		}
	}
}

func TestTransactionFaultsNameTheFirstAction(t *testing.T) {
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 1}), "tickets")
	w := txn.Write(Tickets.Create(Ticket{TicketID: "a", Team: "c", Title: "x"}), Tickets.Create(Ticket{TicketID: "b", Team: "c", Title: "x"}))
	err := w.Run(context.Background(), db)
	var canceled *ddbmodel.TxCanceledError
	if !errors.As(err, &canceled) || !canceled.Conflict() || !ddbmodel.IsRetryable(err) {
		t.Fatalf("error %v, want a retryable conflict", err)
	}
	if err := w.Run(context.Background(), db); err != nil || rec.Count() != 1 {
		t.Fatalf("second run: %v after %d requests; the rule has Count 1", err, rec.Count())
	}
}

func TestUnprocessedSendsHalfAndReturnsTheRest(t *testing.T) {
	rec := entitytest.NewRecorder(nil)
	fc := entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{Fault: entitytest.Unprocessed})
	var writes []types.WriteRequest
	for i := range 5 {
		writes = append(writes, types.WriteRequest{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: strconv.Itoa(i)}}}})
	}
	out, err := fc.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"t": writes}})
	if err != nil {
		t.Fatal(err)
	}
	sent := rec.Requests()[0].Input.(*dynamodb.BatchWriteItemInput).RequestItems["t"]
	if len(sent) != 2 || len(out.UnprocessedItems["t"]) != 3 {
		t.Fatalf("sent %d, unprocessed %d; want 2 and 3", len(sent), len(out.UnprocessedItems["t"]))
	}
	if diff := cmp.Diff(writes, append(append([]types.WriteRequest(nil), sent...), out.UnprocessedItems["t"]...), entitytest.CmpOptions); diff != "" {
		t.Errorf("sent + unprocessed differ from the request:\n%s", diff)
	}
	// Unprocessed never applies to single-item calls.
	if _, err := fc.PutItem(context.Background(), &dynamodb.PutItemInput{}); err != nil {
		t.Errorf("PutItem under an Unprocessed rule: %v", err)
	}
}

func TestFaultRatesAreRepeatableAndFiltered(t *testing.T) {
	run := func(seed uint64) []bool {
		fc := entitytest.NewFaultClient(entitytest.NewRecorder(nil), seed, entitytest.FaultRule{
			Fault: entitytest.InternalServerError, Rate: 0.3, Operations: []entitytest.Operation{entitytest.GetItem},
		})
		var failed []bool
		for range 200 {
			_, err := fc.GetItem(context.Background(), &dynamodb.GetItemInput{})
			failed = append(failed, err != nil)
			if _, err := fc.Query(context.Background(), &dynamodb.QueryInput{}); err != nil {
				t.Fatalf("Query failed under a GetItem-only rule: %v", err)
			}
		}
		if fc.Injected()[entitytest.InternalServerError] != count(failed) {
			t.Errorf("Injected = %v, %d failures", fc.Injected(), count(failed))
		}
		return failed
	}
	a, b := run(7), run(7)
	if !cmp.Equal(a, b) {
		t.Error("the same seed gave different faults")
	}
	if n := count(a); n < 35 || n > 85 {
		t.Errorf("%d of 200 requests failed at rate 0.3", n)
	}
}

func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

func TestTransactionFaultOnAGivenAction(t *testing.T) {
	db := entity.NewDB(entitytest.NewFaultClient(entitytest.NewRecorder(nil), 1, entitytest.FaultRule{Fault: entitytest.ConditionalCheckFailed, Action: 1}), "tickets")
	err := txn.Write(Tickets.Create(Ticket{TicketID: "a", Team: "c", Title: "x"}), Tickets.Create(Ticket{TicketID: "b", Team: "c", Title: "x"})).Run(context.Background(), db)
	var canceled *ddbmodel.TxCanceledError
	if !errors.As(err, &canceled) || len(canceled.Failed()) != 1 || canceled.Failed()[0].Index != 1 || canceled.Failed()[0].Code != "ConditionalCheckFailed" {
		t.Fatalf("error %v, want action 1 canceled by its condition", err)
	}
}

func TestFaultClientWithoutANextClientAnswersEmpty(t *testing.T) {
	fc := entitytest.NewFaultClient(nil, 1, entitytest.FaultRule{Fault: entitytest.Throttling, Count: 1})
	db := entity.NewDB(fc, "tickets")
	get := Tickets.Get(entity.Values{"ticketId": "t1"})
	if _, err := get.Run(context.Background(), db); err == nil {
		t.Fatal("the first request was not throttled")
	}
	if _, err := get.Run(context.Background(), db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("second get: %v, want ErrNotFound from the empty answer", err)
	}
}

func TestUnprocessedKeepsBackASingleItem(t *testing.T) {
	rec := entitytest.NewRecorder(nil)
	fc := entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{Fault: entitytest.Unprocessed, Count: 1})
	one := map[string][]types.WriteRequest{"t": {{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "1"}}}}}}
	out, err := fc.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{RequestItems: one})
	if err != nil || len(out.UnprocessedItems["t"]) != 1 || rec.Count() != 0 {
		t.Fatalf("one item: %v, unprocessed %d, sent %d requests; want it kept back unsent", err, len(out.UnprocessedItems["t"]), rec.Count())
	}
	keys := map[string]types.KeysAndAttributes{"t": {Keys: []map[string]types.AttributeValue{{"PK": &types.AttributeValueMemberS{Value: "1"}}}}}
	fc = entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{Fault: entitytest.Unprocessed})
	got, err := fc.BatchGetItem(context.Background(), &dynamodb.BatchGetItemInput{RequestItems: keys})
	if err != nil || len(got.UnprocessedKeys["t"].Keys) != 1 || rec.Count() != 0 {
		t.Fatalf("one key: %v, unprocessed %v, sent %d requests", err, got.UnprocessedKeys, rec.Count())
	}
}

func TestInvalidFaultRulesFailEveryRequest(t *testing.T) {
	for _, r := range []entitytest.FaultRule{
		{},
		{Fault: entitytest.Fault(99)},
		{Fault: entitytest.Throttling, Rate: 2},
		{Fault: entitytest.Throttling, Rate: -1},
		{Fault: entitytest.Throttling, Count: -1},
		{Fault: entitytest.Unprocessed, Operations: []entitytest.Operation{entitytest.PutItem}},
	} {
		rec := entitytest.NewRecorder(nil)
		fc := entitytest.NewFaultClient(rec, 1, r)
		if _, err := fc.GetItem(context.Background(), &dynamodb.GetItemInput{}); err == nil || !strings.Contains(err.Error(), "FaultRule 0") || rec.Count() != 0 {
			t.Errorf("rule %+v: %v after %d requests, want every request refused naming the rule", r, err, rec.Count())
		}
	}
}

func TestLongModelNamesFitDynamoDBsLimit(t *testing.T) {
	long := &entity.Table{Name: strings.Repeat("t", 255), PartitionKey: entity.S("PK")}
	db := entitytest.NewDB(t, long)
	if len(db.TableName) != 255 {
		t.Errorf("table name of %d characters, want 255", len(db.TableName))
	}
}

func TestAnEndpointThatNeverAnswersFailsFast(t *testing.T) {
	if asChild(t) {
		return
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close() // accept, never answer
		}
	}()
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"=connect", entitytest.EndpointEnv+"=http://"+l.Addr().String())
	began := time.Now()
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "does not answer") {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if took := time.Since(began); took > time.Minute {
		t.Errorf("failing on a silent endpoint took %s", took)
	}
}
