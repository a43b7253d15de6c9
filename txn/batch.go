package txn

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// BatchOptions tunes batch reads and writes. The zero value is usable.
type BatchOptions struct {
	// Concurrency is how many chunks are in flight at once, each in its
	// own goroutine; default 4. Zero takes a field's default; a negative
	// field is refused before any request.
	Concurrency int
	// MaxAttempts is how many times one chunk is sent before what is
	// still unconfirmed is reported; default 8. A chunk is sent again
	// for the items DynamoDB left unprocessed and after every error
	// ddbmodel.IsRetryable accepts (throttling, 5xx, connection resets),
	// with the same backoff; any other error ends the chunk at once.
	MaxAttempts int
	// BaseDelay and MaxDelay bound the exponential backoff with full
	// jitter between attempts; defaults 25ms and 2s.
	BaseDelay, MaxDelay time.Duration
}

// check refuses negative options: zero takes the default, and a negative
// number is a mistake, not a request for the default.
func (o BatchOptions) check(what string) error {
	if o.Concurrency < 0 || o.MaxAttempts < 0 || o.BaseDelay < 0 || o.MaxDelay < 0 {
		return &ddbmodel.ValidationError{Reason: fmt.Sprintf("%s: BatchOptions must not be negative (zero takes the default), got Concurrency %d, MaxAttempts %d, BaseDelay %v, MaxDelay %v",
			what, o.Concurrency, o.MaxAttempts, o.BaseDelay, o.MaxDelay)}
	}
	return nil
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

// retry sends *pending until nothing is left or MaxAttempts is reached,
// backing off between attempts; it stops early on an error a retry cannot
// cure (ddbmodel.IsRetryable) or when ctx is done. *pending always holds
// what is not confirmed yet, even when send panics; retry returns the last
// error.
func retry[P ~map[string]V, V any](ctx context.Context, opts BatchOptions, pending *P, send func(attempt int, pending P) (P, error)) error {
	var last error
	for attempt := 1; attempt <= opts.MaxAttempts && len(*pending) > 0; attempt++ {
		if attempt > 1 {
			if err := opts.backoff(ctx, attempt-1); err != nil {
				return err
			}
		}
		next, err := send(attempt, *pending)
		if err != nil {
			*pending = next // what is still unconfirmed (all of it, but after an Observer's panic)
			last = err
			if !ddbmodel.IsRetryable(err) || ctx.Err() != nil {
				return err
			}
			continue
		}
		last, *pending = nil, next
	}
	return last
}

// checkDB refuses a DB that cannot send requests.
func checkDB(db *entity.DB, what string) error {
	switch {
	case db == nil:
		return &ddbmodel.ValidationError{Reason: what + ": nil *entity.DB"}
	case db.Client == nil:
		return &ddbmodel.ValidationError{Reason: what + ": entity.DB has no Client"}
	}
	return nil
}

// isNil reports whether op is nil or a nil pointer, map, func... behind an
// interface, whose methods would panic.
func isNil(op any) bool {
	if op == nil {
		return true
	}
	switch v := reflect.ValueOf(op); v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return v.IsNil()
	}
	return false
}

// compile calls an operation's compile step, refusing a nil operation and
// turning a panic (a zero-value operation) into a *ddbmodel.ValidationError
// that wraps the *ddbmodel.PanicError.
func compile[R any](what string, i int, op any, fn func() (R, error)) (R, error) {
	var r R
	if isNil(op) {
		return r, &ddbmodel.ValidationError{Reason: fmt.Sprintf("%s %d: nil operation", what, i)}
	}
	var returned bool // the panic, if any, is one fn reported, not fn's own
	err := fanout.Call(func() error {
		var err error
		r, err = fn()
		returned = true
		return err
	})
	var pe *ddbmodel.PanicError
	if !returned && errors.As(err, &pe) {
		return r, &ddbmodel.ValidationError{Reason: fmt.Sprintf("%s %d: the operation cannot be compiled (a zero value?)", what, i), Err: pe}
	}
	if err != nil {
		// The operation's own error keeps its one prefix; the action's
		// position follows it.
		return r, fmt.Errorf("%w (%s %d)", err, what, i)
	}
	return r, nil
}

