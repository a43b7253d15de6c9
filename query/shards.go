package query

import (
	"context"
	"sort"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

type shardResult struct {
	items []map[string]types.AttributeValue
	lek   map[string]types.AttributeValue
}

// mergeShards reads one page from every unfinished shard, at most
// s.concurrency (default fanout.DefaultLimit) at once, and merges them in
// sort key order. It only returns items that no unread item of any shard
// can precede, so pages concatenate into one sorted list. A panic in a
// shard's request is returned as a *ddbmodel.PanicError.
func (s *spec) mergeShards(ctx context.Context, db *entity.DB, ins []*dynamodb.QueryInput, fp *lazyFingerprint, starts []map[string]types.AttributeValue, done []bool) ([]map[string]types.AttributeValue, string, error) {
	table := s.members[0].Table()
	_, skName, _ := table.KeyNames(s.index)
	keyNames := table.PrimaryKeyNames(s.index)
	res := make([]shardResult, len(ins))
	errs := fanout.Run(ctx, len(ins), s.concurrency, func(ctx context.Context, i int) error {
		if done[i] {
			return nil
		}
		in := ins[i]
		in.ExclusiveStartKey = starts[i]
		out, err := entity.Send(ctx, db, db.Client.Query, in, s.request(db))
		if err != nil {
			return err
		}
		res[i].items, res[i].lek = out.Items, out.LastEvaluatedKey
		return nil
	})
	for _, err := range errs {
		if err != nil {
			return nil, "", errtext.Errorf("query %s: %w", s.members[0].Name(), err)
		}
	}
	less := func(a, b types.AttributeValue) bool {
		c := compareAV(a, b)
		if s.desc {
			return c > 0
		}
		return c < 0
	}
	// The watermark: the smallest last-read position over shards with more to read.
	var mark types.AttributeValue
	for i := range ins {
		if done[i] || len(res[i].lek) == 0 {
			continue
		}
		if v := res[i].lek[skName]; mark == nil || less(v, mark) {
			mark = v
		}
	}
	type ref struct{ shard, idx int }
	var all []ref
	for i := range ins {
		for j := range res[i].items {
			all = append(all, ref{i, j})
		}
	}
	sort.SliceStable(all, func(a, b int) bool {
		x, y := res[all[a].shard].items[all[a].idx][skName], res[all[b].shard].items[all[b].idx][skName]
		if less(x, y) {
			return true
		}
		if less(y, x) {
			return false
		}
		return all[a].shard < all[b].shard
	})
	taken := make([]int, len(ins))
	var out []map[string]types.AttributeValue
	for _, r := range all {
		if s.limit > 0 && len(out) >= s.limit {
			break
		}
		v := res[r.shard].items[r.idx][skName]
		if mark != nil && less(mark, v) {
			break
		}
		out = append(out, res[r.shard].items[r.idx])
		taken[r.shard]++
	}
	for i := range ins {
		if done[i] {
			continue
		}
		switch {
		case taken[i] == len(res[i].items):
			starts[i] = res[i].lek
			done[i] = len(res[i].lek) == 0
		case taken[i] > 0:
			last := res[i].items[taken[i]-1]
			k := map[string]types.AttributeValue{}
			for _, n := range keyNames {
				k[n] = last[n]
			}
			starts[i] = k
		}
	}
	next, err := s.encodePositions(fp, starts, done)
	return out, next, err
}

// compareAV orders key values: strings and binaries bytewise, numbers numerically.
func compareAV(a, b types.AttributeValue) int {
	c, _ := expr.Compare(a, b)
	return c
}
