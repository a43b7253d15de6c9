// Package groups is the adjacency list of users and groups: a many-to-many
// relationship kept in one table with no joins. Every node (a user, a group)
// is an item whose sort key repeats its partition key, and every edge is
// stored twice, once in each node's partition, so that both directions are
// one Query:
//
//	PK         SK         item
//	USER#u1    USER#u1    user u1 (root item)
//	USER#u1    GROUP#g10  edge: u1 belongs to g10
//	GROUP#g10  GROUP#g10  group g10 (root item)
//	GROUP#g10  USER#u1    edge: g10 has member u1
//
// Access patterns:
//
//	pattern                 operation  index  key condition
//	G1 groups of a user     Query      table  PK = "USER#<user>" AND begins_with(SK, "GROUP#")
//	G2 members of a group   Query      table  PK = "GROUP#<group>" AND begins_with(SK, "USER#")
//
// Write workflows:
//
//	Join   one transaction: the user and the group exist (condition checks),
//	       create USER#u/GROUP#g and GROUP#g/USER#u. Joining twice fails with
//	       ErrAlreadyMember and leaves the one pair of edges as it was.
//	Leave  one transaction deleting both edges, each required to exist;
//	       leaving a group one is not in fails with ErrNotMember.
//
// Both edges are written together or not at all, which prevents the design's
// first pitfall (an edge without its inverse makes one direction silently
// empty).
//
// The design is the adjacency-list section of "Session 030 — DynamoDB:
// single-table design, adjacency list and overloaded indexes" (the text
// names no author). It gives only key shapes; the attribute names here
// (user_id, group_id, name, joined_at) follow the snake_case of the rest of
// that text. Deviation: none in the keys. The root items and the existence
// checks in Join are what the design's "item-raiz" rows imply: an edge to a
// user or group that does not exist is refused. Attributes the library
// adds: every item carries __entity (User, Group, UserGroup or
// GroupMember) and __entity_version ("1"), which keep a node's root item
// and its edges apart in its partition and condition every write. The
// table has no index, no TTL attribute, no optimistic-lock attribute and no
// unique-value marker items.
//
// Keys are named through the typed keys of fields.go ([MembershipKey],
// [GroupsOfUserKey], ...), checked when the package loads; only the
// existence checks of Join keep the string form, for attribute_exists(PK),
// PK being no field of User or Group.
package groups
