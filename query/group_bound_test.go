package query

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// For random keys under a group prefix, the BETWEEN groupRange gives
// selects exactly the keys the single bound selects: nothing of the
// group is lost and nothing outside it is read.
func TestGroupRangeSelectsTheSameKeysInTheGroup(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune{0, 'A', 'B', '#', 'z', 0x7f, 0x80, 0x7ff, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, utf8.MaxRune}
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	ops := []sortOp{sortGt, sortGe, sortLt, sortLe}
	checked := 0
	for range 3000 {
		group := "G" + word(rng.IntN(3))
		p := group + word(1+rng.IntN(3))
		complete := rng.IntN(2) == 0
		op := ops[rng.IntN(len(ops))]
		lo, hi, ok := groupRange(op, p, complete, group)
		if !ok {
			continue
		}
		single := p
		if !complete && (op == sortGt || op == sortLe) {
			single = lastUnder(p)
		}
		one := keyRange{op: op, lo: single}
		two := keyRange{op: sortBetween, lo: lo, hi: hi}
		for range 40 {
			var key string
			switch rng.IntN(3) {
			case 0:
				key = p + word(rng.IntN(3))
			case 1:
				key = group + word(rng.IntN(5))
			default:
				key = word(1 + rng.IntN(4)) // mostly outside the group
			}
			k := &types.AttributeValueMemberS{Value: key}
			inGroup := strings.HasPrefix(key, group)
			want := inGroup && one.holds(k)
			if got := two.holds(k); got != want {
				t.Fatalf("%s over %q (complete %v) in group %q: key %q: BETWEEN %q AND %q gives %v, the single bound among the group's keys %v",
					op, p, complete, group, key, lo, hi, got, want)
			}
			checked++
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d keys checked", checked)
	}
}

func TestAfterAndBefore(t *testing.T) {
	for _, c := range []struct{ p, after string }{
		{"A", "B"}, {"A\U0010FFFF", "B"}, {"\U0010FFFF", ""}, {"A\uD7FF", "A\uE000"}, {"#", "$"},
	} {
		got, ok := after(c.p)
		if got != c.after || ok != (c.after != "") {
			t.Errorf("after(%q) = %q, %v; want %q", c.p, got, ok, c.after)
		}
	}
	if got, _ := before("A\x00"); got != "A" {
		t.Errorf("before(A\\x00) = %q", got)
	}
	if got, _ := before("B"); !strings.HasPrefix(got, "A\U0010FFFF") || len(got) != 1024 {
		t.Errorf("before(B) = %q... (%d bytes)", got[:min(8, len(got))], len(got))
	}
	if got, _ := before("A\uE000"); !strings.HasPrefix(got, "A\uD7FF") {
		t.Errorf("before(A\\uE000) = %q...", got[:8])
	}
}
