package evolve_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// An item stored before its attribute became unique, whose value is too
// long for a marker item's key, is reported Invalid: a put of its value is
// refused, so no repair can write it (it used to pass as clean).
func TestAStoredUniqueValueTooLongForItsMarkerIsInvalid(t *testing.T) {
	t.Parallel()
	v1, v2 := memberModel(false), memberModel(true)
	item, err := v1.Encode(Member{ID: "m9", Email: strings.Repeat("e", 2100)})
	if err != nil {
		t.Fatal(err)
	}
	f, err := evolve.Entity(v2).Check(item)
	if err != nil || f == nil {
		t.Fatalf("Check: %+v, %v; want an Invalid finding", f, err)
	}
	var le *ddbmodel.LimitError
	if !slices.Equal(f.Kinds, []evolve.Kind{evolve.Invalid}) || !errors.As(f.Err, &le) || f.Repairable() {
		t.Errorf("Check: kinds %v, err %v, repairable %v; want Invalid with a *ddbmodel.LimitError, not repairable", f.Kinds, f.Err, f.Repairable())
	}
	// A value that fits is checked as before: no finding from Check
	// (its missing marker is found by a run, which reads the markers).
	ok, err := v1.Encode(Member{ID: "m8", Email: "m8@x"})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := evolve.Entity(v2).Check(ok); f != nil || err != nil {
		t.Errorf("Check of a short value: %+v, %v; want none", f, err)
	}
}
