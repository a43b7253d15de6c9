package txn

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// BatchOptions tunes batch reads and writes. The zero value is usable.
type BatchOptions struct {
	// Concurrency is how many requests run at once; default 4.
	Concurrency int
	// MaxAttempts is how many times one chunk is sent before what is
	// still unprocessed is reported; default 8.
	MaxAttempts int
	// BaseDelay and MaxDelay bound the exponential backoff with full
	// jitter between attempts; defaults 25ms and 2s.
	BaseDelay, MaxDelay time.Duration
}

func (o BatchOptions) withDefaults() BatchOptions {
	if o.Concurrency <= 0 {
		o.Concurrency = 4
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 8
	}
	if o.BaseDelay <= 0 {
		o.BaseDelay = 25 * time.Millisecond
	}
	if o.MaxDelay <= 0 {
		o.MaxDelay = 2 * time.Second
	}
	return o
}

// backoff waits before attempt n (n >= 1), honouring ctx.
func (o BatchOptions) backoff(ctx context.Context, n int) error {
	d := o.BaseDelay << min(n-1, 20)
	if d > o.MaxDelay || d <= 0 {
		d = o.MaxDelay
	}
	t := time.NewTimer(time.Duration(rand.Int64N(int64(d) + 1)))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func keyID(table string, key map[string]types.AttributeValue) string { return expr.KeyID(table, key) }

// retry sends pending until nothing is left or MaxAttempts is reached,
// backing off between attempts; it stops early on an error a retry cannot
// cure or when ctx is done. It returns what is still pending and the last
// error.
func retry[P ~map[string]V, V any](ctx context.Context, opts BatchOptions, pending P, send func(P) (P, error)) (P, error) {
	var last error
	for attempt := 1; attempt <= opts.MaxAttempts && len(pending) > 0; attempt++ {
		if attempt > 1 {
			if err := opts.backoff(ctx, attempt-1); err != nil {
				return pending, err
			}
		}
		next, err := send(pending)
		if err != nil {
			last = err
			if !ddbmodel.IsRetryable(err) || ctx.Err() != nil {
				return pending, err
			}
			continue
		}
		last, pending = nil, next
	}
	return pending, last
}

// runChunks runs fn over chunks with bounded concurrency, collecting errors.
func runChunks(ctx context.Context, n, concurrency int, fn func(ctx context.Context, i int) error) []error {
	errs := make([]error, n)
	sem := make(chan struct{}, concurrency)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = fn(ctx, i)
		}(i)
	}
	wg.Wait()
	return errs
}

// BatchWrite puts and deletes items of any entities in chunks of 25, with
// bounded concurrency, retrying unprocessed items with exponential backoff
// and jitter. Batch writes are not transactions: each item is written or
// not on its own. What is still unprocessed after every attempt comes back
// in a *ddbmodel.UnprocessedError; nothing is dropped silently. Everything
// is checked before the first request: an invalid item sends nothing.
func BatchWrite(ctx context.Context, db *entity.DB, opts BatchOptions, ops ...entity.BatchWriter) error {
	opts = opts.withDefaults()
	reqs := make([]entity.BatchWrite, 0, len(ops))
	seen := map[string]int{}
	for i, op := range ops {
		w, err := op.BatchWrite()
		if err != nil {
			return fmt.Errorf("txn: batch write %d: %w", i, err)
		}
		w.Table = aws.ToString(db.Table(w.Table))
		id := keyID(w.Table, w.Key)
		if j, dup := seen[id]; dup {
			return &ddbmodel.ValidationError{Entity: w.Entity, Reason: fmt.Sprintf("batch writes %d and %d are on the same item", j, i)}
		}
		seen[id] = i
		if w.Request.PutRequest != nil {
			if n := expr.ItemSize(w.Request.PutRequest.Item); n > expr.MaxItemBytes {
				return &ddbmodel.LimitError{Entity: w.Entity, What: "item size in bytes", Limit: expr.MaxItemBytes, Got: n}
			}
		}
		reqs = append(reqs, w)
	}
	var chunks [][]entity.BatchWrite
	for len(reqs) > 0 {
		n := min(len(reqs), expr.MaxBatchWrite)
		chunks = append(chunks, reqs[:n])
		reqs = reqs[n:]
	}
	left := make([]map[string][]types.WriteRequest, len(chunks))
	errs := runChunks(ctx, len(chunks), opts.Concurrency, func(ctx context.Context, i int) error {
		pending := map[string][]types.WriteRequest{}
		for _, w := range chunks[i] {
			pending[w.Table] = append(pending[w.Table], w.Request)
		}
		var err error
		left[i], err = retry(ctx, opts, pending, func(pending map[string][]types.WriteRequest) (map[string][]types.WriteRequest, error) {
			out, err := db.Client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending}, db.Options...)
			if err != nil {
				return pending, err
			}
			return out.UnprocessedItems, nil
		})
		return err
	})
	ue := &ddbmodel.UnprocessedError{}
	for i := range chunks {
		for _, reqs := range left[i] {
			for _, r := range reqs {
				if r.PutRequest != nil {
					ue.Puts = append(ue.Puts, r.PutRequest.Item)
				} else if r.DeleteRequest != nil {
					ue.Deletes = append(ue.Deletes, r.DeleteRequest.Key)
				}
			}
		}
		if errs[i] != nil && ue.Cause == nil {
			ue.Cause = errs[i]
		}
	}
	if len(ue.Puts)+len(ue.Deletes) > 0 {
		return ue
	}
	if ue.Cause != nil {
		return fmt.Errorf("txn: batch write: %w", ue.Cause)
	}
	return nil
}

