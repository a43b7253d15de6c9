package cms

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/keys"
)

// Table is the single table of the CMS: the design's lower-case key
// attributes pk and sk, one overloaded index, GSI1 (gsi1pk, gsi1sk), and
// the sparse GSI2 (gsi2pk, gsi2sk), which holds only the junction items of
// published articles (the public tag page, AP6). "cms" is its default
// name; an entity.DB may send to another.
var Table = newTable()

// newTable returns the description of the CMS table. Table is one; the
// status writer of status.go is defined against another, so that it can
// write the status that Articles keeps read-only (see articleConfig).
func newTable() *entity.Table {
	return &entity.Table{
		Name:         "cms",
		PartitionKey: entity.S("pk"),
		SortKey:      entity.S("sk"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("gsi1pk"), SortKey: entity.S("gsi1sk")},
			{Name: "GSI2", PartitionKey: entity.S("gsi2pk"), SortKey: entity.S("gsi2sk")},
		},
	}
}

// Article statuses.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"
	StatusArchived  = "archived"
)

// Article is an article's metadata (the #METADATA item): everything a list
// view or an article card shows, and never the body, which lives in its
// ArticleVersion items.
type Article struct {
	ArticleID      string   `dynamo:"articleId"` // a ULID: its string order is creation order
	Title          string   `dynamo:"title"`
	Slug           string   `dynamo:"slug"`
	Excerpt        string   `dynamo:"excerpt"`
	Status         string   `dynamo:"status"` // draft, published or archived
	AuthorID       string   `dynamo:"authorId"`
	PublishedAt    string   `dynamo:"publishedAt"`
	CurrentVersion int      `dynamo:"currentVersion"` // the version AP2 shows; VERSION#<currentVersion> always exists
	Tags           []string `dynamo:"tags,set"`       // denormalized from the TagArticle items, for display
	CreatedAt      string   `dynamo:"createdAt"`
	UpdatedAt      string   `dynamo:"updatedAt"`
}

// ArticleVersion is the full body of one version of an article.
type ArticleVersion struct {
	ArticleID string `dynamo:"articleId"`
	Version   int    `dynamo:"version"` // 1, 2, 3, ...; zero-padded in the sort key
	Body      string `dynamo:"body"`
	WordCount int    `dynamo:"wordCount"`
	CreatedBy string `dynamo:"createdBy"`
	CreatedAt string `dynamo:"createdAt"`
}

// TagArticle is the junction item of the many-to-many relation between tags
// and articles: in the tag's partition on the table (every article of a
// tag, whatever its status), in the article's partition on GSI1 (tags of an
// article) and, while the article is published, in the tag's partition on
// the sparse GSI2 (the public tag page, AP6).
type TagArticle struct {
	Tag       string `dynamo:"tag"`
	ArticleID string `dynamo:"articleId"`
	TaggedAt  string `dynamo:"taggedAt"`
	// PublishedTag is the tag again while the article is published, and
	// absent otherwise: it is the composite of GSI2's partition key, so
	// only junction items of published articles are in GSI2. The
	// workflows set it (CreateArticle, AddTag, SetStatus); a value other
	// than Tag is refused.
	PublishedTag string `dynamo:"publishedTag,omitempty"`
}

// VersionWidth is the zero-padded width of version numbers in sort keys:
// VERSION#000010 sorts after VERSION#000009.
const VersionWidth = 6

// ErrBadTag reports a tag that is not lower-case letters, digits and dashes.
var ErrBadTag = errors.New("cms: a tag is 1 to 64 lower-case letters, digits or dashes")

// CheckTag reports whether tag is a valid tag (ErrBadTag otherwise).
func CheckTag(tag string) error {
	if tag == "" || len(tag) > 64 || strings.Trim(tag, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return fmt.Errorf("%w: %q", ErrBadTag, tag)
	}
	return nil
}

func checkTagValue(v any) error {
	s, _ := v.(string)
	return CheckTag(s)
}

// checkArticleID refuses an article ID that is not a ULID: AP5 and AP6
// list articles newest first because the ID's string order is its
// creation order.
func checkArticleID(v any) error {
	s, _ := v.(string)
	if _, err := keys.ULIDTime(s); err != nil {
		return fmt.Errorf("an article ID is a ULID (26 upper-case Crockford base-32 characters, creation time first; see keys.NewULID), so that ID order is creation order: %w", err)
	}
	return nil
}

func checkTagSet(v any) error {
	tags, _ := v.([]string)
	for _, t := range tags {
		if err := CheckTag(t); err != nil {
			return err
		}
	}
	return nil
}

