package exampleapp

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/ddblocal"
	"github.com/ddbmodel/ddbmodel/entity/slogobserve"
)

// EndpointEnv names the environment variable read when -endpoint is not
// given.
const EndpointEnv = "DYNAMODB_ENDPOINT"

// EndpointAWS is the -endpoint value that selects real AWS through the
// default AWS configuration chain (environment, shared config files, ...).
const EndpointAWS = "aws"

// tableActiveTimeout bounds the wait for a created table to become ACTIVE.
const tableActiveTimeout = 5 * time.Minute

// Config describes one example program.
type Config struct {
	// Name is the program name, used in usage text and error messages.
	Name string
	// DefaultTable is the default of the -table flag.
	DefaultTable string
	// Tables returns the definitions of the tables the model needs, given
	// the -table value. A model that keeps several tables uses the value as
	// their name prefix. Tables that do not exist yet are created; existing
	// ones are used as they are. nil means no tables are created.
	Tables func(table string) []*dynamodb.CreateTableInput
	// Run loads the sample data and runs every access pattern, printing each
	// with [App.Pattern].
	Run func(ctx context.Context, app *App) error
}

// App is what [Config].Run works with.
type App struct {
	// Client talks to the selected DynamoDB.
	Client *dynamodb.Client
	// Table is the value of the -table flag.
	Table string
	// Out receives the report (standard output in [Main]).
	Out io.Writer
	// Logger, set by -v, logs every request of a DB passed through
	// [App.Observe] at debug level (to standard error in [Main]); nil
	// without -v. [Run] holds its lines back until the next [App.Pattern]
	// has printed its heading and request, so that on a terminal each
	// pattern's requests show under its heading rather than before it.
	Logger *slog.Logger

	heldLog  *heldLog // the -v log lines not yet written to standard error
	writeErr error    // the first error writing to Out
	cost     costs    // what DBs passed through Observe consumed
}

// costs counts the capacity DBs passed through [App.Observe] consume, for
// the cost line of each [App.Pattern].
type costs struct {
	observed  bool                   // a DB was passed through Observe: Pattern prints costs
	all       entity.CapacityCounter // everything since the last Pattern
	inMeasure atomic.Bool            // Measure is running
	measured  bool                   // Measure ran since the last Pattern
	step      entity.CapacityCounter // what Measure counted since the last Pattern
}

// Observe counts ev: in all, and in step while Measure runs.
func (c *costs) Observe(ctx context.Context, ev *entity.Event) {
	c.all.Observe(ctx, ev)
	if c.inMeasure.Load() {
		c.step.Observe(ctx, ev)
	}
}

// line renders the cost line of a Pattern and starts counting anew.
func (c *costs) line() string {
	counted := &c.all
	if c.measured {
		counted = &c.step
	}
	// DynamoDB reports no capacity for a failed request: say how many.
	failed := counted.Failed()
	total := counted.Total()
	requests := "requests"
	if counted.Requests() == 1 {
		requests = "request"
	}
	line := fmt.Sprintf("cost: %g read units, %g write units in %d %s", total.Read, total.Write, counted.Requests(), requests)
	if failed > 0 {
		line += fmt.Sprintf(", %d failed, whose capacity DynamoDB does not report", failed)
	}
	c.reset()
	return line
}

func (c *costs) reset() {
	c.all.Reset()
	c.step.Reset()
	c.measured = false
}

// Main parses the flags -endpoint (else $DYNAMODB_ENDPOINT, else it starts
// DynamoDB Local itself via package ddblocal and stops it at exit; the
// special value -endpoint=aws uses the default AWS config chain of
// aws-sdk-go-v2/config, that is real AWS) and -table; creates each table of
// cfg.Tables when absent and waits until it is ACTIVE; runs cfg.Run with the
// report going to standard output. It prints any error to standard error and
// exits 1; otherwise it exits 0. SIGINT and SIGTERM cancel the run (and stop
// a server it started).
func Main(cfg Config) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, cfg, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", programName(cfg), err)
		os.Exit(1)
	}
	os.Exit(0)
}

