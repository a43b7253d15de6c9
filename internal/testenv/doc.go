// Package testenv gives integration tests a DynamoDB to talk to.
//
// A package's tests call [Main] from TestMain. Unless tests run with -short,
// Main starts one DynamoDB Local (see package ddblocal) for the whole test
// binary, or uses the endpoint in $DYNAMODB_ENDPOINT when that is set. Tests
// then take the shared client from [Client] and create their own tables with
// [NewTable], which gives every table a unique name and deletes it when the
// test ends, so tests may run in parallel:
//
//	func TestMain(m *testing.M) { testenv.Main(m) }
//
//	func TestSomething(t *testing.T) {
//		t.Parallel()
//		client := testenv.Client(t)
//		table := testenv.NewTable(t, &dynamodb.CreateTableInput{TableName: aws.String("cms-"), ...})
//		...
//	}
//
// With -short, [Client], [Endpoint] and [NewTable] skip the test. Without
// -short they never skip: a server that cannot be started fails the test
// binary with the reason.
package testenv
