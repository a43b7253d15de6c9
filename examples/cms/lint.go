package cms

import "github.com/ddbmodel/ddbmodel/entity"

// LintOptions are the model's intended exceptions to Table.Lint, each with
// its reason; the modelexport tests check that nothing else is found.
var LintOptions = entity.LintOptions{Allow: []entity.Allow{
	{Code: entity.LintDefaultHidesZero, Entity: "article",
		Reason: "versions are numbered from 1: a currentVersion of 0 names no version, so a put of 0 taking the Default 1 is intended, and no update sets 0"},
}}
