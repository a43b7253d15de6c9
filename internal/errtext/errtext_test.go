package errtext

import (
	"errors"
	"fmt"
	"testing"
)

var errSentinel = errors.New("ddbmodel: item not found")

type typed struct{ what string }

func (t *typed) Error() string { return "entity: " + t.what }

func TestErrorfShowsOnePrefixAndKeepsTheChain(t *testing.T) {
	inner := &typed{"bad"}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"one wrapped sentinel", Errorf("get User %s: %w", "u1", errSentinel), "ddbmodel: get User u1: item not found"},
		{"two wrapped", Errorf("put %s: %w: %w", "User", errSentinel, inner), "ddbmodel: put User: item not found: bad"},
		{"nested", Errorf("outer: %w", Errorf("inner: %w", errSentinel)), "ddbmodel: outer: inner: item not found"},
		{"no wrap", Errorf("table %q has no index %q", "t", "gsi1"), `ddbmodel: table "t" has no index "gsi1"`},
		{"%v of an error", Errorf("x: %v", errSentinel), "ddbmodel: x: item not found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("text %q, want %q", got, tc.want)
			}
		})
	}
	if err := Errorf("a: %w: %w", errSentinel, inner); !errors.Is(err, errSentinel) {
		t.Error("errors.Is lost the sentinel")
	} else if var2 := (*typed)(nil); !errors.As(err, &var2) || var2 != inner {
		t.Error("errors.As lost the typed error")
	}
	if err := Errorf("a: %v", errSentinel); errors.Is(err, errSentinel) {
		t.Error("a percent-v operand went into the chain")
	}
	if err := Errorf("outer: %w", fmt.Errorf("mid: %w", errSentinel)); !errors.Is(err, errSentinel) {
		t.Error("errors.Is lost the sentinel under fmt.Errorf")
	}
}

// TestCheckOnePrefix: a package prefix past the start is found where it
// starts a word, and not inside a name such as the attribute __entity.
func TestCheckOnePrefix(t *testing.T) {
	for text, bad := range map[string]bool{
		"ddbmodel: get User: item not found":                             false,
		"ddbmodel: get User: ddbmodel: item not found":                   true,
		"ddbmodel: invalid Mx attribute __entity: With takes attributes": false,
		"ddbmodel: invalid Mx attribute my_query: x":                     false,
		"ddbmodel: invalid Mx attribute __entity: x (entity: wrapped)":   true,
		"ddbmodel: a: __entity: then entity: again":                      true,
		"entity: not the prefix":                                         true,
	} {
		if got := CheckOnePrefix(text) != ""; got != bad {
			t.Errorf("CheckOnePrefix(%q) = %q; want a finding: %v", text, CheckOnePrefix(text), bad)
		}
	}
}
