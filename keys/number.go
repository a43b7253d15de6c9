package keys

import "strings"

// canonicalNumber returns the canonical text of a DynamoDB number: an
// optional minus sign and plain decimal digits, without leading zeros,
// trailing fraction zeros or an exponent. It returns a reason instead if s is
// not a DynamoDB number: an optional sign, digits with an optional fraction,
// an optional exponent, at most 38 significant digits, and a magnitude of 0 or
// between 1e-130 and 1e126.
func canonicalNumber(s string) (string, string) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
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
		return "", "no digits"
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
			return "", "exponent without digits"
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(s) {
		return "", "unexpected character " + s[i:i+1]
	}
	all := intPart + frac
	d := strings.TrimLeft(all, "0")
	lead := len(all) - len(d)
	d = strings.TrimRight(d, "0")
	trail := len(all) - lead - len(d)
	if d == "" {
		return "0", ""
	}
	if len(d) > 38 {
		return "", "more than 38 significant digits"
	}
	k := exp - len(frac) + trail // the value is d × 10^k
	mag := k + len(d)            // the value is in [10^(mag-1), 10^mag)
	if mag-1 < -130 {
		return "", "magnitude below 1e-130"
	}
	if mag > 126 {
		return "", "magnitude not below 1e126"
	}
	var b strings.Builder
	if neg {
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
	c := b.String()
	if c == s {
		return s, ""
	}
	return c, ""
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