// cause is the Cause of a batch's error when items are left unconfirmed:
// ctx's error when ctx is done (so that errors.Is finds context.Canceled
// or context.DeadlineExceeded), the first panic and the first other error
// of the chunks, without repeats. (A chunk that fails always leaves items
// unconfirmed, and a batch that confirmed everything returns nil, even if
// ctx ended just after.)
func cause(ctx context.Context, errs []error) error {
	var out []error
	add := func(err error) {
		for _, e := range out {
			if errors.Is(e, err) {
				return
			}
		}
		out = append(out, err)
	}
	if err := ctx.Err(); err != nil {
		add(err)
		if c := context.Cause(ctx); c != err {
			add(c)
		}
	}
	for _, err := range errs {
		if errors.Is(err, ddbmodel.ErrPanic) {
			add(err)
			break
		}
	}
	for _, err := range errs {
		if err != nil && !errors.Is(err, ddbmodel.ErrPanic) {
			add(err)
			break
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return errors.Join(out...)
}

// BatchWrite puts and deletes items of any entities in chunks of 25, with
// bounded concurrency, retrying unprocessed items and retryable errors
// (ddbmodel.IsRetryable) with exponential backoff and jitter. Batch writes
// are not transactions: each item is written or not on its own. What is
// not confirmed after every attempt comes back in a
// *ddbmodel.UnprocessedError; nothing is dropped silently. Everything is
// checked before the first request: a nil DB, a nil operation or an
// invalid item sends nothing. A panic in a chunk's goroutine (a client
// that panics) is returned as a *ddbmodel.PanicError, that chunk's items
// as not confirmed. A panic in the DB's Observer, which is called once
// DynamoDB has answered (with items or with an error), ends its chunk at
// once, with no further attempt, and is returned as a *ddbmodel.PanicError
// too, but what DynamoDB wrote counts as written: only the items it left
// unprocessed are reported (in a *ddbmodel.UnprocessedError whose Cause
// is the panic, joined with the request's error when the request failed).
// When ctx ends first, errors.Is(err, ctx.Err()) holds.
func BatchWrite(ctx context.Context, db *entity.DB, opts BatchOptions, ops ...entity.BatchWriter) error {
	ws := make([]batchWriter, len(ops))
	for i, op := range ops {
		ws[i] = op // a nil op stays nil, for compile to refuse
	}
	return batchWrite(ctx, db, opts, ws)
}

// batchWriter is what batchWrite takes: an entity's put or delete
// (entity.BatchWriter, sealed), or DeletePartition's delete of a key read.
type batchWriter interface {
	BatchWrite() (entity.BatchWrite, error)
}

// batchWrite is BatchWrite of ops.
func batchWrite(ctx context.Context, db *entity.DB, opts BatchOptions, ops []batchWriter) error {
	if err := checkDB(db, "batch write"); err != nil {
		return err
	}
	if err := opts.check("batch write"); err != nil {
		return err
	}
	opts = opts.withDefaults()
	reqs := make([]entity.BatchWrite, 0, len(ops))
	seen := map[string]int{}
	dt := expr.DefaultTable{TableName: db.TableName, Tables: db.Tables}
	for i, op := range ops {
		w, err := compile("batch write", i, op, func() (entity.BatchWrite, error) { return op.BatchWrite() })
		if err != nil {
			return err
		}
		if other := dt.Clash(w.Table); other != "" {
			return txwrite.AmbiguousTable(w.Entity, other, w.Table)
		}
		w.Table = aws.ToString(db.Table(w.Table))
		id := keyID(w.Table, w.Key)
		if j, dup := seen[id]; dup {
			return &ddbmodel.ValidationError{Entity: w.Entity, Reason: fmt.Sprintf("batch writes %d and %d are on the same item (%s)", j, i, expr.DescribeKey(w.Key))}
		}
		seen[id] = i
		if w.Request.PutRequest != nil {
			if n := expr.ItemSize(w.Request.PutRequest.Item); n > expr.MaxItemBytes {
				name, size := expr.Largest(w.Request.PutRequest.Item)
				return &ddbmodel.LimitError{Entity: w.Entity, What: "item size in bytes", Limit: expr.MaxItemBytes, Got: n, Attribute: name, AttributeSize: size}
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
	// left[i] is what chunk i has not confirmed yet: all of it until its
	// goroutine runs, whatever happens to that goroutine.
	left := make([]map[string][]types.WriteRequest, len(chunks))
	for i := range chunks {
		left[i] = map[string][]types.WriteRequest{}
		for _, w := range chunks[i] {
			left[i][w.Table] = append(left[i][w.Table], w.Request)
		}
	}
	errs := fanout.Run(ctx, len(chunks), opts.Concurrency, func(ctx context.Context, i int) error {
		sdb, panics := catchObserverPanics(db)
		return retry(ctx, opts, &left[i], func(attempt int, pending map[string][]types.WriteRequest) (map[string][]types.WriteRequest, error) {
			out, err := entity.Send(ctx, sdb, db.Client.BatchWriteItem, &dynamodb.BatchWriteItemInput{RequestItems: pending},
				entity.Request{Entities: writeEntities(db, chunks[i], attempt, pending), Attempt: attempt})
			if err != nil {
				return pending, withPanic(err, panics.caught())
			}
			return out.UnprocessedItems, panics.caught()
		})
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
	}
	if len(ue.Puts)+len(ue.Deletes) > 0 {
		ue.Cause = cause(ctx, errs)
		return ue
	}
	return firstPanic(errs)
}

// BatchGet reads items of any entities in chunks of 100 with bounded
// concurrency, retrying unprocessed keys and retryable errors
// (ddbmodel.IsRetryable) with exponential backoff and jitter. The result
// is aligned with reads: Found(i) and Decode(items, i, e) address read i.
// Keys not read after every attempt come back in a
// *ddbmodel.UnprocessedError. Nil DBs and reads, panics and cancellation
// are reported as BatchWrite reports them.
func BatchGet(ctx context.Context, db *entity.DB, opts BatchOptions, reads ...ReadOp) (Items, error) {
	if err := checkDB(db, "batch get"); err != nil {
		return Items{}, err
	}
	if err := opts.check("batch get"); err != nil {
		return Items{}, err
	}
	opts = opts.withDefaults()
	var uniq []batchKey
	pos := map[string][]int{}
	dt := expr.DefaultTable{TableName: db.TableName, Tables: db.Tables}
	seen := map[string]int{} // key ID -> index in uniq
	for i, r := range reads {
		g, err := compile("batch get", i, r, func() (types.TransactGetItem, error) { return r.TransactGet() })
		if err != nil {
			return Items{}, err
		}
		if g.Get == nil {
			return Items{}, &ddbmodel.ValidationError{Reason: fmt.Sprintf("batch get %d: not a read", i)}
		}
		if other := dt.Clash(aws.ToString(g.Get.TableName)); other != "" {
			return Items{}, txwrite.AmbiguousTable(readOf(r).Entity, other, aws.ToString(g.Get.TableName))
		}
		table := aws.ToString(db.Table(aws.ToString(g.Get.TableName)))
		id := keyID(table, g.Get.Key)
		if _, ok := pos[id]; !ok {
			seen[id] = len(uniq)
			uniq = append(uniq, batchKey{table, g.Get.Key, readOf(r).Consistent, readOf(r).Entity})
		} else if readOf(r).Consistent {
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
	res := Items{raw: make([]map[string]types.AttributeValue, len(reads)), entities: entitiesOf(reads)}
	var mu sync.Mutex
	left := make([]map[string]types.KeysAndAttributes, len(chunks))
	for i := range chunks {
		left[i] = map[string]types.KeysAndAttributes{}
		for _, w := range chunks[i] {
			ka := left[i][w.table]
			ka.Keys = append(ka.Keys, w.key)
			if w.consistent {
				// DynamoDB sets consistency per table: one consistent read
				// makes the chunk's reads of that table consistent.
				ka.ConsistentRead = aws.Bool(true)
			}
			left[i][w.table] = ka
		}
	}
	errs := fanout.Run(ctx, len(chunks), opts.Concurrency, func(ctx context.Context, i int) error {
		sdb, panics := catchObserverPanics(db)
		return retry(ctx, opts, &left[i], func(attempt int, pending map[string]types.KeysAndAttributes) (map[string]types.KeysAndAttributes, error) {
			out, err := entity.Send(ctx, sdb, db.Client.BatchGetItem, &dynamodb.BatchGetItemInput{RequestItems: pending},
				entity.Request{Entities: readEntities(db, chunks[i], attempt, pending), Attempt: attempt})
			if err != nil {
				return pending, withPanic(err, panics.caught())
			}
			mu.Lock()
			defer mu.Unlock()
			now := time.Now()
			for table, items := range out.Responses {
				t := table
				keyNames := keyNamesOf(chunks[i], t)
				for _, it := range items {
					k := map[string]types.AttributeValue{}
					for _, n := range keyNames {
						k[n] = it[n]
					}
					for _, p := range pos[keyID(t, k)] {
						res.set(p, reads[p], it, now)
					}
				}
			}
			return out.UnprocessedKeys, panics.caught()
		})
	})
	ue := &ddbmodel.UnprocessedError{}
	for i := range chunks {
		for _, ka := range left[i] {
			ue.Keys = append(ue.Keys, ka.Keys...)
		}
	}
	if len(ue.Keys) > 0 {
		ue.Cause = cause(ctx, errs)
		return res, ue
	}
	return res, firstPanic(errs)
}

type batchKey struct {
	table      string
	key        map[string]types.AttributeValue
	consistent bool
	entity     string
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
