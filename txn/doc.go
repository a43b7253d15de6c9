// Package txn groups operations of any entities into transactions and
// batches.
//
// A write transaction takes puts, creates, updates, deletes and condition
// checks, is checked before sending (at most 100 actions and 4 MB, no two
// actions on one item), and fails as a *ddbmodel.TxCanceledError whose
// Reasons name each action's index, entity, operation and code, with the
// item as it was when DynamoDB returns it:
//
//	err := txn.Write(
//		Versions.Create(v),
//		Articles.Update(key).Set("currentVersion", 4).If(entity.Attr("currentVersion").Eq(3)),
//	).Run(ctx, db)
//
// Read transactions return typed items through Decode. BatchWrite and
// BatchGet chunk requests (25 writes, 100 reads), run them with bounded
// concurrency, and retry unprocessed items and every retryable error
// (ddbmodel.IsRetryable: throttling, 5xx, connection resets) with
// exponential backoff and jitter; what is not confirmed after every attempt
// is returned in a *ddbmodel.UnprocessedError, never dropped. A panic in a
// batch's goroutine comes back as a *ddbmodel.PanicError.
package txn