// Run is [Main] without the process around it: it parses args (without the
// program name), writes the report to stdout and usage and notes to stderr,
// and returns the error Main would print; flag.ErrHelp after -h. Tests of
// example programs call it, typically with -endpoint set to
// entitytest.Endpoint(t) and a -table of their own.
func Run(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	if cfg.Run == nil {
		return errors.New("exampleapp: Config.Run is nil")
	}
	name := programName(cfg)
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	endpoint := fs.String("endpoint", "", "DynamoDB endpoint URL, or \"aws\" for real AWS via the default AWS config chain\n(default $"+EndpointEnv+"; when that is empty too, DynamoDB Local is started for this run)")
	table := fs.String("table", cfg.DefaultTable, "table name (the name prefix for a model with several tables)")
	verbose := fs.Bool("v", false, "log every DynamoDB request (log/slog, debug level) to standard error")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: %s [-endpoint URL|aws] [-table NAME] [-v]\n\nLoads sample data and runs every access pattern of the %s example.\n\n", name, name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("exampleapp: %w", err)
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("exampleapp: unexpected arguments %q", fs.Args())
	}
	if *table == "" {
		return errors.New("exampleapp: -table is empty")
	}
	if *endpoint == "" {
		*endpoint = os.Getenv(EndpointEnv)
	}

	var client *dynamodb.Client
	switch *endpoint {
	case EndpointAWS:
		awsCfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return fmt.Errorf("exampleapp: load AWS config: %w", err)
		}
		client = dynamodb.NewFromConfig(awsCfg)
	case "":
		fmt.Fprintf(stderr, "%s: starting DynamoDB Local %s (in memory; stopped at exit)...\n", name, ddblocal.Version)
		srv, err := ddblocal.Start(ctx, ddblocal.Options{})
		if err != nil {
			return fmt.Errorf("exampleapp: %w", err)
		}
		defer srv.Stop()
		fmt.Fprintf(stderr, "%s: DynamoDB Local is listening on %s\n", name, srv.Endpoint)
		client = ddblocal.NewClient(srv.Endpoint)
	default:
		client = ddblocal.NewClient(*endpoint)
	}

	if cfg.Tables != nil {
		for _, in := range cfg.Tables(*table) {
			if err := EnsureTable(ctx, client, in); err != nil {
				return err
			}
		}
	}
	app := &App{Client: client, Table: *table, Out: stdout}
	if *verbose {
		app.logTo(stderr)
		defer app.heldLog.flush()
	}
	if err := cfg.Run(ctx, app); err != nil {
		return err
	}
	if app.writeErr != nil {
		return fmt.Errorf("exampleapp: write report: %w", app.writeErr)
	}
	return nil
}

// EnsureTable creates the table described by in unless a table of that name
// exists (DescribeTable answering ResourceNotFoundException means absent), and
// waits until it is ACTIVE. An existing table is not compared with in. When
// in sets neither BillingMode nor ProvisionedThroughput the table is created
// on demand (PAY_PER_REQUEST); in itself is not modified.
func EnsureTable(ctx context.Context, client *dynamodb.Client, in *dynamodb.CreateTableInput) error {
	if in == nil || aws.ToString(in.TableName) == "" {
		return errors.New("exampleapp: table definition without TableName")
	}
	name := aws.ToString(in.TableName)
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: in.TableName})
	var notFound *types.ResourceNotFoundException
	switch {
	case errors.As(err, &notFound):
		create := *in
		if create.BillingMode == "" && create.ProvisionedThroughput == nil {
			create.BillingMode = types.BillingModePayPerRequest
		}
		if _, err := client.CreateTable(ctx, &create); err != nil {
			var inUse *types.ResourceInUseException
			if !errors.As(err, &inUse) { // created meanwhile by someone else
				return fmt.Errorf("exampleapp: create table %s: %w", name, err)
			}
		}
	case err != nil:
		return fmt.Errorf("exampleapp: describe table %s: %w", name, err)
	case out.Table != nil && out.Table.TableStatus == types.TableStatusActive:
		return nil
	}
	waiter := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 200 * time.Millisecond
		o.MaxDelay = 5 * time.Second
	})
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: in.TableName}, tableActiveTimeout); err != nil {
		return fmt.Errorf("exampleapp: wait for table %s to become ACTIVE: %w", name, err)
	}
	return nil
}