// Articles is the Article entity: ARTICLE#<articleId> / #METADATA on the
// table and AUTHOR#<authorId> / ARTICLE#<articleId> on GSI1 (an author's
// articles, in ULID order, which is creation order).
//
// Its status is read-only: an update that sets or removes it (typed or by
// name, alone or in a transaction) is refused with a
// *ddbmodel.ValidationError naming the attribute before anything is sent,
// because the article's junction items must enter or leave the sparse GSI2
// in the same transaction. SetStatus and SetStatusTx are the way to change
// it.
var Articles = entity.MustDefine(Table, articleConfig(true))

// articleConfig is the definition of the Article entity, with status
// read-only (Articles) or writable (the status writer of status.go, which
// only SetStatusTx uses).
func articleConfig(statusReadOnly bool) entity.Config[Article] {
	return entity.Config[Article]{
		Name: "article", Version: "1",
		Key: entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
		Indexes: []entity.IndexKey[Article]{
			{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"},
		},
		Attributes: map[string]entity.Attribute{
			"articleId":      {Required: true, Validate: checkArticleID},
			"title":          {Required: true},
			"slug":           {Required: true},
			"status":         {Required: true, Default: StatusDraft, Enum: []string{StatusDraft, StatusPublished, StatusArchived}, ReadOnly: statusReadOnly},
			"authorId":       {Required: true},
			"currentVersion": {Required: true, Default: 1},
			"tags":           {Validate: checkTagSet},
			"createdAt":      {Required: true, ReadOnly: true},
			"updatedAt":      {Required: true},
		},
		// The sample item of the model's exports (Table.Sample): the
		// value generated from the type would hold no ULID (articleId-1)
		// and no valid tag, which the rules above refuse.
		Sample: func() Article {
			return Article{ArticleID: sampleArticleID, Title: "Single-table design", Slug: "single-table-design",
				Excerpt: "One table, many entities.", AuthorID: "author-1", Tags: []string{"dynamodb"},
				CreatedAt: "2024-06-01T12:00:00.000Z", UpdatedAt: "2024-06-01T12:00:00.000Z"}
		},
	}
}

// sampleArticleID is the article ID of the model's sample items: a ULID,
// as checkArticleID requires.
const sampleArticleID = "01HZ6Y8Q9T3F4X5V6W7Y8Z9A0B"

// Versions is the ArticleVersion entity: ARTICLE#<articleId> /
// VERSION#<version>, in the article's partition next to its metadata.
var Versions = entity.MustDefine(Table, entity.Config[ArticleVersion]{
	Name: "articleVersion", Version: "1",
	Key: entity.Key{Partition: "ARTICLE#${articleId}", Sort: fmt.Sprintf("VERSION#${version:pad(%d)}", VersionWidth)},
	Attributes: map[string]entity.Attribute{
		"articleId": {Required: true},
		"version":   {Required: true},
		"body":      {Required: true},
		"createdBy": {Required: true},
	},
	Validate: func(v *ArticleVersion) error {
		if v.Version < 1 {
			return fmt.Errorf("version %d: versions start at 1", v.Version)
		}
		return nil
	},
})

// TagArticles is the TagArticle entity: TAG#<tag> / ARTICLE#<articleId> on
// the table, the inverse, ARTICLE#<articleId> / TAG#<tag>, on GSI1, and
// TAG#<publishedTag> / ARTICLE#<articleId> on the sparse GSI2, which an item
// enters only while it has a publishedTag (its article is published).
var TagArticles = entity.MustDefine(Table, entity.Config[TagArticle]{
	Name: "tagArticle", Version: "1",
	Key: entity.Key{Partition: "TAG#${tag}", Sort: "ARTICLE#${articleId}"},
	Indexes: []entity.IndexKey[TagArticle]{
		{Index: "GSI1", Partition: "ARTICLE#${articleId}", Sort: "TAG#${tag}"},
		{Index: "GSI2", Partition: "TAG#${publishedTag}", Sort: "ARTICLE#${articleId}", Sparse: true},
	},
	Attributes: map[string]entity.Attribute{
		"tag":       {Required: true, Validate: checkTagValue},
		"articleId": {Required: true, Validate: checkArticleID},
	},
	Validate: func(l *TagArticle) error {
		if l.PublishedTag != "" && l.PublishedTag != l.Tag {
			return fmt.Errorf("publishedTag %q differs from tag %q: it is the tag, or absent", l.PublishedTag, l.Tag)
		}
		return nil
	},
	// The sample item of the model's exports (Table.Sample): a ULID and a
	// valid tag, which the generated value (articleId-1) is not, of a
	// published article, so that it is in GSI2 too.
	Sample: func() TagArticle {
		return TagArticle{Tag: "dynamodb", ArticleID: sampleArticleID, TaggedAt: "2024-06-01T12:00:00.000Z", PublishedTag: "dynamodb"}
	},
})
