package cms

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Table is the single table of the CMS: the design's lower-case key
// attributes pk and sk and one overloaded index, GSI1 (gsi1pk, gsi1sk).
// "cms" is its default name; an entity.DB may send to another.
var Table = &entity.Table{
	Name:         "cms",
	PartitionKey: entity.S("pk"),
	SortKey:      entity.S("sk"),
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("gsi1pk"), SortKey: entity.S("gsi1sk")},
	},
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
// and articles: in the tag's partition on the table (articles of a tag) and
// in the article's partition on GSI1 (tags of an article).
type TagArticle struct {
	Tag       string `dynamo:"tag"`
	ArticleID string `dynamo:"articleId"`
	TaggedAt  string `dynamo:"taggedAt"`
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
var Articles = entity.MustDefine(Table, entity.Config[Article]{
	Name: "article", Version: "1",
	Key: entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
	Indexes: []entity.IndexKey[Article]{
		{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"},
	},
	Attributes: map[string]entity.Attribute{
		"articleId":      {Required: true},
		"title":          {Required: true},
		"slug":           {Required: true},
		"status":         {Required: true, Default: StatusDraft, Enum: []string{StatusDraft, StatusPublished, StatusArchived}},
		"authorId":       {Required: true},
		"currentVersion": {Required: true, Default: 1},
		"tags":           {Validate: checkTagSet},
		"createdAt":      {Required: true, ReadOnly: true},
		"updatedAt":      {Required: true},
	},
})

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
// the table and the inverse, ARTICLE#<articleId> / TAG#<tag>, on GSI1.
var TagArticles = entity.MustDefine(Table, entity.Config[TagArticle]{
	Name: "tagArticle", Version: "1",
	Key: entity.Key{Partition: "TAG#${tag}", Sort: "ARTICLE#${articleId}"},
	Indexes: []entity.IndexKey[TagArticle]{
		{Index: "GSI1", Partition: "ARTICLE#${articleId}", Sort: "TAG#${tag}"},
	},
	Attributes: map[string]entity.Attribute{
		"tag":       {Required: true, Validate: checkTagValue},
		"articleId": {Required: true},
	},
})
