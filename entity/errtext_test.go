package entity_test

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// checkOnePrefix reports an error whose text does not start with
// "ddbmodel: " or carries a package prefix again further on.
func checkOnePrefix(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if what := errtext.CheckOnePrefix(err.Error()); what != "" {
		t.Errorf("error text %q %s", err.Error(), what)
	}
}
