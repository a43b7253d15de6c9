package entity

import "github.com/ddbmodel/ddbmodel/keys"

// NewID returns a new time-sortable ID, a ULID from keys.NewULID (26
// characters; string order is creation order, also within a millisecond).
// Its signature makes it an Attribute Default for a string field:
//
//	"articleId": {Default: entity.NewID}
func NewID() any { return keys.NewULID() }
