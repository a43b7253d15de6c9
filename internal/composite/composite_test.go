package composite

import (
	"errors"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/google/go-cmp/cmp"
)

func TestWithSortsReplacesAndLeavesTheOriginal(t *testing.T) {
	a := Of(map[string]any{"year": 2026, "author": "ada"})
	if diff := cmp.Diff(List{{"author", "ada"}, {"year", 2026}}, a); diff != "" {
		t.Fatalf("Of (-want +got):\n%s", diff)
	}
	b := a.With(map[string]any{"year": 2027, "month": "01"})
	if diff := cmp.Diff(List{{"author", "ada"}, {"month", "01"}, {"year", 2027}}, b); diff != "" {
		t.Errorf("With (-want +got):\n%s", diff)
	}
	// a is another builder's: With must not have changed it.
	if diff := cmp.Diff(List{{"author", "ada"}, {"year", 2026}}, a); diff != "" {
		t.Errorf("With changed its receiver (-want +got):\n%s", diff)
	}
	c := a.Merge(List{{"author", "bob"}, {"day", 3}})
	if diff := cmp.Diff(List{{"author", "bob"}, {"day", 3}, {"year", 2026}}, c); diff != "" {
		t.Errorf("Merge (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(List{{"author", "ada"}, {"year", 2026}}, a); diff != "" {
		t.Errorf("Merge changed its receiver (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"author", "day", "year"}, c.Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]any{"author": "bob", "day": 3, "year": 2026}, c.Map()); diff != "" {
		t.Errorf("Map (-want +got):\n%s", diff)
	}
}

func TestWithOfAMapChangedLaterKeepsTheValuesGiven(t *testing.T) {
	m := map[string]any{"id": "a"}
	l := Of(m)
	m["id"], m["other"] = "b", "c"
	if diff := cmp.Diff(List{{"id", "a"}}, l); diff != "" {
		t.Errorf("the caller's later change reached the list (-want +got):\n%s", diff)
	}
}

func TestLookupsAgreeWithAValuesMap(t *testing.T) {
	var nilText *string
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 7200))
	m := map[string]any{"s": "x", "n": 42, "f": 1.5, "t": at, "nil": nil, "nilptr": nilText, "bad": []int{1}}
	l := Of(m)
	for _, name := range []string{"s", "n", "f", "t", "nil", "nilptr", "bad", "absent"} {
		wantText, wantOK, wantErr := keys.Values(m).LookupChecked(name)
		gotText, gotOK, gotErr := l.LookupChecked(name)
		if gotText != wantText || gotOK != wantOK || errors.Is(gotErr, keys.ErrType) != errors.Is(wantErr, keys.ErrType) {
			t.Errorf("LookupChecked(%q) = %q, %v, %v; keys.Values gives %q, %v, %v", name, gotText, gotOK, gotErr, wantText, wantOK, wantErr)
		}
		wt, wo := keys.Values(m).Lookup(name)
		gt, gok := l.Lookup(name)
		if gt != wt || gok != wo {
			t.Errorf("Lookup(%q) = %q, %v; keys.Values gives %q, %v", name, gt, gok, wt, wo)
		}
		_, given := m[name]
		if l.Has(name) != given {
			t.Errorf("Has(%q) = %v, want %v", name, l.Has(name), given)
		}
	}
	if !l.HasAny([]string{"absent", "n"}) || l.HasAny([]string{"absent"}) || l.HasAny(nil) {
		t.Error("HasAny does not report the names given")
	}
}

func TestEmptyListsAreNil(t *testing.T) {
	if l := Of(nil); l != nil {
		t.Errorf("Of(nil) = %#v, want nil", l)
	}
	if l := Of(map[string]any{}); l != nil {
		t.Errorf("Of(empty) = %#v, want nil", l)
	}
	if l := List(nil).Merge(nil); l != nil {
		t.Errorf("nil.Merge(nil) = %#v, want nil", l)
	}
}
