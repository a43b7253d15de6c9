package exampleapp

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
)

func TestPattern(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	app := &App{Out: &out}
	app.Pattern("AP1", "Articles of an author, newest first",
		`Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); descending`,
		[]string{"ID", "TITLE", "VIEWS"},
		[][]string{
			{"a10", "Second post", "7"},
			{"a1", "First\tpost\nwith a newline", "1234"},
		})
	app.Pattern("AP2", "Nothing found", "GetItem cms: PK = \"X\", SK = \"Y\"", []string{"ID"}, nil)
	app.Pattern("TX1", "Publish an article",
		"Update cms: PK = \"A\", SK = \"B\"; SET Published = true\nPut cms: PK = \"C\", SK = \"D\"\n",
		nil, [][]string{{"ok"}})
	want := `== AP1: Articles of an author, newest first
   Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); descending
   ID   TITLE                       VIEWS
   a10  Second post                 7
   a1   First post\nwith a newline  1234
   (2 rows)

== AP2: Nothing found
   GetItem cms: PK = "X", SK = "Y"
   ID
   (no rows)

== TX1: Publish an article
   Update cms: PK = "A", SK = "B"; SET Published = true
   Put cms: PK = "C", SK = "D"
   ok
   (1 row)

`
	if got := out.String(); got != want {
		t.Errorf("Pattern output:\n%s\nwant:\n%s", got, want)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func TestPatternRemembersFirstWriteError(t *testing.T) {
	t.Parallel()
	first := errors.New("disk full")
	app := &App{Out: failingWriter{first}}
	app.Pattern("AP1", "x", "r", nil, nil)
	app.Out = failingWriter{errors.New("later")}
	app.Pattern("AP2", "y", "r", nil, nil)
	if !errors.Is(app.writeErr, first) {
		t.Errorf("writeErr = %v, want the first error %v", app.writeErr, first)
	}
}

// TestPatternCost checks the cost line: it appears once a DB is observed,
// covers what was sent since the previous Pattern or ResetCost, and is
// absent for programs that never pass a DB through Observe.
func TestPatternCost(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	app := &App{Out: &out}
	app.Pattern("AP0", "unmeasured", "r", nil, nil)
	db := app.Observe(entity.NewDB(nil, "t"))
	send := func(op string, units float64) {
		db.Observer.Observe(context.Background(), &entity.Event{Operation: op,
			Capacity: []types.ConsumedCapacity{{TableName: aws.String("t"), CapacityUnits: aws.Float64(units)}}})
	}
	send("PutItem", 3) // sample data
	app.ResetCost()
	send("GetItem", 0.5)
	app.Pattern("AP1", "a get", "r", nil, nil)
	send("Query", 1)
	send("Query", 0.5)
	send("TransactWriteItems", 4)
	app.Pattern("W1", "a query and a write", "r", nil, nil)
	app.Pattern("W2", "nothing sent", "r", nil, nil)
	send("Query", 1) // reads showing the state before
	if err := app.Measure(func() error { send("UpdateItem", 2); return nil }); err != nil {
		t.Fatal(err)
	}
	send("Query", 1) // and after
	app.Pattern("W3", "a measured write", "r", nil, nil)
	send("GetItem", 0.5)
	app.Pattern("AP4", "unmeasured again", "r", nil, nil)
	send("GetItem", 0.5)
	db.Observer.Observe(context.Background(), &entity.Event{Operation: "TransactWriteItems", Err: errors.New("canceled")})
	app.Pattern("W5", "a failed write", "r", nil, nil)
	want := `== AP0: unmeasured
   r
   (no rows)

== AP1: a get
   r
   (no rows)
   cost: 0.5 read units, 0 write units in 1 request

== W1: a query and a write
   r
   (no rows)
   cost: 1.5 read units, 4 write units in 3 requests

== W2: nothing sent
   r
   (no rows)
   cost: 0 read units, 0 write units in 0 requests

== W3: a measured write
   r
   (no rows)
   cost: 0 read units, 2 write units in 1 request

== AP4: unmeasured again
   r
   (no rows)
   cost: 0.5 read units, 0 write units in 1 request

== W5: a failed write
   r
   (no rows)
   cost: 0.5 read units, 0 write units in 2 requests, 1 failed, whose capacity DynamoDB does not report

`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("Pattern output (-want +got):\n%s", diff)
	}
}

// TestVerboseLogFollowsItsPatternHeading checks that with -v, where the
// report and the log share a terminal, the requests of a pattern are
// logged under its heading and request, before its rows, and that the
// sample data's requests are logged at ResetCost, before any heading.
func TestVerboseLogFollowsItsPatternHeading(t *testing.T) {
	t.Parallel()
	var terminal strings.Builder // standard output and error on one screen
	app := &App{Out: &terminal}
	app.logTo(&terminal)
	db := app.Observe(entity.NewDB(nil, "t"))
	send := func(op string) {
		db.Observer.Observe(context.Background(), &entity.Event{Operation: op, Attempt: 1})
	}
	send("BatchWriteItem") // sample data
	app.ResetCost()
	send("GetItem")
	app.Pattern("AP1", "a get", "GetItem t", []string{"ID"}, [][]string{{"a1"}})
	send("Query")
	app.Pattern("AP2", "a query", "Query t", nil, nil)
	app.heldLog.flush() // what Run does at the end

	var got []string
	for _, line := range strings.Split(terminal.String(), "\n") {
		switch {
		case strings.Contains(line, "op="):
			op := line[strings.Index(line, "op=")+3:]
			got = append(got, "log "+strings.Fields(op)[0])
		case line != "":
			got = append(got, strings.TrimSpace(line))
		}
	}
	want := []string{
		"log BatchWriteItem",
		"== AP1: a get", "GetItem t", "log GetItem", "ID", "a1", "(1 row)", "cost: 0 read units, 0 write units in 1 request",
		"== AP2: a query", "Query t", "log Query", "(no rows)", "cost: 0 read units, 0 write units in 1 request",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("terminal lines (-want +got):\n%s\nterminal:\n%s", diff, terminal.String())
	}
}
