package evolve_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"sync"
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
	"github.com/ddbmodel/ddbmodel/txn"
)

// onlyUndecodable fails t unless err is nil or holds only the repair
// error of the undecodable ticket.
func onlyUndecodable(t *testing.T, err error, r evolve.Report) {
	t.Helper()
	if err == nil {
		return
	}
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || len(r.Failed) != 1 || keyText(r.Failed[0].Key) != "TENANT#t0/TICKET#bad" {
		t.Fatalf("%v (failed %d), want at most the undecodable ticket's error", err, len(r.Failed))
	}
}

// verifiedClean fails t unless a verify of the table finds the
// undecodable ticket alone (no checkpoint item reported either).
func (s *seeded) verifiedClean(t *testing.T) {
	t.Helper()
	after, err := s.tableJob().Samples(1<<20).Verify(t.Context(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]map[string]bool{"undecodable": {"TENANT#t0/TICKET#bad": true}}, found(t, after)); diff != "" {
		t.Errorf("verify after the job (-want +got):\n%s", diff)
	}
}

// scannedSegments lists, per segment, the scan requests rec saw.
func scannedSegments(rec *entitytest.Recorder) map[int][]*dynamodb.ScanInput {
	out := map[int][]*dynamodb.ScanInput{}
	for _, req := range rec.Requests() {
		if in, ok := req.Input.(*dynamodb.ScanInput); ok {
			seg := int(aws.ToInt32(in.Segment))
			out[seg] = append(out[seg], in)
		}
	}
	return out
}

// scanLog is a client recording each scan as sent: its segment and its
// start key (the job reuses one input per segment, so a recorder keeping
// inputs would see only the last key).
type scanLog struct {
	entity.Client
	mu    sync.Mutex
	scans map[int][]map[string]types.AttributeValue
	items int
}

func (c *scanLog) Scan(ctx context.Context, in *dynamodb.ScanInput, opts ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	c.mu.Lock()
	if c.scans == nil {
		c.scans = map[int][]map[string]types.AttributeValue{}
	}
	seg := int(aws.ToInt32(in.Segment))
	c.scans[seg] = append(c.scans[seg], maps.Clone(in.ExclusiveStartKey))
	c.mu.Unlock()
	out, err := c.Client.Scan(ctx, in, opts...)
	if err == nil {
		c.mu.Lock()
		c.items += len(out.Items)
		c.mu.Unlock()
	}
	return out, err
}

func checkpointOf(cps []evolve.SegmentCheckpoint, seg int) (evolve.SegmentCheckpoint, bool) {
	for _, c := range cps {
		if c.Segment == seg {
			return c, true
		}
	}
	return evolve.SegmentCheckpoint{}, false
}

func sumScanned(cps []evolve.SegmentCheckpoint) (scanned int64, done int) {
	for _, c := range cps {
		scanned += c.Scanned
		if c.Done {
			done++
		}
	}
	return scanned, done
}

