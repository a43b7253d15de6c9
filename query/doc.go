// Package query reads entities with typed queries and scans.
//
// A Query[T] names an entity, optionally an index, and the attribute values
// of the key: every partition composite, and any leading sort composites.
// It compiles to a QueryInput with a KeyConditionExpression:
//
//	q := query.New(Lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1"})
//	in, _ := q.Build() // PK = COURSE#c1 AND begins_with(SK, MODULE#m1#LESSON#)
//
// With typed keys (entity.QueryKeyOf), By gives the same query from a key
// struct, and Between, Gt, Ge, Lt and Le take key structs as the bounds of
// a sort-key range, so that another entity's key does not compile:
//
//	q := query.Between(LessonsByCourse, LessonKey{CourseID: "c1", ModuleID: new("m1")}, LessonKey{CourseID: "c1", ModuleID: new("m3")})
//
// A partial sort key always ends on a boundary, so module m1 never matches
// m10. Results come as pages with opaque cursors (versioned, bound to the
// query that made them, optionally HMAC-signed), as an iter.Seq2 that streams
// page by page, as one item (ErrNotFound, ErrTooMany), or as a count.
//
// A Collection reads one partition holding several entities and decodes each
// item into its own type (ItemsOf). AllShards fans a query out over every
// shard of a write-sharded partition key and merges the results in sort key
// order, with pagination across shards. Scanner scans one entity type in
// parallel segments. Shard queries and segments run at most 8 at once
// unless Concurrency says otherwise; a panic in one of them comes back as a
// *ddbmodel.PanicError.
package query
