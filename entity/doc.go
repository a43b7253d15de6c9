// Package entity describes a single-table design and runs single-item
// operations on it.
//
// A *Table holds the key attribute names, the secondary indexes and the
// names of the marker attributes that tag every item with its entity. An
// *Entity[T] binds a Go struct (encoded with github.com/guregu/dynamo/v2's
// dynamo tags) to key templates for the table and for each index it is in,
// plus attribute rules: required, default, enum, validation, read-only,
// hidden, timestamps and an optional optimistic-locking version.
//
// Operations are immutable builders. Each has a pure Build step returning the
// aws-sdk-go-v2 input, and Run(ctx, db) sending it (a write that keeps
// unique values is one transaction with its marker items, so its own Build
// is refused: a create builds through txn.Write(op).Build(); a put,
// upsert, delete or update touching them reads first, ErrNeedsRead):
//
//	a, err := Articles.Create(article).Run(ctx, db)                 // ErrAlreadyExists
//	a, err := Articles.Get(entity.Values{"articleId": id}).Run(ctx, db) // ErrNotFound
//	a, err := Articles.Update(entity.Values{"articleId": id}).
//		Set("status", "published").
//		If(entity.Attr("currentVersion").Eq(3)).
//		Run(ctx, db)
//
// A built request is the caller's: its maps, slices and strings are its
// own, so adding to or replacing entries of them changes no other request.
// The attribute values an entity writes into every request (its marker,
// its version, its precompiled guard's values) are shared between requests:
// replace such a value, never modify one in place.
//
// # Typed handles and keys
//
// Beside the string forms (for dynamic code), typed handles make the common
// mistakes fail to compile. A handle names a field by taking its address,
// resolved once when it is declared; a key struct holds exactly a key's
// composites, checked when it is declared:
//
//	var (
//		Votes      = entity.NumberOf(Tickets, func(t *Ticket) *int { return &t.Votes })
//		Title      = entity.StringOf(Tickets, func(t *Ticket) *string { return &t.Title })
//		TicketByID = entity.ItemKeyOf[TicketKey](Tickets)
//	)
//
//	t, err := TicketByID.Update(TicketKey{ID: id}).
//		Apply(Votes.Add(1), Title.Set("Crash on save")).
//		Ensure(Title.BeginsWith("Crash")).
//		Run(ctx, db)
//
// A value of the wrong type, Add on a string, BeginsWith on a number,
// Append to a set, a handle or condition of another entity, or another
// entity's key struct, is a compile error. The kinds of handle (FieldOf,
// OrderedOf, NumberOf, StringOf, SetOf, ListOf, MapOf with Key and At for
// one element, FieldIn for a field inside an element) carry only the operations DynamoDB allows on them: ordering
// comparisons (Lt, Between, LtAttr...) only on strings, numbers, times and
// binary values, so Votes.GtAttr(Title) or a Between on a bool, list, set or
// map handle does not compile, while a number handle compares with any
// number field (an int with an int64); that design was chosen
// over one handle type with kind-specific operations as generic package
// functions (entity.Add(Votes, 1)), which reads less well, mixing methods and
// functions, and cannot tell a set from a list. Typed conditions are
// Cond[T], taken by Ensure and by the query package's Matching; Condition
// returns the untyped form. Every typed operation lowers to its string form
// (Votes.Add(1) is Add("votes", 1)), so both are checked, encoded and cost
// the same.
//
// Updates keep index keys true. When an update changes an attribute a key is
// built from, the key is recomputed in the same write when every composite is
// known (from the key, the update, or With); otherwise the update fails with
// a *ddbmodel.MissingCompositesError before anything is sent, or, with
// ReadFirst, reads the item and writes on the condition that what it read is
// unchanged. Changing a composite of the primary key moves the item in one
// transaction.
//
// Items are marked with their entity, and every single-item write is
// guarded by the marker at run time, in the same request: a put or a plain
// delete is conditioned on the key holding no item or an item of its entity
// (otherwise nothing is written and the error satisfies
// errors.Is(err, ddbmodel.ErrOtherEntity)); updates, moves and must-exist
// deletes on the item being the entity's (ErrNotFound otherwise); a create
// on the key being free (ErrAlreadyExists). Get and the read of ReadFirst
// or of a move report another entity's item as not found. So entities that
// share a key layout never read, overwrite, move or delete each other's
// items; transactions carry the same conditions. An item without the marker
// (written by other code) counts as another entity's. Batch writes cannot
// carry conditions: batch puts and deletes are not marker-guarded at run
// time and rely on the key isolation Define checks between entities.
//
// Every name an operation is given is checked against T before anything is
// sent: update actions, conditions, filters, projections, With values, key
// values and range bounds name a stored field of T, a document path into
// one, a key or marker attribute, or one of Config.ExtraAttributes;
// anything else is a *ddbmodel.ValidationError naming the entity and the
// attribute, with a "did you mean" hint. Values are encoded as a put of the
// field encodes them (its Go type and dynamo tag options), and a value that
// cannot be the field's type is refused. Document paths reach into maps,
// structs and lists ("addresses.home", "assignee.team", "notes[0]",
// `addresses."my.home"` for a key holding a dot), with every element
// aliased in the expression.
//
// Every write checks its input before sending: attribute rules, key
// composites (empty values, delimiters inside values, key sizes), item size
// and DynamoDB number limits. Errors are the root package's sentinels and
// typed errors, matched with errors.Is and errors.As.
package entity
