package keys_test

import (
	"bytes"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/keys"
)

func TestULIDSpecVector(t *testing.T) {
	t.Parallel()
	// The example of the ULID specification.
	got, err := keys.ULIDTime("01ARYZ6S41TSV4RRFFQ69G5FAV")
	if err != nil {
		t.Fatal(err)
	}
	if want := time.UnixMilli(1469918176385).UTC(); !got.Equal(want) {
		t.Errorf("ULIDTime = %v, want %v", got, want)
	}
	id, err := keys.ULIDAt(time.UnixMilli(1469918176385), bytes.NewReader(make([]byte, 10)))
	if err != nil || id != "01ARYZ6S410000000000000000" {
		t.Errorf("ULIDAt = %s, %v; want 01ARYZ6S410000000000000000", id, err)
	}
	id, _ = keys.ULIDAt(time.UnixMilli(0), bytes.NewReader(bytes.Repeat([]byte{0xff}, 10)))
	if id != "0000000000ZZZZZZZZZZZZZZZZ" {
		t.Errorf("all ones = %s", id)
	}
}

func TestULIDTimeRefusesWhatIsNotAULID(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"", "01ARZ3NDEK", "01ARYZ6S41TSV4RRFFQ69G5FA", "01ARYZ6S41TSV4RRFFQ69G5FAU", "01aryz6s41tsv4rrffq69g5fav", "81ARYZ6S41TSV4RRFFQ69G5FAV"} {
		if _, err := keys.ULIDTime(id); !errors.Is(err, keys.ErrULID) {
			t.Errorf("ULIDTime(%q) err = %v, want ErrULID", id, err)
		}
	}
	for _, at := range []time.Time{time.UnixMilli(-1), time.UnixMilli(1 << 48)} {
		if _, err := keys.ULIDAt(at, nil); !errors.Is(err, keys.ErrULID) {
			t.Errorf("ULIDAt(%v) err = %v, want ErrULID", at, err)
		}
		var g keys.ULIDs
		if _, err := g.At(at); !errors.Is(err, keys.ErrULID) {
			t.Errorf("At(%v) err = %v, want ErrULID", at, err)
		}
	}
}

type failingReader struct{}

var errEntropy = errors.New("no entropy")

func (failingReader) Read([]byte) (int, error) { return 0, errEntropy }

func TestULIDEntropyErrorIsReturned(t *testing.T) {
	t.Parallel()
	g := keys.ULIDs{Entropy: failingReader{}}
	if _, err := g.New(); !errors.Is(err, errEntropy) {
		t.Errorf("err = %v, want the reader's error", err)
	}
}

func TestULIDsOrderAcrossAndWithinMilliseconds(t *testing.T) {
	t.Parallel()
	var g keys.ULIDs
	base := time.UnixMilli(1_700_000_000_000)
	// Three in one millisecond, one a millisecond later, one when the clock
	// steps back, then one further on.
	times := []time.Time{base, base.Add(300 * time.Microsecond), base, base.Add(time.Millisecond), base, base.Add(time.Hour)}
	ids := make([]string, len(times))
	for i, at := range times {
		id, err := g.At(at)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	if !slices.IsSorted(ids) || len(slices.Compact(slices.Clone(ids))) != len(ids) {
		t.Fatalf("ids not strictly increasing: %v", ids)
	}
	wantTimes := []time.Time{base, base, base, base.Add(time.Millisecond), base.Add(time.Millisecond), base.Add(time.Hour)}
	for i, id := range ids {
		got, err := keys.ULIDTime(id)
		if err != nil || !got.Equal(wantTimes[i]) {
			t.Errorf("ULIDTime(ids[%d]) = %v, %v; want %v", i, got, err, wantTimes[i])
		}
	}
}

func TestULIDsOverflowMovesToTheNextMillisecond(t *testing.T) {
	t.Parallel()
	g := keys.ULIDs{Entropy: bytes.NewReader(append(bytes.Repeat([]byte{0xff}, 10), make([]byte, 10)...))}
	at := time.UnixMilli(1000)
	a, err := g.At(at)
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.At(at)
	if err != nil {
		t.Fatal(err)
	}
	if a >= b {
		t.Fatalf("%s then %s: not increasing", a, b)
	}
	if tb, _ := keys.ULIDTime(b); !tb.Equal(at.Add(time.Millisecond)) {
		t.Errorf("after overflow the time is %v, want %v", tb, at.Add(time.Millisecond))
	}
}

func TestNewULIDConcurrentUniqueAndOrdered(t *testing.T) {
	t.Parallel()
	const workers, each = 8, 5000
	var wg sync.WaitGroup
	out := make([][]string, workers)
	for w := range workers {
		wg.Go(func() {
			ids := make([]string, each)
			for i := range ids {
				ids[i] = keys.NewULID()
			}
			out[w] = ids
		})
	}
	wg.Wait()
	seen := make(map[string]bool, workers*each)
	for _, ids := range out {
		// Each goroutine sees its IDs strictly increasing.
		for i := 1; i < len(ids); i++ {
			if ids[i] <= ids[i-1] {
				t.Fatalf("%s after %s in one goroutine", ids[i], ids[i-1])
			}
		}
		for _, id := range ids {
			if len(id) != keys.ULIDLen || seen[id] {
				t.Fatalf("id %q repeated or of the wrong length", id)
			}
			seen[id] = true
			if _, err := keys.ULIDTime(id); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestNewULIDIsTheCurrentTime(t *testing.T) {
	t.Parallel()
	before := time.Now().Add(-time.Millisecond)
	at, err := keys.ULIDTime(keys.NewULID())
	if err != nil || at.Before(before) || at.After(time.Now().Add(time.Second)) {
		t.Errorf("ULID time %v, %v; want about %v", at, err, before)
	}
}