// BatchGet reads items of any entities in chunks of 100 with bounded
// concurrency, retrying unprocessed keys with exponential backoff and
// jitter. The result is aligned with reads: Found(i) and Decode(items, i, e)
// address read i. Keys still unprocessed after every attempt come back in a
// *ddbmodel.UnprocessedError.
func BatchGet(ctx context.Context, db *entity.DB, opts BatchOptions, reads ...ReadOp) (Items, error) {
	opts = opts.withDefaults()
	var uniq []batchKey
	pos := map[string][]int{}
	seen := map[string]int{} // key ID -> index in uniq
	for i, r := range reads {
		g, err := r.TransactGet()
		if err != nil {
			return Items{}, fmt.Errorf("txn: batch get %d: %w", i, err)
		}
		table := aws.ToString(db.Table(aws.ToString(g.Get.TableName)))
		id := keyID(table, g.Get.Key)
		if _, ok := pos[id]; !ok {
			seen[id] = len(uniq)
			uniq = append(uniq, batchKey{table, g.Get.Key, r.IsConsistent()})
		} else if r.IsConsistent() {
			uniq[seen[id]].consistent = true
		}
		pos[id] = append(pos[id], i)
	}
	var chunks [][]batchKey
	for len(uniq) > 0 {
		n := min(len(uniq), expr.MaxBatchGet)
		chunks = append(chunks, uniq[:n])
		uniq = uniq[n:]
	}
	res := Items{raw: make([]map[string]types.AttributeValue, len(reads))}
	var mu sync.Mutex
	left := make([]map[string]types.KeysAndAttributes, len(chunks))
	errs := runChunks(ctx, len(chunks), opts.Concurrency, func(ctx context.Context, i int) error {
		pending := map[string]types.KeysAndAttributes{}
		for _, w := range chunks[i] {
			ka := pending[w.table]
			ka.Keys = append(ka.Keys, w.key)
			if w.consistent {
				// DynamoDB sets consistency per table: one consistent read
				// makes the chunk's reads of that table consistent.
				ka.ConsistentRead = aws.Bool(true)
			}
			pending[w.table] = ka
		}
		var err error
		left[i], err = retry(ctx, opts, pending, func(pending map[string]types.KeysAndAttributes) (map[string]types.KeysAndAttributes, error) {
			out, err := db.Client.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: pending}, db.Options...)
			if err != nil {
				return pending, err
			}
			mu.Lock()
			for table, items := range out.Responses {
				t := table
				keyNames := keyNamesOf(chunks[i], t)
				for _, it := range items {
					k := map[string]types.AttributeValue{}
					for _, n := range keyNames {
						k[n] = it[n]
					}
					for _, p := range pos[keyID(t, k)] {
						res.raw[p] = it
					}
				}
			}
			mu.Unlock()
			return out.UnprocessedKeys, nil
		})
		return err
	})
	ue := &ddbmodel.UnprocessedError{}
	for i := range chunks {
		for _, ka := range left[i] {
			ue.Keys = append(ue.Keys, ka.Keys...)
		}
		if errs[i] != nil && ue.Cause == nil {
			ue.Cause = errs[i]
		}
	}
	if len(ue.Keys) > 0 {
		return res, ue
	}
	if ue.Cause != nil {
		return res, fmt.Errorf("txn: batch get: %w", ue.Cause)
	}
	return res, nil
}

type batchKey struct {
	table      string
	key        map[string]types.AttributeValue
	consistent bool
}

// keyNamesOf returns the key attribute names of table's keys in chunk.
func keyNamesOf(chunk []batchKey, table string) []string {
	for _, w := range chunk {
		if w.table == table {
			names := make([]string, 0, len(w.key))
			for n := range w.key {
				names = append(names, n)
			}
			return names
		}
	}
	return nil
}

// BatchGetOf reads items of one entity by their key composites and returns
// those found, in the order of keys.
func BatchGetOf[T any](ctx context.Context, db *entity.DB, opts BatchOptions, e *entity.Entity[T], keys ...entity.Values) ([]T, error) {
	reads := make([]ReadOp, len(keys))
	for i, k := range keys {
		reads[i] = e.Get(k)
	}
	items, err := BatchGet(ctx, db, opts, reads...)
	if err != nil {
		return nil, err
	}
	var out []T
	for i := range keys {
		if !items.Found(i) {
			continue
		}
		v, err := e.Decode(items.raw[i])
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
