package papers

import "github.com/ddbmodel/ddbmodel/entity"

// The design's reads, registered with Table with sample values, so that the
// generated design document lists each one's request and the lint knows
// which indexes are read.
func init() {
	Table.MustAddAccessPatterns(
		entity.GetPattern("A1 paper", "a paper by id", PaperGet("p1")),
		entity.QueryPattern("A2 papers in a collection", "a collection's papers, newest first", PapersInCollectionQuery("databases")),
		entity.QueryPattern("A3 papers by author", "an author's papers, by paper id", PapersByAuthorQuery("alice")),
		entity.QueryPattern("A4 papers with a topic", "a topic's papers, by paper id", PapersWithTopicQuery("dynamodb")),
		entity.GetPattern("A5 author", "an author by handle", AuthorGet("alice")),
	)
}
