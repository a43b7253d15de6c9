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

// Keys and typed field handles, resolved once.
var (
	ArticleByID   = entity.KeyOf[ArticleKey](Articles)
	VersionByKey  = entity.KeyOf[VersionKey](Versions)
	ArticleCurVer = entity.NumberOf(Articles, func(a *Article) *int { return &a.CurrentVersion })
	ArticleUpdAt  = entity.StringOf(Articles, func(a *Article) *string { return &a.UpdatedAt })
	ArticleTitle  = entity.StringOf(Articles, func(a *Article) *string { return &a.Title })
	VersionNumber = entity.NumberOf(Versions, func(v *ArticleVersion) *int { return &v.Version })
)
