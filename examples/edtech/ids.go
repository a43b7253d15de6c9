package edtech

import (
	"errors"
	"strings"
)

var errHash = errors.New("must not contain '#'")

// noHash rejects an id that ends a sort key and would otherwise forge a
// deeper level of the hierarchy (a module id "m1#LESSON#l9").
func noHash(v any) error {
	if s, _ := v.(string); strings.Contains(s, "#") {
		return errHash
	}
	return nil
}
