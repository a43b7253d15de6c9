package query

// IndexName returns the index the query reads, as Index set it: "" for the
// table. entity.Table.Lint files a registered access pattern that does not
// compile under it.
func (q Query[T]) IndexName() string { return q.s.index }

// IndexName returns the index the collection's query reads: "" for the
// table.
func (c Collection) IndexName() string { return c.s.index }
