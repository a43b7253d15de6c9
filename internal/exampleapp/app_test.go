package exampleapp

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// mainModeEnv makes the test binary act as an example program (see
// TestMainExitCodes).
const mainModeEnv = "EXAMPLEAPP_TEST_MAIN"

func TestMain(m *testing.M) {
	if mode := os.Getenv(mainModeEnv); mode != "" {
		Main(demoConfig(mode == "fail"))
	}
	os.Exit(m.Run())
}

// demoConfig is a small model with two tables named by the -table prefix.
// Its run stores one note and reads it back as access pattern AP1.
func demoConfig(fail bool) Config {
	return Config{
		Name:         "demo",
		DefaultTable: "demo",
		Tables: func(table string) []*dynamodb.CreateTableInput {
			return []*dynamodb.CreateTableInput{demoTable(table + "-notes"), demoTable(table + "-tags")}
		},
		Run: func(ctx context.Context, app *App) error {
			if fail {
				return errors.New("access pattern AP1 failed")
			}
			notes := app.Table + "-notes"
			item := map[string]types.AttributeValue{
				"PK": &types.AttributeValueMemberS{Value: "NOTE#n1"}, "SK": &types.AttributeValueMemberS{Value: "META"},
				"Title": &types.AttributeValueMemberS{Value: "Hello"},
			}
			if _, err := app.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(notes), Item: item}); err != nil {
				return err
			}
			get := &dynamodb.GetItemInput{TableName: aws.String(notes), Key: map[string]types.AttributeValue{"PK": item["PK"], "SK": item["SK"]}}
			out, err := app.Client.GetItem(ctx, get)
			if err != nil {
				return err
			}
			title := out.Item["Title"].(*types.AttributeValueMemberS).Value
			app.Pattern("AP1", "Note by id", DescribeGet(get), []string{"ID", "TITLE"}, [][]string{{"n1", title}})
			return nil
		},
	}
}

func demoTable(name string) *dynamodb.CreateTableInput {
	return &dynamodb.CreateTableInput{
		TableName: aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("SK"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("SK"), KeyType: types.KeyTypeRange},
		},
	}
}

func demoReport(prefix string) string {
	return fmt.Sprintf(`== AP1: Note by id
   GetItem %s-notes: PK = "NOTE#n1", SK = "META"
   ID  TITLE
   n1  Hello
   (1 row)

`, prefix)
}

// dropTables deletes the demo tables of prefix when the test ends.
func dropTables(t *testing.T, client *dynamodb.Client, prefix string) {
	t.Cleanup(func() {
		for _, name := range []string{prefix + "-notes", prefix + "-tags"} {
			_, err := client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
			var notFound *types.ResourceNotFoundException
			if err != nil && !errors.As(err, &notFound) {
				t.Errorf("delete %s: %v", name, err)
			}
		}
	})
}

func TestRunCreatesTablesAndReports(t *testing.T) {
	t.Parallel()
	client := entitytest.Client(t)
	endpoint := entitytest.Endpoint(t)
	prefix := "runtest"
	dropTables(t, client, prefix)

	for run := 1; run <= 2; run++ { // the second run finds the tables in place
		var stdout, stderr bytes.Buffer
		err := Run(t.Context(), demoConfig(false), []string{"-endpoint", endpoint, "-table", prefix}, &stdout, &stderr)
		if err != nil {
			t.Fatalf("run %d: Run: %v (stderr: %s)", run, err, stderr.String())
		}
		if got, want := stdout.String(), demoReport(prefix); got != want {
			t.Errorf("run %d: report:\n%s\nwant:\n%s", run, got, want)
		}
	}
	for _, name := range []string{prefix + "-notes", prefix + "-tags"} {
		out, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			t.Fatalf("DescribeTable(%s): %v", name, err)
		}
		if out.Table.TableStatus != types.TableStatusActive {
			t.Errorf("%s status %s, want ACTIVE", name, out.Table.TableStatus)
		}
		if out.Table.BillingModeSummary == nil || out.Table.BillingModeSummary.BillingMode != types.BillingModePayPerRequest {
			t.Errorf("%s billing %+v, want PAY_PER_REQUEST by default", name, out.Table.BillingModeSummary)
		}
	}
}

func TestRunUsesEndpointFromEnvironment(t *testing.T) {
	client := entitytest.Client(t)
	t.Setenv(EndpointEnv, entitytest.Endpoint(t))
	dropTables(t, client, "envtest")
	var stdout, stderr bytes.Buffer
	if err := Run(t.Context(), demoConfig(false), []string{"-table", "envtest"}, &stdout, &stderr); err != nil {
		t.Fatalf("Run: %v (stderr: %s)", err, stderr.String())
	}
	if got, want := stdout.String(), demoReport("envtest"); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(stderr.String(), "starting DynamoDB Local") {
		t.Errorf("Run started its own server although $%s was set; stderr: %s", EndpointEnv, stderr.String())
	}
}

