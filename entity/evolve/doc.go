// Package evolve finds and repairs items written under an older model of a
// table: after an index is added, a key template changes or a sparse
// index's condition changes, the items written before still carry the old
// keys until each is written again.
//
// A Job (Entity for one entity's items, Table for every entity of a table)
// scans in parallel segments and checks each item against what a put of
// its decoded value writes now: the item of the entity's own Put(v), so
// the keys compared are exactly those a write renders. Verify reports every
// item that differs, with counts per Kind and a bounded number of samples
// (key, stored value, wanted value):
//
//	r, err := evolve.Table(evolve.Of(Tickets), evolve.Of(Comments)).
//		Segments(16).Workers(4).Verify(ctx, db)
//	fmt.Println(r.Counts[evolve.MissingIndexKey], "items missing from an index")
//
// Repair rewrites, in each item that differs only in index keys, exactly
// those attributes (an UpdateItem that sets the stale or missing keys and
// removes the unwanted ones, nothing else), conditioned on every attribute
// being as read: a service write landing in between is never overwritten;
// the item is read again and, while it still differs, written again from
// that read. Every item not repaired is in Report.Failed and in the error
// (nothing is dropped; the error's text lists the first ten and counts
// the others, errors.As finds every *RepairError). A repair whose answer
// is lost (a transport error) is classified by reading the item back.
//
// An item whose table key is stale (StalePrimaryKey) is moved by one
// TransactWriteItems (Finding.BuildMove): a Delete at its stored key
// conditioned on the item being unchanged (every attribute as read, and
// every attribute the entity may store that it lacked still absent), and
// a Put of the item, with the keys a put of its value renders, at the new
// key, conditioned on no item being there: an item at the new key, of any
// entity, is never overwritten, and the move is reported with a
// *KeyTakenError naming both keys (ErrKeyTaken). A write through the old
// key after the move finds no item there and fails. An item moved into a
// segment not yet scanned is found there as a put writes it, so it is
// neither moved again nor counted. An item of an entity with unique
// attributes is not moved (their marker items name the item's table key):
// it is reported with ErrNotRepairable.
//
// An entity with an Updated timestamp or a LockAttribute is repaired
// although every put changes them (PutChanges): a repair sets the lock as
// a put would (incremented, so that a writer holding the version it read
// before gets ddbmodel.ErrVersionConflict, as after any write) and keeps
// the stored Updated time, except where a differing key is on an index
// with a When function or is computed by a key function, which may read
// it: then it writes Updated as the put does. An entity with a key built
// from the Updated timestamp (a sort key on updatedAt) has its items
// checked against a put at the time each records, not at now (which
// would render that key anew at every check): an item as a put wrote it
// is no finding, and a differing key is repaired with the key the stored
// time renders, the time kept. An item lacking the timestamp (absent or zero), and an item
// with a differing key built from the lock, are reported, not repaired:
// a put renders those keys anew. DryRun reports what Repair would write, with
// Finding.Build giving each request, and sends no repair write; its
// findings are its result, not an error. ReadRate and
// WriteRate hold the consumed capacity (as DynamoDB reports it) to units
// per second; Progress reports, as one snapshot, items scanned, findings,
// repairs, moves, failures and the rate as the job runs. Check checks one
// item without I/O (a stream record's, for instance).
//
// An entity job reads only that entity's items (the scan's marker filter),
// and a repair writes only items the job checked as its entities', so no
// entity's items are read or written by another's job.
//
// A job runs at scale: Share(i, n) makes a process worker i of n, taking
// the segments s with s%n == i; Checkpoint(name) keeps each segment's
// last evaluated key (and that it is done) in a checkpoint item of the
// job's table after each page, so that a stopped or crashed worker,
// started again, skips the segments done and resumes the others, and a
// segment is claimed with a lease (a conditional write of the worker's
// identity) so that two workers never scan it at once: the second gets a
// *CheckpointError (ErrSegmentClaimed) for it. Checkpoint items live
// under a key (EVOLVE#CHECKPOINT#<name> / SEGMENT#<n>) that Build checks
// no entity of the table can render; a table job skips them. Job.Checkpoints
// lists them and Job.ClearCheckpoints deletes them. A run under the name
// of a job whose segments are all done scans nothing and returns
// ErrJobDone; a resumed run's Report is Partial (checkpoints keep no
// findings). Progress.String is a progress line (scanned, findings,
// repaired, left, rate, ETA; left and ETA need Job.Expected).
//
// Items stored at an older version of their entity, for which the entity
// declares an upgrade (entity.Config.Upgrades), are OldVersion findings:
// the item is checked as its upgraded value, and Repair migrates it,
// rewriting it whole as a put of that value writes it, in one UpdateItem
// conditioned on the item being unchanged since it was read (with DryRun,
// Share, Checkpoint, the rate limits and Progress as for any repair). One
// whose upgraded value has another table key (StalePrimaryKey too) is
// migrated and moved in one TransactWriteItems, as any move is
// (Finding.BuildMove): the Delete at its stored key conditioned on the
// item being unchanged, and the Put of that whole put image at the new
// key conditioned on no item being there. Until then the new model reads
// and writes such an item only through the key its stored values render
// (a Get of the new key finds nothing). The service's own updates of an
// old item are refused meanwhile (ddbmodel.ErrOldVersion), so no item ever
// holds attributes of two shapes:
//
//	r, err := evolve.Entity(Articles).Segments(16).Workers(4).Repair(ctx, db)
//	fmt.Println(r.Counts[evolve.OldVersion], "old items,", r.Repaired, "migrated")
//
// A service need not wait for the bulk run: Job.RepairItem reads one item
// by its table key and repairs it as Repair does (the same conditioned
// writes, migration and move), so that an update refused with
// ddbmodel.ErrOldVersion can migrate that item and be sent again. It runs
// safely beside a bulk Repair: whichever writes second finds the item
// changed, reads it again and finds it done.
//
// During a key migration (StalePrimaryKey findings) writers must stop or
// write through the new model: a put through the old key by a service
// still on the old model, after the move, creates a stale duplicate
// (Verify reports it; its move fails with ErrKeyTaken), and a delete
// through the new key before the move finds nothing and is undone by the
// move. The new model, too, reaches an item not yet moved only through
// queries and scans (a Get or Update renders the new key and finds
// nothing): a Put of a value such a read returned writes the new key and
// leaves the old item, a stale duplicate as above. Finish the moves
// (Repair, or RepairItem of the item's stored key) before the service
// puts values it read back. A move copies the item as read, so an attribute outside the model
// (neither a field of T nor in ExtraAttributes) written between the scan
// and the move is dropped: declare such attributes in ExtraAttributes (the
// move's condition then requires them unchanged) or stop those writers.
// An item whose condition exceeds DynamoDB's expression limit is refused
// before sending with a *ddbmodel.LimitError in a *RepairError naming the
// entity and the item. Attributes in ExtraAttributes or outside the model
// do not keep an item from being repaired: a repair keeps them.
//
// A move whose response is lost is classified by reading the old and the
// new key (Report.Moved when the new key holds the item put); findings a
// run whose context ended did not attempt are counted in
// Report.NotReached, not in Failed.
//
// With Checkpoint, Verify and DryRun write the checkpoint items (nothing
// else). An item moved into a segment not yet scanned is read again
// there and checked, but counted scanned once by the run that moved it
// (a run under Share counts an item another worker moved into its
// segment as its own). The lease is renewed once per page: at a low WriteRate, set Lease
// above the time a page of repairs takes.
//
// For an entity with unique attributes (entity.Attribute.Unique), a job
// also reads, strongly consistent, the marker item of each unique value
// an item holds (one read per value, and one of the item a marker names
// when it names another): a value whose marker is absent, or names an
// item that no longer holds it, is a MissingUniqueMarker finding (items
// stored before the attribute was declared unique), and Repair writes
// the marker naming the item, conditioned on its being absent, already
// the item's, or naming the item read that does not hold the value (an
// orphaned marker, which it takes over), in one transaction with a check
// that the item still holds the value and, for an orphaned marker, one
// that the item it named still does not (Report.MarkersWritten); a
// marker that changed meanwhile is read again and the write tried again,
// a few times at most (then ErrChanged). A value another item holds too
// (the one its marker names, or one the run found earlier without a
// marker) is a DuplicateUniqueValue finding naming both keys: no marker
// is written for it, and Repair reports it with ErrDuplicateUnique;
// after the duplicate is resolved, a Repair writes the marker of the
// holder left. An item whose TTL has passed (not yet deleted by DynamoDB)
// holds no value and is not checked. Check,
// which does no I/O, does not read markers.
//
// Not yet (issue #17): repairing an item whose put also changes
// attributes other than the Updated timestamp and the lock (a Default, a
// Hidden attribute decoding drops), and an item of an older version
// without a declared upgrade (a Marker finding, whose Finding.Hint says
// that declaring entity.UpgradeFrom would migrate it).
package evolve
