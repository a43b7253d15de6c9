package ddbmodel

import "errors"

// ErrUnmarked: the item under the key has no entity marker at all (other
// code wrote it: the raw SDK, another library), and the entity does not
// take such items as its own. Every single-item operation of such an
// entity (get, put, update, delete; create reports ErrAlreadyExists)
// reports it the same way, as a *ConditionError holding the item, and
// leaves the item unchanged. Adopt the item (the entity's Adopt, or a
// scan's or query's Adopt) to write its markers, or set the entity's
// Config.RecognizeUnmarked.
var ErrUnmarked = errors.New("ddbmodel: the item under the key has no entity marker (written by other code); adopt it with the entity's Adopt (or a query's or scan's Adopt), or set Config.RecognizeUnmarked")
