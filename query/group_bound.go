package query

import (
	"unicode/utf8"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Range conditions stay inside the entity's sort keys.
//
// A sort template with a leading literal (ORDER#${placed:time}) renders
// every key of the entity under that literal, next to other entities'
// keys in the same partition (PAYMENT#..., REFUND#...). A plain
// `SK >= "ORDER#2026-05"` reads every later key of the partition, other
// entities' items included, which a query then drops: read capacity spent
// on them, and pages that come back empty with a cursor. So Gt, Ge, Lt and
// Le on a string sort key whose template begins with a literal compile to
// a BETWEEN that ends at the last key under the literal (or starts at the
// literal), selecting exactly the keys the single bound selects among the
// entity's own. Within the entity, the order stays the keys' order: a
// bound on a later composite, under Where values of earlier ones, still
// reaches into the groups beside them, as the single bound did.

// groupRange returns the BETWEEN bounds, within the keys under group (the
// template's leading literal), of
// op over the rendered key p (complete: p is a whole key; otherwise the
// prefix of the keys the partial values give). ok is false when no such
// range exists or it would be empty: the single bound is then kept.
func groupRange(op sortOp, p string, complete bool, group string) (lo, hi string, ok bool) {
	switch op {
	case sortGe:
		lo, hi = p, lastUnder(group)
	case sortGt:
		if complete {
			lo = p + "\x00" // the least key above p
			if len(lo) > expr.MaxSortKeyBytes {
				return "", "", false
			}
		} else if lo, ok = after(p); !ok {
			return "", "", false
		}
		hi = lastUnder(group)
	case sortLe:
		lo, hi = group, p
		if !complete {
			hi = lastUnder(p)
		}
	case sortLt:
		if hi, ok = before(p); !ok {
			return "", "", false
		}
		lo = group
	default:
		return "", "", false
	}
	if lo > hi {
		return "", "", false
	}
	return lo, hi, true
}

// after returns the least string above every string beginning with p:
// p with its last character raised by one (a character that cannot be
// raised is dropped and the one before it raised). DynamoDB compares
// string keys bytewise, and UTF-8 orders as the characters do.
func after(p string) (string, bool) {
	for p != "" {
		r, n := utf8.DecodeLastRuneInString(p)
		p = p[:len(p)-n]
		if r == utf8.MaxRune || r == utf8.RuneError && n <= 1 {
			continue
		}
		r++
		if r == 0xD800 { // surrogates are no characters
			r = 0xE000
		}
		return p + string(r), true
	}
	return "", false
}

// before returns the greatest key below p: p without its last character
// when that is U+0000, else p with its last character lowered by one and
// then as many of the largest character as a sort key holds (lastUnder).
func before(p string) (string, bool) {
	r, n := utf8.DecodeLastRuneInString(p)
	if n == 0 || r == utf8.RuneError && n <= 1 {
		return "", false
	}
	rest := p[:len(p)-n]
	if r == 0 {
		return rest, true
	}
	r--
	if r == 0xDFFF {
		r = 0xD7FF
	}
	return lastUnder(rest + string(r)), true
}
