package ddbmodel

import "errors"

// ErrUnmarked: the item under the key has no entity marker at all (other
// code wrote it: the raw SDK, another library), and the entity does not
// take such items as its own. Every single-item operation of such an
// entity (get, put, update, delete, upsert; create reports
// ErrAlreadyExists), a transaction's action (a CancelReason's Err) and
// txn.BatchGetOf (one error per key, the other items returned) report it
// the same way, as a *ConditionError holding the item whose text names the
// item's table key, and leave the item unchanged. Batch writes carry no
// condition: one of such an entity takes whatever is under its key (see
// the README, "Existing tables"). An entity with Config.RecognizeUnmarked
// reports ErrUnmarked from txn.BatchGetOf for an unmarked item whose key
// or attributes do not fit it. Adopt the item (the entity's Adopt, or a
// scan's or query's Adopt) to write its markers, or set the entity's
// Config.RecognizeUnmarked.
var ErrUnmarked = errors.New("ddbmodel: the item under the key has no entity marker (written by other code); adopt it with the entity's Adopt (or a query's or scan's Adopt), or set Config.RecognizeUnmarked")
