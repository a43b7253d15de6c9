package query

// SkipExpired leaves out items whose TTL has passed but that DynamoDB has
// not deleted yet: it adds the table's Unexpired filter (the TTL attribute
// absent, or above the time the request is built). Without a TTLAttribute
// on the table it changes nothing. On a global index whose projection
// (KEYS_ONLY or INCLUDE) leaves the TTL attribute out, Build refuses it
// with a *ddbmodel.ValidationError, as any filter on an attribute the
// index does not hold: project the attribute (Projection.Attributes).
func (q Query[T]) SkipExpired() Query[T] {
	if q.e == nil || q.e.Table() == nil {
		return q // Build reports the missing entity
	}
	return q.Filter(q.e.Table().Unexpired())
}

// SkipExpired leaves out items whose TTL has passed, as Query.SkipExpired.
func (s Scanner[T]) SkipExpired() Scanner[T] {
	if s.e == nil || s.e.Table() == nil {
		return s // Build reports the missing entity
	}
	return s.Filter(s.e.Table().Unexpired())
}

// SkipExpired leaves out items whose TTL has passed, as Query.SkipExpired.
func (c Collection) SkipExpired() Collection {
	if len(c.s.members) == 0 || isNilMember(c.s.members[0]) {
		return c // Build reports the missing entity
	}
	return c.Filter(c.s.members[0].Table().Unexpired())
}
