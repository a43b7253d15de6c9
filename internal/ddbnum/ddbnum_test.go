package ddbnum

import (
	"math/big"
	"testing"
)

func TestParse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in     string
		neg    bool
		digits string
		exp    int
		why    bool
	}{
		{in: "0", digits: ""},
		{in: "-0.000", neg: true, digits: ""},
		{in: "120", digits: "12", exp: 1},
		{in: "12.50", digits: "125", exp: -1},
		{in: "0.0500", digits: "5", exp: -2},
		{in: "+7e3", digits: "7", exp: 3},
		{in: "1.5E-2", digits: "15", exp: -3},
		{in: "100.5e2", digits: "1005", exp: 1},
		{in: ".5", digits: "5", exp: -1},
		{in: "5.", digits: "5", exp: 0},
		{in: "", why: true},
		{in: "-", why: true},
		{in: "1e", why: true},
		{in: "1x", why: true},
		{in: "1..2", why: true},
	} {
		t.Run(c.in, func(t *testing.T) {
			n, why := Parse(c.in)
			if (why != "") != c.why {
				t.Fatalf("Parse(%q) reason %q, want a reason: %v", c.in, why, c.why)
			}
			if c.why {
				return
			}
			if n.Digits() != c.digits || (c.digits != "" && (n.Exp != c.exp || n.Neg != c.neg)) {
				t.Errorf("Parse(%q) = %+v (digits %q), want digits %q exp %d neg %v", c.in, n, n.Digits(), c.digits, c.exp, c.neg)
			}
		})
	}
}

// The parsed value is the value big.Rat reads, for every form.
func FuzzParseIsTheValue(f *testing.F) {
	for _, s := range []string{"0", "12.50", "-0.0500", "7e3", "1.5E-2", "100.5e2", ".5", "5.", "00012000.000120e-7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, why := Parse(s)
		if why != "" || len(s) > 60 || abs(n.Exp) > 1000 {
			return
		}
		want, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("Parse(%q) accepted what big.Rat refuses", s)
		}
		got := new(big.Rat)
		if !n.IsZero() {
			d, _ := new(big.Int).SetString(n.Digits(), 10)
			got.SetInt(d)
			p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(n.Exp))), nil)
			if n.Exp >= 0 {
				got.Mul(got, new(big.Rat).SetInt(p))
			} else {
				got.Quo(got, new(big.Rat).SetInt(p))
			}
			if n.Neg {
				got.Neg(got)
			}
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("Parse(%q) = %s, want %s", s, got.RatString(), want.RatString())
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func TestParseDoesNotAllocate(t *testing.T) {
	if a := testing.AllocsPerRun(100, func() { _ = Check("-12345.678e-3") }); a != 0 {
		t.Errorf("Check allocates %v times", a)
	}
}
