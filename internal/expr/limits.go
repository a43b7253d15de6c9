package expr

import (
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// MaxOperators is DynamoDB's limit on the operators and functions of one
// expression (DynamoDB Local answers more with ValidationException "The
// expression contains too many operators; operator count: 301"). A
// condition that an item is unchanged since a read compares each of its
// attributes, so an item of about 140 attributes reaches it well before
// MaxExpressionBytes.
const MaxOperators = 300

// CheckLimits returns a *ddbmodel.LimitError of entity when one of exprs
// exceeds DynamoDB's limits on one expression, MaxExpressionBytes or
// MaxOperators, before it is sent; of says what the expressions are ("the
// condition that the moved item is unchanged"), "" for a plain write's.
// Operators are counted only in an expression long enough to hold more
// (each takes at least three bytes), so a common write pays a length
// comparison per expression.
func CheckLimits(entity, of string, exprs ...string) error {
	if of != "" {
		of = " (of " + of + ")"
	}
	for _, s := range exprs {
		if n := len(s); n > MaxExpressionBytes {
			return &ddbmodel.LimitError{Entity: entity, What: "expression size in bytes" + of, Limit: MaxExpressionBytes, Got: n}
		}
	}
	for _, s := range exprs {
		if len(s) <= 3*MaxOperators {
			continue
		}
		if n := countOperators(s); n > MaxOperators {
			return &ddbmodel.LimitError{Entity: entity, What: "operators and functions in one expression" + of, Limit: MaxOperators, Got: n}
		}
	}
	return nil
}

// Expand returns expression s with each placeholder (#name or :value)
// replaced by what f returns for it.
func Expand(s string, f func(placeholder string) string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if c := s[i]; c != '#' && c != ':' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		b.WriteString(f(s[i:j]))
		i = j
	}
	return b.String()
}

// countOperators counts the comparators, logical operators (AND, OR, NOT,
// BETWEEN, IN) and function calls of an expression whose names and values
// are placeholders. It may count one more per BETWEEN than DynamoDB does
// (its AND), which errs on the side of refusing.
func countOperators(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '#' || c == ':':
			i++
			for i < len(s) && isWordByte(s[i]) {
				i++
			}
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			switch word := strings.ToUpper(s[i:j]); word {
			case "AND", "OR", "NOT", "BETWEEN", "IN":
				n++
			default:
				if strings.HasPrefix(strings.TrimLeft(s[j:], " "), "(") {
					n++ // a function: attribute_exists(...), size(...)
				}
			}
			i = j
		case c == '=':
			n++
			i++
		case c == '<' || c == '>':
			n++
			i++
			if i < len(s) && (s[i] == '=' || c == '<' && s[i] == '>') {
				i++
			}
		default:
			i++
		}
	}
	return n
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
