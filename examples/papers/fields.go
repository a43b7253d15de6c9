package papers

import "github.com/ddbmodel/ddbmodel/entity"

// Typed keys: one struct per entity key (and per index queried), checked
// when declared to hold exactly the key's composites.

// PaperKey identifies a paper.
type PaperKey struct {
	ID string `dynamo:"id"`
}

// AuthorKey identifies an author.
type AuthorKey struct {
	Handle string `dynamo:"handle"`
}

// InCollection is the partition of a collection's papers on GSI1.
type InCollection struct {
	Collection string `dynamo:"collection"`
}

// ByAuthor is the partition of an author's memberships on GSI1.
type ByAuthor struct {
	Handle string `dynamo:"handle"`
}

// WithTopic is the partition of a topic's items on GSI2.
type WithTopic struct {
	Topic string `dynamo:"topic"`
}

// Keys and typed field handles, resolved once.
var (
	PaperByKey  = entity.ItemKeyOf[PaperKey](Papers)
	AuthorByKey = entity.ItemKeyOf[AuthorKey](Authors)

	PapersByCollection  = entity.QueryKeyOf[InCollection](Papers, "GSI1")
	MembershipsByAuthor = entity.QueryKeyOf[ByAuthor](Memberships, "GSI1")
	TopicsByTopic       = entity.QueryKeyOf[WithTopic](PaperTopics, "GSI2")

	AuthorHandle = entity.StringOf(Authors, func(a *Author) *string { return &a.Handle })
)
