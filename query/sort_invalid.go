package query

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel"
)

// sortInvalid is the error of a sort condition that the query's sort key
// attr (empty when the index has none) cannot take: it names the query's
// entity (the first of a collection's), the attribute and what is wrong.
func (s *spec) sortInvalid(attr, format string, args ...any) error {
	name := ""
	if len(s.members) > 0 && s.members[0] != nil {
		name = s.members[0].Name()
	}
	return &ddbmodel.ValidationError{Entity: name, Attribute: attr, Reason: fmt.Sprintf(format, args...)}
}