func TestShareAndCheckpointAreRefusedBeforeAnyRequest(t *testing.T) {
	v2 := modelV2()
	db := entity.NewDB(entitytest.NewRecorder(nil), "evolve")
	rec := db.Client.(*entitytest.Recorder)
	// A table whose entity renders any key: a checkpoint item could be
	// its item.
	anyKey := newTable()
	anyJob := evolve.Entity(entity.MustDefine(anyKey, entity.Config[Comment]{Name: "Comment", Key: entity.Key{Partition: "${tenantId}", Sort: "${commentId}"}}))
	numbers := &entity.Table{Name: "n", PartitionKey: entity.N("PK"), SortKey: entity.S("SK")}
	noSort := &entity.Table{Name: "s", PartitionKey: entity.S("PK")}
	clash := newTable()
	clash.Indexes = append(clash.Indexes, entity.Index{Name: "ByOwner", PartitionKey: entity.S("evolveOwner")})
	named := newTable()
	entity.MustDefine(named, entity.Config[Comment]{Name: "ddbmodel/evolve.Checkpoint", Key: commentKey})
	cases := []struct {
		name           string
		job            evolve.Job
		entity, attr   string
		reasonMentions string
	}{
		{"i = n", evolve.Entity(v2.tickets).Segments(8).Share(4, 4), "Ticket", "", "i must be 0 to 3"},
		{"a negative i", evolve.Entity(v2.tickets).Segments(8).Share(-1, 4), "Ticket", "", "i must be 0 to 3"},
		{"n of zero and i of zero", evolve.Entity(v2.tickets).Share(0, 0), "Ticket", "", "n must be 1"},
		{"n above the segments", evolve.Entity(v2.tickets).Segments(8).Share(0, 9), "Ticket", "", "n must be 1 to the job's 8 segments"},
		{"n of zero", evolve.Entity(v2.tickets).Share(1, 0), "Ticket", "", "n must be 1"},
		{"a negative page size", evolve.Entity(v2.tickets).PageSize(-1), "Ticket", "", "PageSize"},
		{"a negative lease", evolve.Entity(v2.tickets).Checkpoint("j").Lease(-1), "Ticket", "", "Lease must not be negative"},
		{"a lease without a checkpoint", evolve.Entity(v2.tickets).Lease(1), "Ticket", "", "Lease needs a Checkpoint"},
		{"an empty name", evolve.Entity(v2.tickets).Checkpoint(""), "Ticket", "", "the name is 1 to 100"},
		{"a name with #", evolve.Entity(v2.tickets).Checkpoint("a#b"), "Ticket", "", "the name is 1 to 100"},
		{"an entity rendering any key", anyJob.Checkpoint("j"), "Comment", "PK", "can render the key of a checkpoint item"},
		{"a number partition key", evolve.Entity(entity.MustDefine(numbers, entity.Config[Ticket]{Name: "Ticket", Key: entity.Key{Partition: "${priority}", Sort: "T#${id}"}})).Checkpoint("j"), "Ticket", "", "keys are strings"},
		{"no sort key", evolve.Entity(entity.MustDefine(noSort, entity.Config[Ticket]{Name: "Ticket", Key: entity.Key{Partition: "T#${id}"}})).Checkpoint("j"), "Ticket", "", "keys are strings"},
		{"an index keyed on a checkpoint attribute", evolve.Entity(entity.MustDefine(clash, entity.Config[Ticket]{Name: "Ticket", Key: ticketKey})).Checkpoint("j"), "", "evolveOwner", "key attribute the checkpoint items hold"},
		{"an entity named as the marker", evolve.Entity(entity.MustDefine(named, entity.Config[Ticket]{Name: "Ticket", Key: ticketKey})).Checkpoint("j"), "ddbmodel/evolve.Checkpoint", "", "marker"},
	}
	for _, c := range cases {
		var ve *ddbmodel.ValidationError
		_, err := c.job.Verify(context.Background(), db)
		if !errors.As(err, &ve) || ve.Entity != c.entity || ve.Attribute != c.attr || !strings.Contains(ve.Reason, c.reasonMentions) {
			t.Errorf("%s: %v, want a *ddbmodel.ValidationError naming %q, attribute %q, saying %q", c.name, err, c.entity, c.attr, c.reasonMentions)
		}
		if _, err := c.job.Build(); !errors.As(err, &ve) {
			t.Errorf("%s: Build: %v", c.name, err)
		}
	}
	if _, err := evolve.Entity(v2.tickets).Checkpoints(context.Background(), db); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("Checkpoints of a job without a name: %v", err)
	}
	if _, err := evolve.Entity(v2.tickets).ClearCheckpoints(context.Background(), db); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("ClearCheckpoints of a job without a name: %v", err)
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("%d requests sent", n)
	}
	// The models of the tests keep their keys apart from the checkpoints'.
	if _, err := evolve.Table(evolve.Of(v2.tickets), evolve.Of(v2.comments)).Checkpoint("reindex-2026-11").Build(); err != nil {
		t.Error(err)
	}
}

