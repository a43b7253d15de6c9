// Package docpath parses DynamoDB document paths and applies them to
// items the way UpdateItem does, without modifying the items.
//
// # Syntax
//
// A path is a name followed by names (map keys) and list indexes:
//
//	a.b[0][1].c
//	addresses."my.home".city
//
// Names are separated by '.', and any name may be followed by indexes
// "[n]". A name is bare text, or double-quoted text that may hold '.',
// '[', ']', and (escaped as \" and \\) '"' and '\\'; "a.b" is one name
// holding a dot. Paths are text for people and for this package only:
// an expression must alias every name (see expr.Writer.Path), since
// DynamoDB reads an unaliased a.b as two names and refuses many
// identifiers (reserved words, spaces).
//
// # Semantics
//
// Get, Set and Remove follow UpdateItem's SET and REMOVE on nested paths,
// as checked against DynamoDB Local (TestSemanticsMatchDynamoDB):
//
//   - Every element but the last must exist and fit: a name needs a map
//     (M) there, an index a list (L) whose length exceeds it. Otherwise,
//     for SET and REMOVE alike (a missing top-level attribute, a missing
//     map key on the way, a name into a list, string, set or NULL, an
//     index into a map, string or set, an index beyond the end on the way),
//     DynamoDB answers with a ValidationException, "The document path
//     provided in the update expression is invalid for update", and leaves
//     the item as it was; here that is a *PathError (ErrInvalidPath).
//   - SET of a last name adds or replaces that key; SET of a last index
//     replaces the element there, or appends the value when the index is
//     at or beyond the end of the list (l[100] on a list of two becomes
//     l[2]). The last element must fit its parent as above.
//   - REMOVE of a missing top-level attribute or of a missing last map key
//     changes nothing and is no error; REMOVE of a last index at or beyond
//     the end of the list changes nothing. REMOVE of a list element shifts
//     the later ones down. Removing the last key of a map or the last
//     element of a list leaves an empty map or list.
//   - Get finds nothing wherever a step does not fit, as attribute_exists
//     does. A projection through a list index returns the list holding
//     only the projected elements, compacted: l[2].k comes back as l[0].k.
//
// ADD and DELETE do accept nested paths (DynamoDB Local, same test): ADD
// of a number to a.n adds to the number there or, when a is a map without
// n, creates it; ADD of a set to a.s adds to the set or creates it; ADD of
// a number to a list element l[1] adds to it. DELETE of a set from a.s
// removes the elements and removes a.s once empty, and is a no-op when a
// has no s. Both need the parent to exist like SET does: ADD or DELETE on
// m.x with no m is the same ValidationException.
//
// Limits DynamoDB enforces that this package does not check: names may not
// be empty (Parse refuses ""), indexes go up to 2147483647 (MaxIndex),
// items nest at most 32 levels deep ("Nesting Levels have exceeded
// supported limits"), and the paths of one update expression must not
// overlap (a and a.b, or l[0] twice).
package docpath
