package blog

// The model's exports (CloudFormation, Terraform, design document; no NoSQL
// Workbench model, which cannot declare the multi-attribute index key) are
// checked in under model/; regenerate them after a
// model change. TestGoldenExports in entity/modelexport fails when they are
// stale.
//go:generate go run ../../internal/cmd/modelgen -example blog -dir model
