package blog

import "github.com/ddbmodel/ddbmodel/entity"

// The design's reads, registered with Table with sample values, so that the
// generated design document lists each one's request and the lint knows
// which indexes are read.
func init() {
	Table.MustAddAccessPatterns(
		entity.QueryPattern("latest posts", "the latest published posts", LatestPostsQuery(10)),
		entity.QueryPattern("popular posts", "the most viewed posts", PopularPostsQuery(10)),
		entity.QueryPattern("post by slug", "a post by its slug", PostBySlugQuery("hello-world")),
		entity.QueryPattern("posts by author", "an author's posts of a status", PostsByAuthorQuery("u1", "published", 10)),
		entity.QueryPattern("tags by prefix", "tags beginning with a prefix", TagsByPrefixQuery("dyn", 10)),
		entity.QueryPattern("popular tags", "the most used tags", PopularTagsQuery(10)),
		entity.GetPattern("user by email", "the user of an e-mail address", UserEmailGet("a@example.com")),
		entity.GetPattern("user", "a user by id", UserGet("u1")),
		entity.QueryPattern("user by username", "a user by username", UserByUsernameQuery("alice")),
		entity.GetPattern("provider user", "the user of a sign-in provider's account", ProviderUserGet("github", "123")),
		entity.QueryPattern("users by status and rating", "users of a status, by rating", UsersByStatusRatingQuery("active", 10)),
		entity.QueryPattern("users by status and creation", "users of a status, newest first", UsersByStatusCreatedQuery("active", 10)),
		entity.QueryPattern("contact messages", "the contact form's messages", ContactMessagesQuery(10)),
		entity.QueryPattern("posts by tags", "posts carrying a set of tags", PostsByTagsQuery([]string{"aws", "dynamodb"}, 10)),
		entity.GetPattern("has seen post", "whether a user has seen a post", HasSeenPostGet("p1", "u1")),
		entity.GetPattern("has liked post", "whether a user liked a post", HasLikedPostGet("p1", "u1")),
	)
}
