// Package ddbtest holds helpers for the library's own tests: comparison
// options for SDK structs, and a client that fails the test when called.
package ddbtest
