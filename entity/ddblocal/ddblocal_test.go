package ddblocal

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// syncBuffer is a bytes.Buffer safe for concurrent use.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func skipIfShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("integration test: needs DynamoDB Local (run without -short)")
	}
}

func TestStartPutGetStop(t *testing.T) {
	skipIfShort(t)
	ctx := context.Background()
	var log syncBuffer
	began := time.Now()
	srv, err := Start(ctx, Options{Log: &log})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Logf("server ready on %s after %s", srv.Endpoint, time.Since(began))
	if want := "http://127.0.0.1:" + strconv.Itoa(srv.Port); srv.Endpoint != want {
		t.Errorf("Endpoint = %q, want %q", srv.Endpoint, want)
	}

	client := NewClient(srv.Endpoint)
	_, err = client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("things"),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS}, {AttributeName: aws.String("SK"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash}, {AttributeName: aws.String("SK"), KeyType: types.KeyTypeRange}},
	})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	item := map[string]types.AttributeValue{
		"PK":    &types.AttributeValueMemberS{Value: "THING#1"},
		"SK":    &types.AttributeValueMemberS{Value: "META"},
		"Name":  &types.AttributeValueMemberS{Value: "first"},
		"Count": &types.AttributeValueMemberN{Value: "42"},
	}
	if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("things"), Item: item}); err != nil {
		t.Fatalf("PutItem: %v", err)
	}
	got, err := client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String("things"),
		Key:            map[string]types.AttributeValue{"PK": item["PK"], "SK": item["SK"]},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		t.Fatalf("GetItem: %v", err)
	}
	if diff := cmp.Diff(item, got.Item, cmpopts.IgnoreUnexported(
		types.AttributeValueMemberS{}, types.AttributeValueMemberN{})); diff != "" {
		t.Errorf("GetItem returned a different item (-put +got):\n%s", diff)
	}

	// An error response must be decoded as the typed API error, not as a
	// checksum failure.
	_, err = client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("missing")})
	var notFound *types.ResourceNotFoundException
	if !errors.As(err, &notFound) {
		t.Errorf("DescribeTable(missing) error = %v, want *types.ResourceNotFoundException", err)
	}

	if err := srv.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if err := srv.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
	if conn, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(srv.Port)), time.Second); err == nil {
		conn.Close()
		t.Errorf("port %d still accepts connections after Stop", srv.Port)
	}
	if !strings.Contains(log.String(), "Initializing DynamoDB Local") || !strings.Contains(log.String(), "Version:\t"+Version) {
		t.Errorf("Log did not receive the server banner for version %s; got:\n%s", Version, log.String())
	}
}

func TestStartOnGivenPort(t *testing.T) {
	skipIfShort(t)
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := Start(context.Background(), Options{Port: port})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer srv.Stop()
	if srv.Port != port {
		t.Errorf("Port = %d, want %d", srv.Port, port)
	}
	// A second server on the same port must be refused, not confused with
	// the first one.
	if second, err := Start(context.Background(), Options{Port: port}); err == nil {
		second.Stop()
		t.Fatalf("second Start on busy port %d succeeded", port)
	} else if !strings.Contains(err.Error(), "not free") {
		t.Errorf("second Start error = %v, want a port-not-free error", err)
	}
	if _, err := NewClient(srv.Endpoint).ListTables(context.Background(), &dynamodb.ListTablesInput{}); err != nil {
		t.Errorf("ListTables on the first server: %v", err)
	}
}

func TestStartReportsEarlyExit(t *testing.T) {
	skipIfShort(t)
	if _, err := findJava(); err != nil {
		t.Fatal(err)
	}
	// A cache that looks complete but holds a broken jar: the JVM exits at
	// once and Start must say why.
	dir := t.TempDir()
	writeFakeCache(t, dir, "this is not a jar")
	_, err := Start(context.Background(), Options{CacheDir: dir})
	var exitErr *ExitError
	if !errors.As(err, &exitErr) {
		t.Fatalf("Start error = %v, want *ExitError", err)
	}
	if exitErr.Err == nil || !strings.Contains(exitErr.Output, "jarfile") {
		t.Errorf("ExitError = %+v, want a non-zero exit and the JVM's complaint about the jarfile", exitErr)
	}
	if !strings.Contains(err.Error(), "jarfile") {
		t.Errorf("error text %q lacks the JVM output", err)
	}
}

func TestStartWithoutJava(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("JAVA_HOME", "")
	_, err := Start(context.Background(), Options{CacheDir: t.TempDir()})
	if !errors.Is(err, ErrJavaNotFound) {
		t.Fatalf("Start error = %v, want ErrJavaNotFound", err)
	}
	if !strings.Contains(err.Error(), "openjdk-17-jre-headless") {
		t.Errorf("error %q does not say what to install", err)
	}
}

func TestStartCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Start(ctx, Options{CacheDir: t.TempDir()}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Start error = %v, want context.Canceled", err)
	}
}

func TestDefaultCacheDir(t *testing.T) {
	t.Setenv("DDBMODEL_CACHE", "/some/cache")
	got, err := DefaultCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join("/some/cache", "dynamodb-local-3.3.1"); got != want {
		t.Errorf("DefaultCacheDir() = %q, want %q", got, want)
	}

	t.Setenv("DDBMODEL_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // os.UserCacheDir's answer on Linux
	t.Setenv("HOME", t.TempDir())           // and on macOS
	userCache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	got, err = DefaultCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(userCache, "ddbmodel", "dynamodb-local-3.3.1"); got != want {
		t.Errorf("DefaultCacheDir() = %q, want %q", got, want)
	}
}
