package cms

import "github.com/ddbmodel/ddbmodel/entity"

// The design's reads, registered with Table with the sample's values, so
// that the generated design document lists each one's request and the lint
// knows which indexes are read.
func init() {
	Table.MustAddAccessPatterns(
		entity.GetPattern("AP1 article", "an article's metadata", ArticleGet(SampleArticleID)),
		entity.GetPattern("AP3 version", "one version of an article", VersionGet(SampleArticleID, 2)),
		entity.QueryPattern("AP4 versions", "an article's versions, oldest first, without bodies", VersionsQuery(SampleArticleID)),
		entity.QueryPattern("AP5 articles by author", "an author's articles, newest first", ArticlesByAuthorQuery("u_01")),
		entity.QueryPattern("AP6 published articles by tag", "the public tag page: published articles of a tag, newest first", ArticlesByTagQuery("dynamodb")),
		entity.QueryPattern("AP6 all articles by tag", "the editors' tag page: every article of a tag", AllArticlesByTagQuery("dynamodb")),
		entity.QueryPattern("AP7 tags of an article", "the tags of an article, from the inverted junction", TagsOfArticleQuery(SampleArticleID)),
	)
}
