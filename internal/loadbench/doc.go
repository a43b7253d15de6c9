// Package loadbench measures the library against hand-written
// aws-sdk-go-v2 code end to end, on DynamoDB Local: a bulk load through
// txn.BatchWrite beside raw concurrent BatchWriteItem calls with the same
// concurrency, and the heap of a query streaming a large partition through
// query.All. It has only tests and benchmarks; BENCHMARKS.md gives the
// commands and the figures.
package loadbench
