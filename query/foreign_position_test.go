package query_test

import (
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type ledgerTx struct {
	Acct string    `dynamo:"acct"`
	TS   time.Time `dynamo:"ts"`
	Amt  int       `dynamo:"amt"`
}

type ledgerAdj struct {
	Acct string    `dynamo:"acct"`
	TS   time.Time `dynamo:"ts"`
	N    int       `dynamo:"n"`
	Tier string    `dynamo:"tier"`
}

// DynamoDB's LastEvaluatedKey is the last item a page read, which may be
// another entity's item inside the query's range, left out by the marker
// filter: its cursor must be taken back. It was refused ("position's key
// attribute SK is no key the query's entities render"), so paging, All
// and Collect stopped at the first page that ended on such an item.
func TestCursorPositionOnAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "ledger", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	txs := entity.MustDefine(tb, entity.Config[ledgerTx]{Name: "Tx",
		Key:     entity.Key{Partition: "ACC#${acct}", Sort: "TX#${ts:time}"},
		Indexes: []entity.IndexKey[ledgerTx]{{Index: "GSI1", Partition: "DAY", Sort: "${ts:time}"}}})
	adjs := entity.MustDefine(tb, entity.Config[ledgerAdj]{Name: "Adj",
		Key:     entity.Key{Partition: "ACC#${acct}", Sort: "TX#${ts:time}#ADJ#${n:pad(3)}"},
		Indexes: []entity.IndexKey[ledgerAdj]{{Index: "GSI1", Partition: "DAY", Sort: "${ts:time}#${tier}"}}})
	db := entitytest.NewDB(t, tb)
	ctx := t.Context()
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	// Tx, Adj, Tx, Adj, Tx in key order on the table and on GSI1.
	for i := range 3 {
		if _, err := txs.Put(ledgerTx{Acct: "a", TS: at.Add(time.Duration(i) * time.Minute), Amt: i}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			if _, err := adjs.Put(ledgerAdj{Acct: "a", TS: at.Add(time.Duration(i) * time.Minute), N: i, Tier: "x"}).Run(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name, q := range map[string]query.Query[ledgerTx]{
		"table key":             query.New(txs).Where(entity.Values{"acct": "a"}).Limit(1),
		"index key":             query.New(txs).Index("GSI1").Limit(1),
		"index key, descending": query.New(txs).Index("GSI1").Desc().Limit(1),
	} {
		got, err := q.Collect(ctx, db)
		if err != nil {
			t.Errorf("%s: Collect: %v", name, err)
			continue
		}
		if len(got) != 3 {
			t.Errorf("%s: Collect read %d transactions, want 3", name, len(got))
		}
		n, cursor := 0, ""
		for range 10 {
			p, err := q.Page(ctx, db, cursor)
			if err != nil {
				t.Fatalf("%s: page after %d items: %v", name, n, err)
			}
			n += len(p.Items)
			if cursor = p.Cursor; cursor == "" {
				break
			}
		}
		if n != 3 {
			t.Errorf("%s: the pages read %d transactions, want 3", name, n)
		}
	}
}
