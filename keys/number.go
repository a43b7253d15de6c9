package keys

import "github.com/ddbmodel/ddbmodel/internal/ddbnum"

// canonicalNumber returns the canonical text of a DynamoDB number: an
// optional minus sign and plain decimal digits, without leading zeros,
// trailing fraction zeros or an exponent. It returns a reason instead if s is
// not a DynamoDB number: an optional sign, digits with an optional fraction,
// an optional exponent, at most 38 significant digits, and a magnitude of 0 or
// between 1e-130 and 1e126.
func canonicalNumber(s string) (string, string) { return ddbnum.Canonical(s) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
