package entity

// indexName returns the index the pattern's query names ("" for the table,
// or for a get): from the query's IndexName method (query.Query and
// query.Collection have one), so that a pattern that does not compile is
// still filed under the index it means to read.
func (p AccessPattern) indexName() string {
	if q, ok := p.query.(interface{ IndexName() string }); ok {
		return q.IndexName()
	}
	return ""
}