func TestShareBuildsTheWorkersSegments(t *testing.T) {
	job := evolve.Entity(modelV2().tickets).Segments(10).PageSize(50)
	for i, want := range [][]int32{{0, 4, 8}, {1, 5, 9}, {2, 6}, {3, 7}} {
		ins, err := job.Share(i, 4).Build()
		if err != nil {
			t.Fatal(err)
		}
		var got []int32
		for _, in := range ins {
			got = append(got, aws.ToInt32(in.Segment))
			if aws.ToInt32(in.TotalSegments) != 10 || aws.ToInt32(in.Limit) != 50 {
				t.Errorf("worker %d: segment %d of %d, limit %d", i, aws.ToInt32(in.Segment), aws.ToInt32(in.TotalSegments), aws.ToInt32(in.Limit))
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("worker %d of 4 takes %v, want %v", i, got, want)
		}
	}
	if ins, err := evolve.Entity(modelV2().tickets).Share(0, 1).Build(); err != nil || len(ins) != 1 {
		t.Errorf("one worker of one segment: %d requests, %v", len(ins), err)
	}
}

// fill writes n comments without an author, as v1 and v2 write them
// alike (no finding), in 64 more partitions.
func (s *seeded) fill(t testing.TB, n int) {
	t.Helper()
	ops := make([]entity.BatchWriter, n)
	for i := range n {
		ops[i] = s.v2.comments.Put(Comment{TenantID: fmt.Sprintf("f%d", i%64), TicketID: "k0000", CommentID: fmt.Sprintf("f%06d", i), Body: "text"})
	}
	if err := txn.BatchWrite(t.Context(), s.db, txn.BatchOptions{Concurrency: 8}, ops...); err != nil {
		t.Fatal(err)
	}
}

// A repair of 10,501 items, stopped (its context cancelled) after some
// pages, then run again: the second run reads exactly the items no
// checkpoint covered, skips the finished segments, resumes the others
// from their checkpoints, and leaves the table clean.
func TestAStoppedJobResumesWithoutRereadingFinishedWork(t *testing.T) {
	t.Parallel()
	start := time.Now()
	s := seed(t, nTickets, nComments)
	s.fill(t, 8500)
	const total = nTickets + nComments + 1 + 8500
	t.Logf("seeded in %v", time.Since(start))
	start = time.Now()
	job := s.tableJob().Segments(8).Workers(4).PageSize(100).Checkpoint("reindex-2026-11")
	ctx, cancel := context.WithCancel(t.Context())
	calls := 0
	first, err := job.Progress(func(evolve.Progress) {
		if calls++; calls == 30 {
			cancel()
		}
	}).Repair(ctx, s.db)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v, want context.Canceled", err)
	}
	cps, err := job.Checkpoints(t.Context(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	covered, done := sumScanned(cps)
	t.Logf("stopped after %d items scanned, %d repaired, %v; checkpoints cover %d items, %d of %d segments done", first.Scanned, first.Repaired, time.Since(start), covered, done, len(cps))
	start = time.Now()
	if covered == 0 || covered >= total || done == len(cps) {
		t.Fatalf("the stopped run checkpointed %d items in %d segments", covered, len(cps))
	}
	for _, c := range cps {
		if !c.LeaseUntil.IsZero() {
			t.Errorf("segment %d still leased by the stopped run until %v", c.Segment, c.LeaseUntil)
		}
	}
	log := &scanLog{Client: s.db.Client}
	db := *s.db
	db.Client = log
	var last evolve.Progress
	second, err := job.Progress(func(p evolve.Progress) { last = p }).Repair(t.Context(), &db)
	onlyUndecodable(t, err, second)
	pages := 0
	for _, keys := range log.scans {
		pages += len(keys)
	}
	t.Logf("second run: %d items scanned, %d repaired, %d pages, %v", second.Scanned, second.Repaired, pages, time.Since(start))
	if second.Scanned != total-covered {
		t.Errorf("the second run read %d items, want the %d no checkpoint covered", second.Scanned, total-covered)
	}
	if second.SegmentsSkipped != int64(done) || done == 0 {
		t.Errorf("the second run skipped %d segments, want the %d done", second.SegmentsSkipped, done)
	}
	if first.Partial || !second.Partial {
		t.Errorf("partial: first run %v, second %v; want false, true (the second covers the part it resumed)", first.Partial, second.Partial)
	}
	if last.ScannedBefore != covered || !strings.Contains(last.String(), fmt.Sprintf("(%d before)", covered)) {
		t.Errorf("the second run's last progress counts %d items scanned before, want the %d the checkpoints cover: %s", last.ScannedBefore, covered, last)
	}
	resumed := 0
	for seg := range 8 {
		got := log.scans[seg]
		c, ok := checkpointOf(cps, seg)
		switch {
		case !ok && (len(got) == 0 || got[0] != nil):
			t.Errorf("segment %d, never claimed by the stopped run, not scanned from its start: %v", seg, got)
		case !ok:
		case c.Done && len(got) > 0:
			t.Errorf("segment %d, done, scanned again", seg)
		case !c.Done && len(got) == 0:
			t.Errorf("segment %d, not done, not scanned", seg)
		case !c.Done && text(got[0]["PK"])+text(got[0]["SK"]) != text(c.LastKey["PK"])+text(c.LastKey["SK"]):
			t.Errorf("segment %d resumed from %v, want its checkpoint's %v", seg, got[0], c.LastKey)
		case c.LastKey != nil:
			resumed++
		}
	}
	if second.SegmentsResumed != int64(resumed) || resumed == 0 {
		t.Errorf("resumed %d segments, %d had a last key", second.SegmentsResumed, resumed)
	}
	if last.SegmentsDone != 8 || last.Segments != 8 || !strings.Contains(last.String(), "(8/8 segments done)") {
		t.Errorf("last progress %+v: %s", last, last)
	}
	cps, err = job.Checkpoints(t.Context(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	if covered, done = sumScanned(cps); covered != total || done != 8 {
		t.Errorf("after the second run the checkpoints cover %d items, %d segments done; want %d, 8", covered, done, total)
	}
	s.verifiedClean(t)
	// A third run has nothing left to read, and says so.
	third, err := job.Repair(t.Context(), s.db)
	if !errors.Is(err, evolve.ErrJobDone) || third.Scanned != 0 || third.SegmentsSkipped != 8 {
		t.Errorf("third run: scanned %d, skipped %d segments, %v; want ErrJobDone", third.Scanned, third.SegmentsSkipped, err)
	}
	if n, err := job.ClearCheckpoints(t.Context(), s.db); n != 8 || err != nil {
		t.Errorf("cleared %d checkpoints, %v", n, err)
	}
	if cps, err := job.Checkpoints(t.Context(), s.db); len(cps) != 0 || err != nil {
		t.Errorf("after clearing: %d checkpoints, %v", len(cps), err)
	}
}

// Two runs of one checkpointed job at once: a segment the first holds is
// refused to the second with a typed error, the second takes the free
// one, and the first then skips it as done.
func TestTwoWorkersNeverHoldOneSegment(t *testing.T) {
	t.Parallel()
	s := seed(t, 300, 100)
	const total = 300 + 100 + 1
	job := s.tableJob().Segments(2).Workers(1).PageSize(40).Checkpoint("verify")
	var second evolve.Report
	var secondErr, clearErr error
	cleared := -1
	once := sync.Once{}
	first, err := job.Progress(func(evolve.Progress) {
		once.Do(func() {
			cleared, clearErr = job.ClearCheckpoints(t.Context(), s.db)
			second, secondErr = job.Verify(t.Context(), s.db)
		})
	}).Verify(t.Context(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	var ce *evolve.CheckpointError
	if !errors.As(secondErr, &ce) || !errors.Is(secondErr, evolve.ErrSegmentClaimed) || ce.Segment != 0 || ce.Owner == "" || ce.Job != "verify" {
		t.Fatalf("second run: %v, want segment 0 refused as claimed by the first", secondErr)
	}
	if cleared != 0 || !errors.Is(clearErr, evolve.ErrSegmentClaimed) {
		t.Errorf("clearing during the run deleted %d, %v; want 0 and the held segment refused", cleared, clearErr)
	}
	if first.SegmentsSkipped != 1 || first.Scanned+second.Scanned != total {
		t.Errorf("first scanned %d and skipped %d segments, second scanned %d; want 1 skipped and %d scanned in all", first.Scanned, first.SegmentsSkipped, second.Scanned, total)
	}
	// The same name with another number of segments is refused.
	_, err = job.Segments(4).Verify(t.Context(), s.db)
	if !errors.Is(err, evolve.ErrSegmentsChanged) || !errors.As(err, &ce) || ce.Segments != 2 {
		t.Errorf("another segmentation: %v", err)
	}
	// A repair does not take the segments a verify finished.
	r, err := job.Repair(t.Context(), s.db)
	if !errors.Is(err, evolve.ErrOtherMode) || !errors.As(err, &ce) || ce.Mode != "verify" || r.Scanned != 0 {
		t.Errorf("a repair on a verify's checkpoints: scanned %d, %v", r.Scanned, err)
	}
}

// Four workers, each Share(i, 4) of one checkpointed repair, in
// goroutines: every segment is scanned by exactly one.
func TestFourWorkersShareEverySegmentOnce(t *testing.T) {
	t.Parallel()
	s := seed(t, 600, 200)
	const total = 600 + 200 + 1
	job := s.tableJob().Segments(8).Workers(2).PageSize(100).Checkpoint("share")
	recs := make([]*entitytest.Recorder, 4)
	reports := make([]evolve.Report, 4)
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range 4 {
		recs[i] = entitytest.NewRecorder(s.db.Client)
		db := *s.db
		db.Client = recs[i]
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i], errs[i] = job.Share(i, 4).Repair(t.Context(), &db)
		}()
	}
	wg.Wait()
	var scanned int64
	by := map[int]int{}
	for i := range 4 {
		onlyUndecodable(t, errs[i], reports[i])
		scanned += reports[i].Scanned
		for seg := range scannedSegments(recs[i]) {
			if seg%4 != i {
				t.Errorf("worker %d scanned segment %d", i, seg)
			}
			by[seg]++
		}
	}
	for seg := range 8 {
		if by[seg] != 1 {
			t.Errorf("segment %d scanned by %d workers", seg, by[seg])
		}
	}
	if scanned != total {
		t.Errorf("the workers scanned %d items, want %d", scanned, total)
	}
	s.verifiedClean(t)
}

// The checkpoint items of a job are not the items of any entity: an
// entity job never reads them, and a table job neither reports them nor
// counts them.
func TestCheckpointItemsAreNoEntitysItems(t *testing.T) {
	t.Parallel()
	s := seed(t, 60, 20)
	job := s.tableJob().Segments(4).Checkpoint("keep")
	if _, err := job.Verify(t.Context(), s.db); err != nil {
		t.Fatal(err)
	}
	raw, err := s.db.Client.Scan(t.Context(), &dynamodb.ScanInput{TableName: s.db.Table("evolve")})
	if err != nil {
		t.Fatal(err)
	}
	var cps []map[string]types.AttributeValue
	for _, it := range raw.Items {
		if strings.HasPrefix(text(it["PK"]), "EVOLVE#CHECKPOINT#") {
			cps = append(cps, it)
		}
	}
	if len(cps) != 4 {
		t.Fatalf("%d checkpoint items in the table, want 4", len(cps))
	}
	for _, it := range cps {
		if _, err := s.v2.tickets.Decode(it); err == nil {
			t.Errorf("a checkpoint item decodes as a ticket: %v", it)
		}
		if s.v2.tickets.Is(it) || s.v2.comments.Is(it) {
			t.Errorf("an entity takes the checkpoint item %v", it)
		}
	}
	r, err := s.tableJob().Samples(1<<20).Verify(t.Context(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	if r.Scanned != 81 || r.Counts[evolve.UnknownEntity] != 0 {
		t.Errorf("a table verify scanned %d items (want 81), %d unknown", r.Scanned, r.Counts[evolve.UnknownEntity])
	}
	e, err := evolve.Entity(s.v2.tickets).Verify(t.Context(), s.db)
	if err != nil || e.Scanned != 61 {
		t.Errorf("an entity verify scanned %d items (want 61), %v", e.Scanned, err)
	}
}
