// Package exampleapp is the shared harness of the runnable example programs
// (examples/<name>/cmd/<name>). An example's main function describes its
// tables and its run, and calls [Main]:
//
//	func main() {
//		exampleapp.Main(exampleapp.Config{
//			Name:         "cms",
//			DefaultTable: "cms",
//			Tables:       func(table string) []*dynamodb.CreateTableInput { ... },
//			Run: func(ctx context.Context, app *exampleapp.App) error {
//				// load sample data into app.Table with app.Client, then for
//				// every access pattern:
//				app.Pattern("AP1", "Articles of an author", exampleapp.DescribeQuery(in), header, rows)
//				return nil
//			},
//		})
//	}
//
// The program talks to the DynamoDB named by -endpoint or $DYNAMODB_ENDPOINT;
// with neither it starts DynamoDB Local for the run (package ddblocal: Java 17
// needed; the first run downloads it), and -endpoint=aws selects real AWS through
// the default AWS configuration chain. Tables are created when absent. With
// -v, a DB passed through [App.Observe] logs each request (package
// slogobserve, debug level) to standard error; the report is unchanged.
//
// [App.Pattern] prints each access pattern as a header, the request and an
// aligned table of results. The Describe functions ([DescribeQuery],
// [DescribeGet], [DescribeScan], [DescribeTransaction], ...) render requests
// for that report with their placeholders replaced by names and values.
// [Run] does what Main does without exiting, for tests of the examples.
package exampleapp
