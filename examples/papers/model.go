package papers

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Table is the single table of the paper catalog: the design's overloaded
// PK and SK, GSI1 (GSI1PK, GSI1SK) shared by collection listings (A2) and
// author listings (A3), and the sparse GSI2 (GSI2PK, GSI2SK) holding only
// topic items (A4). Its TTL attribute is expiresAt (Unix seconds), which
// the items of a superseded draft carry (see SupersedeDraft); Table.Ensure
// enables TTL on it. The design names no table; "papers" is the default
// name, and an entity.DB may send to another.
var Table = &entity.Table{
	Name:         "papers",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	TTLAttribute: "expiresAt",
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
	},
}

// Paper statuses.
const (
	StatusDraft      = "draft"
	StatusPublished  = "published"
	StatusSuperseded = "superseded"
)

// Membership roles.
const (
	RoleAuthor      = "author"
	RoleContributor = "contributor"
)

// Paper is a paper's own item.
type Paper struct {
	ID         string `dynamo:"id"` // e.g. wp-002
	Title      string `dynamo:"title"`
	Abstract   string `dynamo:"abstract"`
	Version    string `dynamo:"version"` // the paper's own version label, e.g. 0.3
	Status     string `dynamo:"status"`  // draft, published or superseded
	Collection string `dynamo:"collection"`
	Date       string `dynamo:"date"` // ISO 8601 (RFC 3339) date and time of the paper
	// SupersededBy is the id of the paper that replaced this one, once it
	// is superseded.
	SupersededBy string `dynamo:"supersededBy,omitempty"`
	// ExpiresAt is when DynamoDB may delete a superseded draft (the
	// table's TTL attribute, Unix seconds); zero, and not stored, otherwise.
	ExpiresAt time.Time `dynamo:"expiresAt,unixtime,omitempty"`
}

// Author is an author's profile.
type Author struct {
	Handle      string `dynamo:"handle"`
	Name        string `dynamo:"name"`
	Affiliation string `dynamo:"affiliation"`
}

// Membership says that an author wrote or contributed to a paper. It lives
// in the paper's partition (read with the paper, Figure 1) and, through
// GSI1, in an author-scoped partition (A3).
type Membership struct {
	PaperID string `dynamo:"id"` // the paper's id: the partition key composite shared with Paper
	Handle  string `dynamo:"handle"`
	Role    string `dynamo:"role"` // author or contributor
	// ExpiresAt is the paper's expiry: a superseded draft's memberships
	// expire with it.
	ExpiresAt time.Time `dynamo:"expiresAt,unixtime,omitempty"`
}

// PaperTopic says that a paper carries a topic. A paper has one per topic,
// in its own partition; only these items have GSI2 keys, so GSI2 holds
// nothing else (it is sparse) and a paper appears in it once per topic.
type PaperTopic struct {
	PaperID string `dynamo:"id"`
	Topic   string `dynamo:"topic"`
	// ExpiresAt is the paper's expiry: a superseded draft's topic items
	// expire with it.
	ExpiresAt time.Time `dynamo:"expiresAt,unixtime,omitempty"`
}

// ErrBadTopic reports a topic that is not lower-case letters, digits and dashes.
var ErrBadTopic = errors.New("papers: a topic is 1 to 64 lower-case letters, digits or dashes")

func checkTopic(v any) error {
	s, _ := v.(string)
	if s == "" || len(s) > 64 || strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return fmt.Errorf("%w: %q", ErrBadTopic, s)
	}
	return nil
}

// Papers is the Paper entity: PAPER#<id> / PAPER#<id> on the table and
// COLLECTION#<collection> / DATE#<date> on GSI1, the date in fixed-width
// UTC so that string order is time order.
var Papers = entity.MustDefine(Table, entity.Config[Paper]{
	Name: "paper", Version: "1",
	Key: entity.Key{Partition: "PAPER#${id}", Sort: "PAPER#${id}"},
	Indexes: []entity.IndexKey[Paper]{
		{Index: "GSI1", Partition: "COLLECTION#${collection}", Sort: "DATE#${date:time}"},
	},
	Attributes: map[string]entity.Attribute{
		"id":         {Required: true},
		"title":      {Required: true},
		"status":     {Required: true, Default: StatusDraft, Enum: []string{StatusDraft, StatusPublished, StatusSuperseded}},
		"collection": {Required: true},
		"date":       {Required: true},
	},
	Validate: func(p *Paper) error {
		superseded := p.Status == StatusSuperseded
		if superseded != (p.SupersededBy != "") || superseded != !p.ExpiresAt.IsZero() {
			return fmt.Errorf("status %s with supersededBy %q and expiresAt %v: a superseded paper, and only it, names its successor and expires (see SupersedeDraft)", p.Status, p.SupersededBy, p.ExpiresAt)
		}
		return nil
	},
	// The sample item of the model's exports (Table.Sample): a draft,
	// which neither names a successor nor expires; the generated value
	// holds both (every field filled), which Validate refuses.
	Sample: func() Paper {
		return Paper{ID: "wp-001", Title: "Single-table design", Abstract: "One table, many entities.", Version: "0.1",
			Status: StatusDraft, Collection: "whitepapers", Date: "2024-06-01T12:00:00Z"}
	},
})

// Authors is the Author entity: AUTHOR#<handle> / AUTHOR#<handle>.
var Authors = entity.MustDefine(Table, entity.Config[Author]{
	Name: "author", Version: "1",
	Key: entity.Key{Partition: "AUTHOR#${handle}", Sort: "AUTHOR#${handle}"},
	Attributes: map[string]entity.Attribute{
		"handle": {Required: true},
		"name":   {Required: true},
	},
})

// Memberships is the Membership entity: PAPER#<id> / AUTHOR#<handle> on the
// table and the author-scoped AUTHOR#<handle> / PAPER#<id> on GSI1.
var Memberships = entity.MustDefine(Table, entity.Config[Membership]{
	Name: "membership", Version: "1",
	Key: entity.Key{Partition: "PAPER#${id}", Sort: "AUTHOR#${handle}"},
	Indexes: []entity.IndexKey[Membership]{
		{Index: "GSI1", Partition: "AUTHOR#${handle}", Sort: "PAPER#${id}"},
	},
	Attributes: map[string]entity.Attribute{
		"id":     {Required: true},
		"handle": {Required: true},
		"role":   {Required: true, Enum: []string{RoleAuthor, RoleContributor}},
	},
})

// PaperTopics is the PaperTopic entity: PAPER#<id> / TOPIC#<topic> on the
// table and TOPIC#<topic> / PAPER#<id> on the sparse GSI2.
var PaperTopics = entity.MustDefine(Table, entity.Config[PaperTopic]{
	Name: "paperTopic", Version: "1",
	Key: entity.Key{Partition: "PAPER#${id}", Sort: "TOPIC#${topic}"},
	Indexes: []entity.IndexKey[PaperTopic]{
		{Index: "GSI2", Partition: "TOPIC#${topic}", Sort: "PAPER#${id}"},
	},
	Attributes: map[string]entity.Attribute{
		"id":    {Required: true},
		"topic": {Required: true, Validate: checkTopic},
	},
})
