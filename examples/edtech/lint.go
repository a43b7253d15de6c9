package edtech

import "github.com/ddbmodel/ddbmodel/entity"

// LintOptions are the model's intended exceptions to Table.Lint, each with
// its reason; the modelexport tests check that nothing else is found.
var LintOptions = entity.LintOptions{Allow: []entity.Allow{
	{Code: entity.LintPrefixOverlap, Entity: "MODULE",
		Reason: "hierarchical sort keys: CourseStructureQuery reads every module with its lessons in one query (begins_with(SK, \"MODULE#\")), and a collection decodes each item by its marker; CourseModulesQuery lists modules alone on GSI1, which lessons do not enter"},
}}
