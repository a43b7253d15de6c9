// Package ddbnum reads the text of DynamoDB numbers once, for every use
// the module has of it: the canonical text that number composites of keys
// render (package keys), the check that an attribute value is a number
// DynamoDB stores (package entity), and the bytes DynamoDB counts for one
// (package expr).
package ddbnum

import (
	"fmt"
	"strings"
)

// Number is a parsed decimal number: its value is ±D × 10^Exp, where D is
// the significant digits (no leading or trailing zeros) that the integer
// part (hi) and the fraction (lo) hold; zero has none. Parsing does not
// allocate: the digits stay in the text they were read from.
type Number struct {
	Neg    bool
	hi, lo string
	Exp    int
}

// Digits returns the significant digits; "" for zero.
func (n Number) Digits() string { return n.hi + n.lo }

// NumDigits returns the number of significant digits.
func (n Number) NumDigits() int { return len(n.hi) + len(n.lo) }

// Parse reads s: an optional sign, digits with an optional fraction, and
// an optional exponent. It returns a reason instead when s is not of that
// form. It does not check DynamoDB's limits (see Check).
func Parse(s string) (Number, string) {
	var n Number
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		n.Neg = s[i] == '-'
		i++
	}
	start := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intPart := s[start:i]
	frac := ""
	if i < len(s) && s[i] == '.' {
		i++
		start = i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		frac = s[start:i]
	}
	if intPart == "" && frac == "" {
		return Number{}, "no digits"
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		start = i
		for i < len(s) && isDigit(s[i]) {
			if exp < 1e6 {
				exp = exp*10 + int(s[i]-'0')
			}
			i++
		}
		if start == i {
			return Number{}, "exponent without digits"
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(s) {
		return Number{}, "unexpected character " + s[i:i+1]
	}
	if ip := strings.TrimLeft(intPart, "0"); ip != "" {
		if fr := strings.TrimRight(frac, "0"); fr != "" {
			n.hi, n.lo, n.Exp = ip, fr, exp-len(fr)
		} else {
			t := strings.TrimRight(ip, "0")
			n.hi, n.Exp = t, exp+len(ip)-len(t)
		}
		return n, ""
	}
	f := strings.TrimLeft(frac, "0")
	t := strings.TrimRight(f, "0")
	if t == "" {
		return Number{}, ""
	}
	n.lo, n.Exp = t, exp-(len(frac)-(len(f)-len(t)))
	return n, ""
}

// IsZero reports whether n is zero.
func (n Number) IsZero() bool { return n.NumDigits() == 0 }

// Limits returns why n is not a number DynamoDB stores (more than 38
// significant digits, or a magnitude other than 0 or between 1e-130 and
// below 1e126), or "".
func (n Number) Limits() string {
	if n.IsZero() {
		return ""
	}
	if n.NumDigits() > 38 {
		return "more than 38 significant digits"
	}
	mag := n.Exp + n.NumDigits() // the value is in [10^(mag-1), 10^mag)
	if mag-1 < -130 {
		return "magnitude below 1e-130"
	}
	if mag > 126 {
		return "magnitude not below 1e126"
	}
	return ""
}

// Canonical returns the canonical text of a DynamoDB number: an optional
// minus sign and plain decimal digits, without leading zeros, trailing
// fraction zeros or an exponent. It returns a reason instead if s is not a
// DynamoDB number (see Parse and Number.Limits).
func Canonical(s string) (string, string) {
	n, why := Parse(s)
	if why == "" {
		why = n.Limits()
	}
	if why != "" {
		return "", why
	}
	if n.IsZero() {
		return "0", ""
	}
	d, k := n.Digits(), n.Exp
	mag := k + len(d)
	var b strings.Builder
	if n.Neg {
		b.WriteByte('-')
	}
	switch {
	case k >= 0:
		b.WriteString(d)
		b.WriteString(strings.Repeat("0", k))
	case mag > 0:
		b.WriteString(d[:mag])
		b.WriteByte('.')
		b.WriteString(d[mag:])
	default:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -mag))
		b.WriteString(d)
	}
	if c := b.String(); c != s {
		return c, ""
	}
	return s, ""
}

// Check returns an error when s is not a number DynamoDB stores.
func Check(s string) error {
	n, why := Parse(s)
	switch {
	case why != "" && strings.ContainsAny(s, "eE"):
		return fmt.Errorf("number %q has a bad exponent", s)
	case why != "":
		return fmt.Errorf("number %q is not a decimal number", s)
	case n.NumDigits() > 38:
		return fmt.Errorf("number %q: DynamoDB numbers have at most 38 significant digits", s)
	case n.Limits() != "":
		return fmt.Errorf("number %q: DynamoDB numbers range from 1e-130 to below 1e126 in magnitude", s)
	}
	return nil
}

// Size returns the bytes DynamoDB counts for a number, as measured against
// DynamoDB Local: one byte, plus one per base-100 digit from the first to
// the last significant pair (pairs aligned on the decimal point), plus one
// for a negative number. Zero takes one byte. Text that is no number is
// estimated from its length.
func Size(s string) int {
	n, why := Parse(s)
	if why != "" {
		// The digits before the first character that cannot continue a
		// number, past a sign and one decimal point.
		digits, point := 0, false
		i := 0
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		for ; i < len(s); i++ {
			if isDigit(s[i]) {
				digits++
			} else if s[i] == '.' && !point {
				point = true
			} else {
				break
			}
		}
		return (digits+1)/2 + 1
	}
	if n.IsZero() {
		return 1
	}
	hi := n.Exp + n.NumDigits() - 1 // the decimal exponent of the first significant digit
	lo := n.Exp                     // and of the last
	size := 1 + floorHalf(hi) - floorHalf(lo) + 1
	if n.Neg {
		size++
	}
	return size
}

func floorHalf(n int) int {
	if n < 0 {
		return -((-n + 1) / 2)
	}
	return n / 2
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
