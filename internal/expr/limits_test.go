package expr

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
)

// CheckLimits refuses an expression over DynamoDB's size or operator
// limit, naming the entity and what the expression is, and passes one
// within both.
func TestCheckLimits(t *testing.T) {
	cond := func(n int) string { // n comparisons joined by AND: 2n-1 operators
		parts := make([]string, n)
		for i := range parts {
			parts[i] = "#a = :v"
		}
		return strings.Join(parts, " AND ")
	}
	var le *ddbmodel.LimitError
	if err := CheckLimits("Book", "x", cond(150), "SET #a = :v"); err != nil {
		t.Errorf("299 operators: %v, want nil", err)
	}
	if err := CheckLimits("Book", "the condition", "SET #a = :v", cond(151)); !errors.As(err, &le) || le.Limit != MaxOperators || le.Got != 301 || le.Entity != "Book" || !strings.Contains(le.What, "(of the condition)") {
		t.Errorf("301 operators: %v (%+v), want a LimitError of 301 over %d", err, le, MaxOperators)
	}
	long := "#a = :" + strings.Repeat("v", MaxExpressionBytes)
	if err := CheckLimits("Book", "", long); !errors.As(err, &le) || le.Limit != MaxExpressionBytes || le.Got != len(long) {
		t.Errorf("%d bytes: %v, want a LimitError over %d bytes", len(long), err, MaxExpressionBytes)
	}
	if got := countOperators("attribute_not_exists(#a) OR (#b <> :v AND size(#c) BETWEEN :x AND :y)"); got != 7 {
		t.Errorf("countOperators = %d, want 7 (2 functions, OR, <>, AND, BETWEEN and its AND)", got)
	}
}

// Expand replaces each placeholder, whole, and keeps the rest of the text.
func TestExpandReplacesEachPlaceholder(t *testing.T) {
	got := Expand("#a = :v0 AND size(#n1) > :v12 OR #b.#c[3] IN (:v1, :now)", func(p string) string { return "<" + p + ">" })
	want := "<#a> = <:v0> AND size(<#n1>) > <:v12> OR <#b>.<#c>[3] IN (<:v1>, <:now>)"
	if got != want {
		t.Errorf("Expand = %q, want %q", got, want)
	}
}
