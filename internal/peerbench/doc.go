// Package peerbench holds no Go code: its bench.mjs measures ElectroDB and
// DynamoDB Toolbox building the requests of BENCHMARKS.md's CMS model (see
// README.md).
package peerbench
