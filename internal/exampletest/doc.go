// Package exampletest runs the example programs from their tests against
// the test binary's DynamoDB Local, and loads their sample data there.
package exampletest
