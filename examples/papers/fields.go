package papers

import (
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

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

// MembershipKey identifies an author's membership of a paper.
type MembershipKey struct {
	PaperID string `dynamo:"id"`
	Handle  string `dynamo:"handle"`
}

// TopicKey identifies a topic item of a paper.
type TopicKey struct {
	PaperID string `dynamo:"id"`
	Topic   string `dynamo:"topic"`
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
	PaperByKey      = entity.ItemKeyOf[PaperKey](Papers)
	AuthorByKey     = entity.ItemKeyOf[AuthorKey](Authors)
	MembershipByKey = entity.ItemKeyOf[MembershipKey](Memberships)
	TopicByKey      = entity.ItemKeyOf[TopicKey](PaperTopics)

	PapersByCollection  = entity.QueryKeyOf[InCollection](Papers, "GSI1")
	MembershipsByAuthor = entity.QueryKeyOf[ByAuthor](Memberships, "GSI1")
	TopicsByTopic       = entity.QueryKeyOf[WithTopic](PaperTopics, "GSI2")

	AuthorHandle = entity.StringOf(Authors, func(a *Author) *string { return &a.Handle })

	PaperIDField      = entity.StringOf(Papers, func(p *Paper) *string { return &p.ID })
	PaperStatus       = entity.StringOf(Papers, func(p *Paper) *string { return &p.Status })
	PaperSupersededBy = entity.StringOf(Papers, func(p *Paper) *string { return &p.SupersededBy })
	PaperExpiresAt    = entity.FieldOf(Papers, func(p *Paper) *time.Time { return &p.ExpiresAt })
	MemberExpiresAt   = entity.FieldOf(Memberships, func(m *Membership) *time.Time { return &m.ExpiresAt })
	TopicExpiresAt    = entity.FieldOf(PaperTopics, func(t *PaperTopic) *time.Time { return &t.ExpiresAt })
)
