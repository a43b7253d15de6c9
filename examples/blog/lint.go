package blog

import "github.com/ddbmodel/ddbmodel/entity"

// LintOptions are the model's intended exceptions to Table.Lint, each with
// its reason; the modelexport tests check that nothing else is found.
var LintOptions = entity.LintOptions{Allow: []entity.Allow{
	{Code: entity.LintHotPartition, Entity: "ContactMessage",
		Reason: "a contact form is low volume, and one partition lists every message in time order (see Contact messages in the package documentation)"},
	{Code: entity.LintHotPartition, Entity: "PostTag", Index: IndexTagsByTypeRating,
		Reason: "the design's tag_type_pk is the constant POST_TAG, so that one query ranks all tags; tags are few and rarely written"},
	{Code: entity.LintHotPartition, Entity: "PostTag", Index: IndexTagsByTypeName,
		Reason: "the design's tag_type_pk is the constant POST_TAG, so that one query autocompletes over all tags; tags are few and rarely written"},
	{Code: entity.LintUnusedIndex, Index: IndexUsersByEmail,
		Reason: "the design declares it and it is kept filled, but sign-in reads the UserEmail item consistently instead (see Strongly consistent sign-in in the package documentation)"},
}}
