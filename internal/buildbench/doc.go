// Package buildbench holds no code: its tests benchmark the request
// builders of entity, query and txn beside hand-written aws-sdk-go-v2 code
// building the same requests, in one test binary that compiles quickly
// (see BENCHMARKS.md).
package buildbench
