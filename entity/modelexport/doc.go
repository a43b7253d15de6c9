// Package modelexport renders an [entity.Table] model as the documents a
// team otherwise keeps by hand, apart from the code: the table as
// infrastructure, in CloudFormation ([CloudFormationJSON],
// [CloudFormationYAML]) and Terraform ([Terraform]), the key design as
// a Markdown document ([DesignDoc]), and the model as a NoSQL Workbench
// data model with a facet and a sample item per entity ([NoSQLWorkbench]).
//
// Every export is derived from [entity.Table.CreateTableInput] and the
// table's TTLAttribute, so it declares exactly the table Ensure and the
// test kit create: every key attribute, every global and local index with
// its projection, the billing mode with any provisioned capacity, the
// stream, and TTL. The output is deterministic
// (the order of the model's declarations), so it can be checked in and
// compared by a test that fails when it is stale. No dependency beyond
// the standard library writes it.
package modelexport
