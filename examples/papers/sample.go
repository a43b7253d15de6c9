package papers

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// SamplePaperID is the design's own paper, WP-002 "A Single-Table DynamoDB
// Model" (v0.3, draft) by jon, with guest as a contributor (Figure 1).
const SamplePaperID = "wp-002"

// Sample is the deterministic sample data set.
type Sample struct {
	Authors     []Author
	Papers      []Paper // by id
	Memberships []Membership
	Topics      []PaperTopic
}

// SampleDraftID is a draft of the sample, wp-006 "Least-Privilege IAM for
// Small Teams" v0.9, which the published wp-012 (SampleSuccessorID, v1.0 of
// the same paper) replaces: the program supersedes it (SupersedeDraft).
const SampleDraftID = "wp-006"

// SampleSuccessorID is the published paper that supersedes SampleDraftID.
const SampleSuccessorID = "wp-012"

// SampleData returns the sample data set: five authors, nine papers in
// three collections, seventeen memberships and twenty topic items. Paper
// dates are fixed; wp-004's is written with a +02:00 offset, so that it
// sorts by its instant (before wp-002), not by its text. No item has an
// expiry: the sample holds no superseded draft until one is superseded.
func SampleData() Sample {
	s := Sample{
		Authors: []Author{
			{Handle: "ada", Name: "Ada Lindqvist", Affiliation: "Prosyon Research"},
			{Handle: "guest", Name: "Guest Contributor", Affiliation: "Independent"},
			{Handle: "jon", Name: "Jon", Affiliation: "Prosyon Research"},
			{Handle: "mei", Name: "Mei Tanaka", Affiliation: "Northwind Labs"},
			{Handle: "raf", Name: "Rafael Costa", Affiliation: "Prosyon Research"},
		},
		Papers: []Paper{
			{ID: "wp-001", Title: "Zero Cost When Idle", Abstract: "A serverless stack whose bill is storage alone while nobody uses it.", Version: "1.0", Status: StatusPublished, Collection: "Data & Storage", Date: "2025-11-04T09:00:00Z"},
			{ID: "wp-002", Title: "A Single-Table DynamoDB Model", Abstract: "This paper works through a single-table DynamoDB design from access patterns to keys, GSIs, and the cost model that makes it attractive for a zero-cost-when-idle stack.", Version: "0.3", Status: StatusDraft, Collection: "Data & Storage", Date: "2026-03-10T00:00:00Z"},
			{ID: "wp-003", Title: "Tracing a Serverless Request", Abstract: "Following one request through queues, functions and tables.", Version: "1.1", Status: StatusPublished, Collection: "Infrastructure", Date: "2025-12-15T14:30:00Z"},
			{ID: "wp-004", Title: "Migrating Keys Without Downtime", Abstract: "Backfilling new key attributes while the old ones keep serving.", Version: "0.9", Status: StatusDraft, Collection: "Data & Storage", Date: "2026-03-10T01:00:00+02:00"},
			{ID: "wp-005", Title: "Cold Starts Considered Cheap", Abstract: "Measuring what a cold start costs a low-traffic service.", Version: "1.0", Status: StatusPublished, Collection: "Infrastructure", Date: "2026-02-11T08:00:00Z"},
			{ID: SampleDraftID, Title: "Least-Privilege IAM for Small Teams", Abstract: "Policies that stay narrow without slowing a team down.", Version: "0.9", Status: StatusDraft, Collection: "Security", Date: "2026-02-27T16:45:00Z"},
			{ID: "wp-007", Title: "Change Data Capture with Streams", Abstract: "Feeding search and analytics from table streams.", Version: "0.5", Status: StatusDraft, Collection: "Data & Storage", Date: "2026-04-02T10:15:00Z"},
			{ID: "wp-008", Title: "Structured Logs on a Budget", Abstract: "Queryable logs for services that are mostly idle.", Version: "1.0", Status: StatusPublished, Collection: "Infrastructure", Date: "2026-05-06T11:00:00Z"},
			{ID: SampleSuccessorID, Title: "Least-Privilege IAM for Small Teams", Abstract: "Policies that stay narrow without slowing a team down.", Version: "1.0", Status: StatusPublished, Collection: "Security", Date: "2026-05-20T09:00:00Z"},
		},
	}
	members := []struct{ id, handle, role string }{
		{"wp-001", "ada", RoleContributor}, {"wp-001", "jon", RoleAuthor},
		{"wp-002", "guest", RoleContributor}, {"wp-002", "jon", RoleAuthor},
		{"wp-003", "ada", RoleAuthor}, {"wp-003", "mei", RoleAuthor},
		{"wp-004", "jon", RoleAuthor}, {"wp-004", "raf", RoleContributor},
		{"wp-005", "mei", RoleAuthor},
		{"wp-006", "jon", RoleContributor}, {"wp-006", "raf", RoleAuthor},
		{"wp-007", "ada", RoleAuthor}, {"wp-007", "guest", RoleContributor}, {"wp-007", "jon", RoleAuthor},
		{"wp-008", "mei", RoleAuthor}, {"wp-008", "raf", RoleAuthor},
		{SampleSuccessorID, "raf", RoleAuthor},
	}
	for _, m := range members {
		s.Memberships = append(s.Memberships, Membership{PaperID: m.id, Handle: m.handle, Role: m.role})
	}
	topics := map[string][]string{
		"wp-001":          {"cost", "serverless"},
		"wp-002":          {"cost", "data-modeling", "dynamodb"},
		"wp-003":          {"observability", "serverless"},
		"wp-004":          {"dynamodb", "migrations"},
		"wp-005":          {"cost", "serverless"},
		"wp-006":          {"iam", "security"},
		"wp-007":          {"data-modeling", "dynamodb", "streams"},
		"wp-008":          {"observability", "serverless"},
		SampleSuccessorID: {"iam", "security"},
	}
	for _, p := range s.Papers {
		for _, t := range topics[p.ID] {
			s.Topics = append(s.Topics, PaperTopic{PaperID: p.ID, Topic: t})
		}
	}
	return s
}

// LoadSample writes the sample data set to db in batches of 25 puts
// (replacing items with the same keys, so loading twice is harmless).
func LoadSample(ctx context.Context, db *entity.DB) error {
	s := SampleData()
	var ops []entity.BatchWriter
	for _, a := range s.Authors {
		ops = append(ops, Authors.Put(a))
	}
	for _, p := range s.Papers {
		ops = append(ops, Papers.Put(p))
	}
	for _, m := range s.Memberships {
		ops = append(ops, Memberships.Put(m))
	}
	for _, t := range s.Topics {
		ops = append(ops, PaperTopics.Put(t))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		return fmt.Errorf("papers: load sample data: %w", err)
	}
	return nil
}
