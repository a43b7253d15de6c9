// Package entitytest is the test kit of ddbmodel: what a Go test needs to run
// an entity model against DynamoDB Local, or against no server at all.
//
// Against DynamoDB Local, [NewDB] gives each test a fresh table created from
// the model, on a server started once per test binary, lazily, the first time
// a test asks for it:
//
//	func TestCreateArticle(t *testing.T) {
//		t.Parallel()
//		db := entitytest.NewDB(t, model.Table) // skipped under go test -short
//		if _, err := model.Articles.Create(a).Run(t.Context(), db); err != nil {
//			t.Fatal(err)
//		}
//	}
//
// The server is DynamoDB Local, downloaded once into the user cache and run
// in memory by package [github.com/ddbmodel/ddbmodel/entity/ddblocal] (Java
// 17 must be on PATH or in $JAVA_HOME/bin). The first download says so, with
// its progress, on the test binary's stderr, which go test shows in its
// output. Tests that never call [NewDB], [NewTable], [Client]
// or [Endpoint] start nothing, so unit tests need no Java. When the
// environment variable DYNAMODB_ENDPOINT is set, tests use the DynamoDB Local
// it points to instead of starting one. Under go test -short those functions
// skip the test; otherwise they never skip: a server that cannot be started
// fails the test with the reason and what to install. On Linux the server
// dies with the test binary, also when it panics or hits -timeout; on other
// systems call [Main] from TestMain to stop it at the end of the run.
//
// Without a server, [NewRecorder] records every request a test sends (so a
// test can assert that a mistake was refused before sending, or that exactly
// one transaction with given actions was sent), [NoRequests] fails a test on
// any request, and [NewFaultClient] injects the faults DynamoDB Local never
// produces (throttling, server errors, lost responses, unprocessed batch
// items, transaction conflicts, failed conditions), so that retry and error
// handling can be tested. [CmpOptions] lets github.com/google/go-cmp compare
// built requests.
//
// Clients for DynamoDB Local must not validate response checksums (its error
// responses carry none, and the SDK logs a warning for each); [Client] and
// ddblocal.NewClient are configured that way.
package entitytest
