package evolve_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

const (
	nTickets  = 1500
	nComments = 500
)

// found returns, by kind, the keys of every finding of r (which must keep
// every sample).
func found(t *testing.T, r evolve.Report) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	for k, fs := range r.Samples {
		if int64(len(fs)) != r.Counts[k] {
			t.Fatalf("%s: %d samples of %d findings", k, len(fs), r.Counts[k])
		}
		out[string(k)] = map[string]bool{}
		for _, f := range fs {
			out[string(k)][keyText(f.Key)] = true
		}
	}
	return out
}

// tableJob is the v2 job over the whole table.
func (s *seeded) tableJob() evolve.Job {
	return evolve.Table(s.v2.targets()...).Segments(8).Workers(4)
}

func TestVerifyReportsExactlyTheAffectedItemsByKind(t *testing.T) {
	t.Parallel()
	s := seed(t, nTickets, nComments)
	ctx := t.Context()
	r, err := s.tableJob().Samples(1<<20).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if r.Scanned != nTickets+nComments+1 {
		t.Errorf("scanned %d, want %d", r.Scanned, nTickets+nComments+1)
	}
	if diff := cmp.Diff(s.want, found(t, r)); diff != "" {
		t.Errorf("findings by kind (-want +got):\n%s", diff)
	}
	// Each stale GSI1SK sample shows the stored and wanted value.
	for _, f := range r.Samples[evolve.StaleIndexKey] {
		if len(f.Diffs) == 0 || f.Diffs[0].Attribute != "GSI1SK" {
			t.Fatalf("stale index key finding %v: diffs %v", keyText(f.Key), f.Diffs)
		}
		d := f.Diffs[0]
		tk, err := s.v2.tickets.Decode(f.Item)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := d.Wanted.(*types.AttributeValueMemberS).Value, fmt.Sprintf("PRIO#%02d#TICKET#%s", tk.Priority, tk.ID); got != want {
			t.Errorf("wanted %q, want %q", got, want)
		}
		if got, want := d.Stored.(*types.AttributeValueMemberS).Value, "TICKET#"+tk.ID; got != want {
			t.Errorf("stored %q, want %q", got, want)
		}
	}
	var de *ddbmodel.DecodeError
	if u := r.Samples[evolve.Undecodable]; len(u) != 1 || !errors.As(u[0].Err, &de) {
		t.Errorf("undecodable samples %v, want one with a *ddbmodel.DecodeError", u)
	}
	// Samples are bounded; counts are not.
	small, err := s.tableJob().Samples(3).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	for k, fs := range small.Samples {
		if len(fs) > 3 {
			t.Errorf("%s: %d samples, want at most 3", k, len(fs))
		}
		if small.Counts[k] != r.Counts[k] {
			t.Errorf("%s: counted %d, then %d", k, r.Counts[k], small.Counts[k])
		}
	}
}

func TestDryRunSendsNoWrite(t *testing.T) {
	t.Parallel()
	s := seed(t, nTickets, nComments)
	ctx := t.Context()
	rec := entitytest.NewRecorder(s.db.Client)
	db := *s.db
	db.Client = rec
	// A dry run's findings, those a repair would not rewrite among them,
	// are its result, not an error.
	r, err := s.tableJob().DryRun().Repair(ctx, &db)
	if err != nil || len(r.Failed) != 1 || keyText(r.Failed[0].Key) != "TENANT#t0/TICKET#bad" {
		t.Fatalf("dry run: %v, failed %v; want no error and the undecodable item alone in Failed", err, r.Failed)
	}
	if n := rec.Count(entitytest.PutItem, entitytest.UpdateItem, entitytest.DeleteItem, entitytest.BatchWriteItem, entitytest.TransactWriteItems); n != 0 {
		t.Errorf("dry run sent %d writes", n)
	}
	if n := rec.Count(); n != rec.Count(entitytest.Scan) {
		t.Errorf("dry run sent %d requests, %d of them scans", n, rec.Count(entitytest.Scan))
	}
	repairable := map[string]bool{}
	for _, k := range []string{"stale index key", "missing index key", "unwanted index key"} {
		for key := range s.want[k] {
			repairable[key] = true
		}
	}
	if r.WouldRepair != int64(len(repairable)) || r.Repaired != 0 {
		t.Errorf("would repair %d, repaired %d; want %d, 0", r.WouldRepair, r.Repaired, len(repairable))
	}
	after, err := s.tableJob().Samples(1<<20).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s.want, found(t, after)); diff != "" {
		t.Errorf("after the dry run (-want +got):\n%s", diff)
	}
}