func TestRunStartsDynamoDBLocal(t *testing.T) {
	entitytest.Client(t) // skips under -short
	t.Setenv(EndpointEnv, "")
	var stdout, stderr bytes.Buffer
	if err := Run(t.Context(), demoConfig(false), nil, &stdout, &stderr); err != nil {
		t.Fatalf("Run: %v (stderr: %s)", err, stderr.String())
	}
	if got, want := stdout.String(), demoReport("demo"); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(stderr.String(), "DynamoDB Local is listening on http://127.0.0.1:") {
		t.Errorf("stderr does not tell where the server listened: %s", stderr.String())
	}
}

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	var stdout, stderr bytes.Buffer

	if err := Run(ctx, demoConfig(false), []string{"-h"}, &stdout, &stderr); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("Run(-h) = %v, want flag.ErrHelp", err)
	}
	if !strings.Contains(stderr.String(), "Usage: demo [-endpoint URL|aws] [-table NAME]") || !strings.Contains(stderr.String(), "-table") {
		t.Errorf("usage text missing; stderr: %s", stderr.String())
	}
	if err := Run(ctx, demoConfig(false), []string{"-bogus"}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("Run(-bogus) = %v, want a flag error", err)
	}
	if err := Run(ctx, demoConfig(false), []string{"extra"}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "unexpected arguments") {
		t.Errorf("Run(extra) = %v, want unexpected arguments", err)
	}
	if err := Run(ctx, demoConfig(false), []string{"-table", ""}, &stdout, &stderr); err == nil {
		t.Error("Run(-table '') succeeded")
	}
	if err := Run(ctx, Config{Name: "x"}, nil, &stdout, &stderr); err == nil {
		t.Error("Run with a nil Config.Run succeeded")
	}
	if stdout.Len() != 0 {
		t.Errorf("failed runs wrote a report: %q", stdout.String())
	}
}

func TestRunReturnsRunAndWriteErrors(t *testing.T) {
	t.Parallel()
	client := entitytest.Client(t)
	endpoint := entitytest.Endpoint(t)
	dropTables(t, client, "errtest")
	var stdout, stderr bytes.Buffer
	err := Run(t.Context(), demoConfig(true), []string{"-endpoint", endpoint, "-table", "errtest"}, &stdout, &stderr)
	if err == nil || err.Error() != "access pattern AP1 failed" {
		t.Errorf("Run = %v, want the error of Config.Run", err)
	}
	full := errors.New("stdout closed")
	err = Run(t.Context(), demoConfig(false), []string{"-endpoint", endpoint, "-table", "errtest"}, failingWriter{full}, &stderr)
	if !errors.Is(err, full) {
		t.Errorf("Run with a failing stdout = %v, want %v", err, full)
	}
}

func TestEnsureTableRejectsBadDefinitions(t *testing.T) {
	t.Parallel()
	client := entitytest.Client(t)
	if err := EnsureTable(t.Context(), client, &dynamodb.CreateTableInput{}); err == nil {
		t.Error("EnsureTable without a name succeeded")
	}
	bad := demoTable("bad-def")
	bad.KeySchema = nil
	err := EnsureTable(t.Context(), client, bad)
	if err == nil || !strings.Contains(err.Error(), "create table bad-def") {
		t.Errorf("EnsureTable(no key schema) = %v, want a create table error", err)
	}
}

// TestMainExitCodes runs this test binary as an example program: Main must
// exit 0 after a good run and 1, with the error on stderr, after a bad one.
func TestMainExitCodes(t *testing.T) {
	t.Parallel()
	client := entitytest.Client(t)
	endpoint := entitytest.Endpoint(t)
	dropTables(t, client, "maintest")
	for _, tt := range []struct {
		mode       string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"ok", 0, demoReport("maintest"), ""},
		{"fail", 1, "", "demo: access pattern AP1 failed\n"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-endpoint", endpoint, "-table", "maintest")
			cmd.Env = append(os.Environ(), mainModeEnv+"="+tt.mode)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exitErr *exec.ExitError
			if errors.As(err, &exitErr) {
				code = exitErr.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.wantCode || stdout.String() != tt.wantStdout || stderr.String() != tt.wantStderr {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr %q",
					code, stdout.String(), stderr.String(), tt.wantCode, tt.wantStdout, tt.wantStderr)
			}
		})
	}
}