// Pattern prints one access pattern's report to a.Out: a header line with id
// and name, the request (as rendered by the Describe functions; each of its
// lines indented), then the rows as a table aligned with text/tabwriter under
// the header cells, a row count, and a blank line:
//
//	== AP1: Articles of an author, newest first
//	   Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); descending
//	   ID  TITLE
//	   a2  Second post
//	   a1  First post
//	   (2 rows)
//
// Once a DB has been passed through [App.Observe], each report also ends
// with a cost line: the read and write capacity units (as DynamoDB reports
// them) and the requests that DBs passed through Observe sent since the
// previous Pattern or [App.ResetCost], so a reader sees what each pattern
// costs:
//
//	cost: 0.5 read units, 0 write units in 1 request
//
// A failed request (a canceled transaction, a failed condition) is counted
// among the requests, but DynamoDB's error response carries no consumed
// capacity, so its units are not in the figures; the line says how many
// failed:
//
//	cost: 0 read units, 0 write units in 1 request, 1 failed, whose capacity DynamoDB does not report
//
// Tabs and newlines inside cells are shown as spaces and \n so that they do
// not break the alignment. Write errors are remembered and returned by
// [Run] after cfg.Run.
func (a *App) Pattern(id, name string, request string, header []string, rows [][]string) {
	var b strings.Builder
	fmt.Fprintf(&b, "== %s: %s\n", id, name)
	for _, line := range strings.Split(strings.TrimRight(request, "\n"), "\n") {
		b.WriteString(indent + line + "\n")
	}
	if a.heldLog != nil {
		// The pattern's requests, logged with -v, go to standard error
		// between its heading and its rows.
		a.write(b.String())
		b.Reset()
		a.heldLog.flush()
	}
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	if len(header) > 0 {
		writeRow(tw, header)
	}
	for _, row := range rows {
		writeRow(tw, row)
	}
	_ = tw.Flush() // writes to a strings.Builder do not fail
	switch len(rows) {
	case 0:
		b.WriteString(indent + "(no rows)\n")
	case 1:
		b.WriteString(indent + "(1 row)\n")
	default:
		fmt.Fprintf(&b, "%s(%d rows)\n", indent, len(rows))
	}
	if a.cost.observed {
		b.WriteString(indent + a.cost.line() + "\n")
	}
	b.WriteString("\n")
	a.write(b.String())
}

// write writes s to a.Out, remembering the first error.
func (a *App) write(s string) {
	if _, err := io.WriteString(a.Out, s); err != nil && a.writeErr == nil {
		a.writeErr = err
	}
}

// logTo sets a.Logger to log at debug level to w, holding the lines back
// until the next [App.Pattern] heading or [App.ResetCost].
func (a *App) logTo(w io.Writer) {
	a.heldLog = &heldLog{to: w}
	a.Logger = slog.New(slog.NewTextHandler(a.heldLog, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// heldLog keeps log lines until flush writes them to its writer. Observers
// may log from several goroutines at once.
type heldLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
	to  io.Writer
}

func (h *heldLog) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.buf.Write(p)
}

// flush writes the lines held so far. An error writing the log (standard
// error) is not the report's: the lines are dropped, as a logger drops
// them, and the report goes on.
func (h *heldLog) flush() {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.buf.Len() > 0 {
		_, _ = h.to.Write(h.buf.Bytes())
		h.buf.Reset()
	}
}

const indent = "   "

var cellReplacer = strings.NewReplacer("\t", " ", "\r", `\r`, "\n", `\n`)

// writeRow writes one indented table row; trailing spaces are trimmed by
// ending the line without a cell terminator.
func writeRow(tw *tabwriter.Writer, cells []string) {
	clean := make([]string, len(cells))
	for i, c := range cells {
		clean[i] = cellReplacer.Replace(c)
	}
	fmt.Fprint(tw, indent+strings.Join(clean, "\t")+"\n")
}

func programName(cfg Config) string {
	if cfg.Name != "" {
		return cfg.Name
	}
	return "example"
}

// OneTable is Config.Tables for a program whose model keeps one table: the
// table's CreateTable request under the -table name.
func OneTable(t *entity.Table) func(table string) []*dynamodb.CreateTableInput {
	return func(table string) []*dynamodb.CreateTableInput {
		in := t.CreateTableInput()
		in.TableName = aws.String(table)
		return []*dynamodb.CreateTableInput{in}
	}
}

// Observe returns a copy of db whose requests are counted for the cost
// line of each [App.Pattern] and, when -v is set, logged to a.Logger (see
// package slogobserve). The rest of the report on Out is the same either
// way.
func (a *App) Observe(db *entity.DB) *entity.DB {
	a.cost.observed = true
	db = db.WithObserver(&a.cost)
	if a.Logger == nil {
		return db
	}
	return db.WithObserver(slogobserve.New(a.Logger))
}

// ResetCost forgets the capacity counted so far, so that the next
// [App.Pattern]'s cost line covers only what is sent from here on: call it
// after loading sample data.
//
// With -v, the requests logged so far (the sample data's) are written to
// standard error here, before the first pattern's heading.
func (a *App) ResetCost() {
	a.cost.reset()
	a.heldLog.flush()
}

// Measure calls step and returns its error; the next [App.Pattern]'s cost
// line then covers only what was sent inside Measure calls since the
// previous Pattern. A workflow wraps its writes in Measure, so that the
// reads that show their effect are not charged to it.
func (a *App) Measure(step func() error) error {
	a.cost.inMeasure.Store(true)
	defer a.cost.inMeasure.Store(false)
	a.cost.measured = true
	return step()
}
