package cms

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"time"
)

// crockford is the base-32 alphabet of ULIDs (Crockford's, without I, L, O and U).
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ErrBadULID reports text that is not a ULID.
var ErrBadULID = errors.New("cms: not a ULID")

// NewULID returns a ULID: 26 characters of Crockford base 32 whose first ten
// encode t in Unix milliseconds and whose last sixteen encode 80 bits read
// from entropy (crypto/rand when entropy is nil). Because the time comes
// first and every ULID has the same width, string order is creation order
// (to the millisecond); this is what makes AP5 and AP6 newest first.
func NewULID(t time.Time, entropy io.Reader) (string, error) {
	ms := t.UnixMilli()
	if ms < 0 || ms >= 1<<48 {
		return "", fmt.Errorf("%w: time %v out of range", ErrBadULID, t)
	}
	if entropy == nil {
		entropy = rand.Reader
	}
	var rnd [10]byte
	if _, err := io.ReadFull(entropy, rnd[:]); err != nil {
		return "", fmt.Errorf("cms: ULID entropy: %w", err)
	}
	var out [26]byte
	for i := 9; i >= 0; i-- {
		out[i] = crockford[ms&31]
		ms >>= 5
	}
	// 80 bits, 5 at a time, most significant first.
	for j := 0; j < 16; j++ {
		v := 0
		for b := 0; b < 5; b++ {
			bit := j*5 + b
			v = v<<1 | int(rnd[bit/8]>>(7-bit%8)&1)
		}
		out[10+j] = crockford[v]
	}
	return string(out[:]), nil
}

// ULIDTime returns the creation time (millisecond precision, UTC) encoded in a ULID.
func ULIDTime(id string) (time.Time, error) {
	if len(id) != 26 {
		return time.Time{}, fmt.Errorf("%w: %q has %d characters, want 26", ErrBadULID, id, len(id))
	}
	var ms int64
	for i := 0; i < 26; i++ {
		d := indexCrockford(id[i])
		if d < 0 || i == 0 && d > 7 {
			return time.Time{}, fmt.Errorf("%w: %q", ErrBadULID, id)
		}
		if i < 10 {
			ms = ms<<5 | int64(d)
		}
	}
	return time.UnixMilli(ms).UTC(), nil
}

func indexCrockford(c byte) int {
	for i := 0; i < len(crockford); i++ {
		if crockford[i] == c {
			return i
		}
	}
	return -1
}
