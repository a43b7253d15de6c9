package entity

import (
	"strings"
	"testing"
)

type zeroSized struct{}

type withZeroSized struct {
	ID string    `dynamo:"id"`
	A  zeroSized `dynamo:"a"`
	B  zeroSized `dynamo:"b"`
	N  [0]int    `dynamo:"n"`
	M  [0]int    `dynamo:"m"`
	L  []string  `dynamo:"l"`
}

// Two zero-size fields may share an address: a handle of one would name
// the other (B resolved to "a"), so a zero-size field has no handle.
func TestResolveFieldRefusesZeroSizeFields(t *testing.T) {
	for name, resolve := range map[string]func() (resolved, error){
		"struct{} B": func() (resolved, error) {
			return resolveField(func(w *withZeroSized) *zeroSized { return &w.B })
		},
		"[0]int M": func() (resolved, error) { return resolveField(func(w *withZeroSized) *[0]int { return &w.M }) },
	} {
		r, err := resolve()
		if err == nil || !strings.Contains(err.Error(), "size zero") {
			t.Errorf("%s: resolved to %q, err %v; want a refusal naming the zero size", name, r.path, err)
		}
	}
	if r, err := resolveField(func(w *withZeroSized) *string { return &w.ID }); err != nil || r.path != "id" {
		t.Errorf("ID: %q, %v", r.path, err)
	}
}

// A func that indexes a list of the zero T panics; the refusal says how an
// element is addressed.
func TestResolveFieldNamesElementHandles(t *testing.T) {
	_, err := resolveField(func(w *withZeroSized) *string { return &w.L[0] })
	if err == nil || !strings.Contains(err.Error(), "ListOf(...).At(i)") {
		t.Errorf("err = %v, want the hint to ListOf(...).At(i)", err)
	}
	_, err = resolveField(func(w *withZeroSized) *string { panic("boom") })
	if err == nil || strings.Contains(err.Error(), "ListOf") {
		t.Errorf("err = %v, want no element hint for a panic that is no runtime error", err)
	}
}
