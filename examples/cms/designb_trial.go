package cms

// Design B trial: one handle type (entity.Field[T, V], from FieldOf alone)
// and the operations that depend on V's kind as generic package functions
// whose constraints refuse the wrong kinds. Here as a prototype on the
// public API of design A, to compare how the example reads.

import "github.com/ddbmodel/ddbmodel/entity"

// add is design B's Add: a package function constrained to numbers.
func add[T any, V entity.Number](f entity.Field[T, V], v V) entity.Change[T] {
	return entity.AsNumber(f).Add(v)
}

// beginsWith is design B's BeginsWith: constrained to strings.
func beginsWith[T any, V ~string](f entity.Field[T, V], p V) entity.Cond[T] {
	return entity.AsString(f).BeginsWith(p)
}

// ArticleKey identifies an article.
type ArticleKey struct {
	ArticleID string `dynamo:"articleId"`
}

// VersionKey identifies a version of an article.
type VersionKey struct {
	ArticleID string `dynamo:"articleId"`
	Version   int    `dynamo:"version"`
}

// Keys and handles (design B: FieldOf for every field).
var (
	ArticleByID   = entity.KeyOf[ArticleKey](Articles)
	VersionByKey  = entity.KeyOf[VersionKey](Versions)
	ArticleCurVer = entity.FieldOf(Articles, func(a *Article) *int { return &a.CurrentVersion })
	ArticleUpdAt  = entity.FieldOf(Articles, func(a *Article) *string { return &a.UpdatedAt })
	ArticleTitle  = entity.FieldOf(Articles, func(a *Article) *string { return &a.Title })
	VersionNumber = entity.FieldOf(Versions, func(v *ArticleVersion) *int { return &v.Version })
)

var (
	_ = add(ArticleCurVer, 1)             // compiles: a number
	_ = beginsWith(ArticleTitle, "Intro") // compiles: a string
)