func TestRepairWhileAWriterUpdatesKeepsEveryAcknowledgedWrite(t *testing.T) {
	t.Parallel()
	s := seed(t, nTickets, nComments)
	ctx := t.Context()
	w := startWriter(ctx, s, 1)
	var calls atomic.Int64
	var last evolve.Progress
	r, err := s.tableJob().Progress(func(p evolve.Progress) {
		if p.Scanned < last.Scanned || p.Repaired < last.Repaired {
			t.Errorf("progress went back: %+v after %+v", p, last)
		}
		last = p
		calls.Add(1)
	}).Repair(ctx, s.db)
	writes := w.end()
	var re *evolve.RepairError
	var de *ddbmodel.DecodeError
	if !errors.As(err, &re) || !errors.As(err, &de) || len(r.Failed) != 1 {
		t.Fatalf("repair: %v (failed %d); want the undecodable item alone", err, len(r.Failed))
	}
	t.Logf("repaired %d, skipped as changed %d, %d concurrent writes acknowledged, %d progress calls, %v", r.Repaired, r.SkippedChanged, writes, calls.Load(), r.Elapsed)
	if writes == 0 {
		t.Fatal("the writer wrote nothing during the repair")
	}
	if last.Scanned != r.Scanned || last.Rate <= 0 || calls.Load() < 8 {
		t.Errorf("last progress %+v after %d calls; report scanned %d (8 segments)", last, calls.Load(), r.Scanned)
	}
	if r.Repaired+r.SkippedChanged != r.Findings-1 {
		t.Errorf("repaired %d + skipped %d, of %d findings (one undecodable)", r.Repaired, r.SkippedChanged, r.Findings)
	}
	after, err := s.tableJob().Samples(1<<20).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]map[string]bool{"undecodable": {"TENANT#t0/TICKET#bad": true}}, found(t, after)); diff != "" {
		t.Errorf("after the repair (-want +got):\n%s", diff)
	}
	if after.Scanned != r.Scanned {
		t.Errorf("scanned %d after the repair, %d before", after.Scanned, r.Scanned)
	}
	w.check(t)
	// The undecodable item is as written.
	out, err := s.db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: s.db.Table("evolve"), Key: map[string]types.AttributeValue{"PK": str("TENANT#t0"), "SK": str("TICKET#bad")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Item) != 8 {
		t.Errorf("the undecodable item was changed: %v", out.Item)
	}
}

func TestAnEntityJobNeverTouchesAnotherEntitysItems(t *testing.T) {
	t.Parallel()
	s := seed(t, 300, 200)
	ctx := t.Context()
	rec := entitytest.NewRecorder(s.db.Client)
	db := *s.db
	db.Client = rec
	r, err := evolve.Entity(s.v2.tickets).Segments(4).Workers(4).Repair(ctx, &db)
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("repair: %v, want the undecodable ticket's error", err)
	}
	if r.Scanned != 301 {
		t.Errorf("the ticket job read %d items, want the 301 tickets", r.Scanned)
	}
	for _, req := range rec.Requests() {
		switch in := req.Input.(type) {
		case *dynamodb.UpdateItemInput:
			if sk := in.Key["SK"].(*types.AttributeValueMemberS).Value; !strings.HasPrefix(sk, "TICKET#") {
				t.Errorf("the ticket job wrote %s", sk)
			}
		case *dynamodb.ScanInput:
			if aws.ToString(in.FilterExpression) == "" {
				t.Error("the ticket job scanned without its marker filter")
			}
		}
	}
	// The comments still differ, each as before.
	after, err := evolve.Entity(s.v2.comments).Samples(1<<20).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]map[string]bool{"missing index key": withSort(s.want["missing index key"], "COMMENT#")}, found(t, after)); diff != "" {
		t.Errorf("comments after the ticket job (-want +got):\n%s", diff)
	}
}

