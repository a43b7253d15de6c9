package keys

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// crockford is the base-32 alphabet of ULIDs: Crockford's, without I, L, O
// and U. Its characters are in ascending byte order, so string order of
// same-width ULIDs is numeric order.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ErrULID reports text that is not a ULID, or a time a ULID cannot hold
// (before 1970 or after the year 10889).
var ErrULID = errors.New("keys: not a ULID")

// ULIDLen is the length of a ULID.
const ULIDLen = 26

// ULIDs generates ULIDs (https://github.com/ulid/spec): 26 characters of
// Crockford base 32 whose first ten encode the time in Unix milliseconds and
// whose last sixteen encode 80 random bits. Every ULID has the same width
// and the time comes first, so string order is time order.
//
// A generator is monotonic: a ULID made in the same millisecond as the
// previous one (or at an earlier time, when the clock steps back) keeps the
// previous time and adds one to its random bits, so that every ULID a
// generator returns sorts after the one before it. The zero value is ready
// to use, draws its random bits from crypto/rand and is safe for concurrent
// use.
type ULIDs struct {
	// Entropy is where random bits come from; nil means crypto/rand.
	Entropy io.Reader

	mu   sync.Mutex
	ms   int64
	rnd  [10]byte
	used bool
}

// New returns a ULID of the current time.
func (g *ULIDs) New() (string, error) { return g.At(time.Now()) }

// At returns a ULID of time t (to the millisecond), after every ULID g has
// returned before. A time before 1970 or after the year 10889 is ErrULID; a
// failing Entropy reader is an error wrapping its error.
func (g *ULIDs) At(t time.Time) (string, error) {
	ms := t.UnixMilli()
	if ms < 0 || ms >= 1<<48 {
		return "", fmt.Errorf("%w: time %v out of range", ErrULID, t)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.used && ms <= g.ms {
		ms = g.ms
		if increment(&g.rnd) {
			return encodeULID(ms, g.rnd), nil
		}
		// The random bits overflowed: move on to the next millisecond.
		if ms++; ms >= 1<<48 {
			return "", fmt.Errorf("%w: time %v out of range", ErrULID, t)
		}
	}
	var rnd [10]byte
	if err := readEntropy(g.Entropy, rnd[:]); err != nil {
		return "", err
	}
	g.ms, g.rnd, g.used = ms, rnd, true
	return encodeULID(ms, rnd), nil
}

// increment adds one to the 80-bit big-endian number b; false when it
// overflows (and b is then all zeros).
func increment(b *[10]byte) bool {
	for i := len(b) - 1; i >= 0; i-- {
		b[i]++
		if b[i] != 0 {
			return true
		}
	}
	return false
}

func readEntropy(r io.Reader, b []byte) error {
	if r == nil {
		r = rand.Reader
	}
	if _, err := io.ReadFull(r, b); err != nil {
		return fmt.Errorf("keys: ULID entropy: %w", err)
	}
	return nil
}

// defaultULIDs is the generator of NewULID.
var defaultULIDs ULIDs

// NewULID returns a ULID of the current time from a process-wide monotonic
// generator using crypto/rand: IDs made by one process are strictly
// increasing, also within one millisecond and across goroutines.
func NewULID() string {
	id, err := defaultULIDs.New()
	if err != nil {
		// crypto/rand does not fail (it crashes the program instead), and
		// the current time is within range until the year 10889.
		panic(err)
	}
	return id
}

// ULIDAt returns one ULID of t whose random bits are read from entropy
// (crypto/rand when nil), without the monotonic guarantee of a generator:
// what to use to derive an ID from a stored time (a fixed entropy gives a
// repeatable ID).
func ULIDAt(t time.Time, entropy io.Reader) (string, error) {
	ms := t.UnixMilli()
	if ms < 0 || ms >= 1<<48 {
		return "", fmt.Errorf("%w: time %v out of range", ErrULID, t)
	}
	var rnd [10]byte
	if err := readEntropy(entropy, rnd[:]); err != nil {
		return "", err
	}
	return encodeULID(ms, rnd), nil
}

func encodeULID(ms int64, rnd [10]byte) string {
	var out [ULIDLen]byte
	for i := 9; i >= 0; i-- {
		out[i] = crockford[ms&31]
		ms >>= 5
	}
	// 80 bits, 5 at a time, most significant first.
	for j := range 16 {
		v := 0
		for b := range 5 {
			bit := j*5 + b
			v = v<<1 | int(rnd[bit/8]>>(7-bit%8)&1)
		}
		out[10+j] = crockford[v]
	}
	return string(out[:])
}

// ULIDTime returns the time (millisecond precision, UTC) a ULID encodes.
// Text that is not 26 upper-case Crockford base-32 characters, or whose
// first character is above 7 (a time past 48 bits), is ErrULID.
func ULIDTime(id string) (time.Time, error) {
	if len(id) != ULIDLen {
		return time.Time{}, fmt.Errorf("%w: %q has %d characters, want %d", ErrULID, id, len(id), ULIDLen)
	}
	var ms int64
	for i := range ULIDLen {
		d := indexCrockford(id[i])
		if d < 0 || i == 0 && d > 7 {
			return time.Time{}, fmt.Errorf("%w: %q", ErrULID, id)
		}
		if i < 10 {
			ms = ms<<5 | int64(d)
		}
	}
	return time.UnixMilli(ms).UTC(), nil
}

func indexCrockford(c byte) int {
	for i := range len(crockford) {
		if crockford[i] == c {
			return i
		}
	}
	return -1
}
