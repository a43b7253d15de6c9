package blog

// The model's exports (CloudFormation, Terraform, design document, NoSQL
// Workbench model) are checked in under model/; regenerate them after a
// model change. TestGoldenExports in entity/modelexport fails when they are
// stale.
//go:generate go run ../../internal/cmd/modelgen -example blog -dir model