// withSort keeps the keys (PK/SK text) whose sort key starts with prefix.
func withSort(keys map[string]bool, prefix string) map[string]bool {
	out := map[string]bool{}
	for k := range keys {
		if strings.HasPrefix(k[strings.Index(k, "/")+1:], prefix) {
			out[k] = true
		}
	}
	return out
}

func TestInvalidJobsAreRefusedBeforeAnyRequest(t *testing.T) {
	v2 := modelV2()
	db := entity.NewDB(entitytest.NewRecorder(nil), "evolve")
	rec := db.Client.(*entitytest.Recorder)
	cases := []struct {
		name   string
		job    evolve.Job
		entity string
	}{
		{"a table job missing an entity", evolve.Table(evolve.Of(v2.tickets)), "Comment"},
		{"an entity given twice", evolve.Table(evolve.Of(v2.tickets), evolve.Of(v2.tickets), evolve.Of(v2.comments)), "Ticket"},
		{"no segments", evolve.Entity(v2.tickets).Segments(0), "Ticket"},
		{"negative workers", evolve.Entity(v2.tickets).Workers(-1), "Ticket"},
		{"negative rate", evolve.Entity(v2.tickets).ReadRate(-1), "Ticket"},
		{"the zero job", evolve.Job{}, ""},
	}
	for _, c := range cases {
		_, err := c.job.Verify(context.Background(), db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != c.entity {
			t.Errorf("%s: %v, want a *ddbmodel.ValidationError naming %q", c.name, err, c.entity)
		}
		if _, err := c.job.Build(); !errors.As(err, &ve) {
			t.Errorf("%s: Build: %v", c.name, err)
		}
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func TestBuildIsPureAndJobsAreImmutable(t *testing.T) {
	v2 := modelV2()
	base := evolve.Entity(v2.tickets)
	eight := base.Segments(8)
	one, err := base.Build()
	if err != nil {
		t.Fatal(err)
	}
	many, err := eight.Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != 1 || len(many) != 8 || aws.ToInt32(many[7].Segment) != 7 || many[0].ReturnConsumedCapacity != types.ReturnConsumedCapacityTotal {
		t.Errorf("built %d and %d segments", len(one), len(many))
	}
}

func TestReadRateLimitsConsumedCapacity(t *testing.T) {
	t.Parallel()
	s := seed(t, 600, 0)
	ctx := t.Context()
	// One worker over 16 segments: 16 scans in a row, each waiting until
	// the capacity consumed before it fits the rate.
	job := s.tableJob().Segments(16).Workers(1)
	free, err := job.Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if free.Capacity.Read == 0 {
		t.Fatal("no consumed capacity reported")
	}
	rate := free.Capacity.Read / 2 // about two seconds' worth
	start := time.Now()
	limited, err := job.ReadRate(rate).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	if want := time.Duration(limited.Capacity.Read * 15 / 16 / rate * float64(time.Second) * 0.9); took < want {
		t.Errorf("read %g units in %v at %g units per second, want at least %v (unlimited: %v)", limited.Capacity.Read, took, rate, want, free.Elapsed)
	}
}

// raceClient changes an item (through the library, on model v2) just
// before the first repair write of it is sent, as a service write landing
// between the job's read and its write would.
type raceClient struct {
	entity.Client
	before func(ctx context.Context, key map[string]types.AttributeValue)
	once   sync.Once
}

func (c *raceClient) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.once.Do(func() { c.before(ctx, in.Key) })
	return c.Client.UpdateItem(ctx, in, opts...)
}

func TestAWriteBetweenReadAndRepairIsKeptAndTheItemRepairedFromANewRead(t *testing.T) {
	t.Parallel()
	s := seed(t, 1, 0) // one ticket, its GSI1SK stale (it has an owner)
	ctx := t.Context()
	var raced Ticket
	rec := entitytest.NewRecorder(&raceClient{Client: s.db.Client, before: func(ctx context.Context, key map[string]types.AttributeValue) {
		// A v1 service still running: a put of the ticket with priority 3
		// writes v1's keys, so the item still differs afterwards.
		tk := s.tickets[0]
		tk.Priority, tk.Note = 3, "raced"
		var err error
		if raced, err = s.v1.tickets.Put(tk).Run(ctx, s.db); err != nil {
			t.Error(err)
		}
	}})
	db := *s.db
	db.Client = rec
	r, err := evolve.Entity(s.v2.tickets).Repair(ctx, &db)
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || len(r.Failed) != 1 {
		t.Fatalf("repair: %v, want the undecodable ticket's error alone", err)
	}
	if r.Repaired != 1 || r.SkippedChanged != 0 {
		t.Errorf("repaired %d, skipped %d; want 1, 0", r.Repaired, r.SkippedChanged)
	}
	if n, g := rec.Count(entitytest.UpdateItem), rec.Count(entitytest.GetItem); n != 2 || g != 1 {
		t.Errorf("%d updates and %d reads, want 2 (the one refused, then the one from the new read) and 1", n, g)
	}
	got, err := s.v2.tickets.Get(entity.Values{"tenantId": raced.TenantID, "id": raced.ID}).Run(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if got != raced {
		t.Errorf("after the repair %+v, want the raced write %+v", got, raced)
	}
	after, err := evolve.Entity(s.v2.tickets).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if after.Findings != 1 || after.Counts[evolve.Undecodable] != 1 {
		t.Errorf("after the repair: %v", after.Counts)
	}
}

func TestWriteRateLimitsConsumedCapacity(t *testing.T) {
	t.Parallel()
	s := seed(t, 120, 0)
	ctx := t.Context()
	const rate = 40
	start := time.Now()
	r, err := evolve.Entity(s.v2.tickets).WriteRate(rate).Repair(ctx, s.db)
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || len(r.Failed) != 1 {
		t.Fatalf("repair: %v, want the undecodable ticket's error alone", err)
	}
	took := time.Since(start)
	if r.Capacity.Write < 20 {
		t.Fatalf("repaired %d items for %g write units", r.Repaired, r.Capacity.Write)
	}
	// Every write but the first waits until the units before it fit.
	if want := time.Duration((r.Capacity.Write - r.Capacity.Write/float64(r.Repaired)) / rate * float64(time.Second) * 0.9); took < want {
		t.Errorf("%d writes of %g units in %v at %d units per second, want at least %v", r.Repaired, r.Capacity.Write, took, rate, want)
	}
	if _, err := (*evolve.Finding)(nil).Build(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("Build of a nil finding: %v", err)
	}
}

func TestAPanickingProgressCallbackIsAnErrorNotADeadlock(t *testing.T) {
	t.Parallel()
	s := seed(t, 40, 10)
	done := make(chan error, 1)
	go func() {
		_, err := s.tableJob().Segments(4).Workers(4).Progress(func(evolve.Progress) { panic("boom") }).Verify(t.Context(), s.db)
		done <- err
	}()
	select {
	case err := <-done:
		var pe *ddbmodel.PanicError
		if !errors.As(err, &pe) || pe.Value != "boom" {
			t.Errorf("verify: %v, want a *ddbmodel.PanicError", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("verify did not return")
	}
}

// A key attribute added between the read and the repair (here by a raw
// write into GSI3, where tickets do not belong) fails the repair's
// condition: the item is read again and repaired from that read.
func TestAKeyAddedBetweenReadAndRepairIsSeen(t *testing.T) {
	t.Parallel()
	s := seed(t, 1, 0)
	ctx := t.Context()
	rec := entitytest.NewRecorder(&raceClient{Client: s.db.Client, before: func(ctx context.Context, key map[string]types.AttributeValue) {
		_, err := s.db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: s.db.Table("evolve"), Key: key,
			UpdateExpression: aws.String("SET GSI3PK = :v"), ExpressionAttributeValues: map[string]types.AttributeValue{":v": str("STRAY")}})
		if err != nil {
			t.Error(err)
		}
	}})
	db := *s.db
	db.Client = rec
	r, err := evolve.Entity(s.v2.tickets).Repair(ctx, &db)
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || len(r.Failed) != 1 || r.Repaired != 1 {
		t.Fatalf("repair: %v (repaired %d), want the ticket repaired and the undecodable one's error", err, r.Repaired)
	}
	if n := rec.Count(entitytest.UpdateItem); n != 2 {
		t.Errorf("%d updates, want 2 (the one refused, then the one from the new read)", n)
	}
	after, err := evolve.Entity(s.v2.tickets).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if after.Findings != 1 || after.Counts[evolve.Undecodable] != 1 {
		t.Errorf("after the repair: %v", after.Counts)
	}
}
