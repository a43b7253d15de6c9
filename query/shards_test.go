package query_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

type Vote struct {
	ID     string `dynamo:"id"`
	Points int    `dynamo:"points"`
	Keep   bool   `dynamo:"keep"`
}

// AllShards merges shards by a number sort key with ties across shards,
// through pages that a filter empties, in both directions and at every
// page size: each kept item comes once, in order; Count agrees.
func TestShardMergeWithTiesAndEmptiedPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "v", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByPoints", PartitionKey: entity.S("GPK"), SortKey: entity.N("GSK")}}}
	votes := entity.MustDefine(table, entity.Config[Vote]{
		Name: "Vote", Key: entity.Key{Partition: "V#${id}", Sort: "V"},
		Indexes: []entity.IndexKey[Vote]{{Index: "ByPoints", Partition: "VOTES#${id:shard(4)}", Sort: "${points}"}},
	})
	db := entitytest.NewDB(t, table)
	var ops []entity.BatchWriter
	var all []Vote
	for i := 0; i < 60; i++ {
		v := Vote{ID: fmt.Sprintf("v%02d", i), Points: (i * 7) % 9, Keep: i%5 == 0}
		ops = append(ops, votes.Put(v))
		if v.Keep {
			all = append(all, v)
		}
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	for _, desc := range []bool{false, true} {
		for _, limit := range []int{1, 2, 3, 7} {
			q := query.New(votes).Index("ByPoints").AllShards().Limit(limit).Filter(entity.Attr("keep").Eq(true))
			if desc {
				q = q.Desc()
			}
			var got []Vote
			cursor := ""
			pages := 0
			for {
				p, err := q.Page(ctx, db, cursor)
				if err != nil {
					t.Fatal(err)
				}
				pages++
				got = append(got, p.Items...)
				if p.Cursor == "" || pages > 500 {
					break
				}
				cursor = p.Cursor
			}
			ok := len(got) == len(all)
			for i := 1; i < len(got); i++ {
				if desc && got[i].Points > got[i-1].Points || !desc && got[i].Points < got[i-1].Points {
					ok = false
				}
			}
			seen := map[string]int{}
			for _, v := range got {
				seen[v.ID]++
			}
			for _, v := range all {
				if seen[v.ID] != 1 {
					ok = false
				}
			}
			if !ok {
				t.Errorf("desc=%v limit=%d: got %d items in %d pages, want %d sorted once each: %v", desc, limit, len(got), pages, len(all), got)
			}
			if n, err := q.Count(ctx, db); err != nil || n != len(all) {
				t.Errorf("desc=%v limit=%d: Count = %d, %v; want %d", desc, limit, n, err, len(all))
			}
		}
	}
}
