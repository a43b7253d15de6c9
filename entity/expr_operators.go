package entity

import (
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// maxExpressionOperators is DynamoDB's limit on the operators and functions
// of one expression (DynamoDB Local answers a condition of more with
// ValidationException "The expression contains too many operators;
// operator count: 301"). The condition that an unmarked item is unchanged
// since the read (unmarked_unchanged.go) holds a comparison per attribute
// of the item: an item of about 140 attributes reaches it well before the
// 4 KB size limit.
const maxExpressionOperators = 300

// checkOperators refuses, before sending, an expression (what: "condition")
// of more operators and functions than DynamoDB takes. An operator takes
// at least three bytes of an expression with placeholders, so only a long
// expression is counted: the common write pays one length comparison.
func (e *Entity[T]) checkOperators(what, s string) error {
	if len(s) <= 3*maxExpressionOperators {
		return nil
	}
	if n := countOperators(s); n > maxExpressionOperators {
		return &ddbmodel.LimitError{Entity: e.name, What: "operators and functions in the " + what + " expression (the condition of a write to an unmarked item compares each of its attributes)",
			Limit: maxExpressionOperators, Got: n}
	}
	return nil
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
