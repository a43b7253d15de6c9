package cms

import "github.com/ddbmodel/ddbmodel/entity"

// ArticleKey identifies an article.
type ArticleKey struct {
	ArticleID string `dynamo:"articleId"`
}

// VersionKey identifies a version of an article.
type VersionKey struct {
	ArticleID string `dynamo:"articleId"`
	Version   int    `dynamo:"version"`
}

// TagArticleKey identifies a tag's junction item for an article.
type TagArticleKey struct {
	Tag       string `dynamo:"tag"`
	ArticleID string `dynamo:"articleId"`
}

// ByAuthor is the partition of an author's articles on GSI1.
type ByAuthor struct {
	AuthorID string `dynamo:"authorId"`
}

// OfTag is the partition of a tag's junction items on the table: every
// article of the tag, whatever its status.
type OfTag struct {
	Tag string `dynamo:"tag"`
}

// OfPublishedTag is the partition of a tag's junction items on GSI2: the
// published articles of the tag.
type OfPublishedTag struct {
	Tag string `dynamo:"publishedTag"`
}

// Keys and typed field handles, resolved once.
var (
	ArticleByID     = entity.ItemKeyOf[ArticleKey](Articles)
	VersionByKey    = entity.ItemKeyOf[VersionKey](Versions)
	TagArticleByKey = entity.ItemKeyOf[TagArticleKey](TagArticles)

	ArticleVersions = entity.QueryKeyOf[ArticleKey](Versions, "") // an article's key is its versions' partition
	AuthorArticles  = entity.QueryKeyOf[ByAuthor](Articles, "GSI1")
	TagLinks        = entity.QueryKeyOf[OfTag](TagArticles, "")
	ArticleTagLinks = entity.QueryKeyOf[ArticleKey](TagArticles, "GSI1") // the inverted junction
	PublishedLinks  = entity.QueryKeyOf[OfPublishedTag](TagArticles, "GSI2")

	ArticleTags      = entity.SetOf(Articles, func(a *Article) *[]string { return &a.Tags })
	ArticleCurVer    = entity.NumberOf(Articles, func(a *Article) *int { return &a.CurrentVersion })
	ArticleUpdAt     = entity.StringOf(Articles, func(a *Article) *string { return &a.UpdatedAt })
	ArticleTitle     = entity.StringOf(Articles, func(a *Article) *string { return &a.Title })
	ArticleStatus    = entity.StringOf(Articles, func(a *Article) *string { return &a.Status })
	ArticlePubAt     = entity.StringOf(Articles, func(a *Article) *string { return &a.PublishedAt })
	LinkPublishedTag = entity.StringOf(TagArticles, func(l *TagArticle) *string { return &l.PublishedTag })
	VersionNumber    = entity.NumberOf(Versions, func(v *ArticleVersion) *int { return &v.Version })
	VersionArticleID = entity.StringOf(Versions, func(v *ArticleVersion) *string { return &v.ArticleID })
	VersionWordCount = entity.NumberOf(Versions, func(v *ArticleVersion) *int { return &v.WordCount })
	VersionCreatedBy = entity.StringOf(Versions, func(v *ArticleVersion) *string { return &v.CreatedBy })
	VersionCreatedAt = entity.StringOf(Versions, func(v *ArticleVersion) *string { return &v.CreatedAt })
)
