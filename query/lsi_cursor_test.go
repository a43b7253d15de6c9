package query_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

type Track struct {
	Album string `dynamo:"album"`
	Track string `dynamo:"track"`
	Plays int    `dynamo:"plays"`
}

// newMusic defines tracks on a table whose local index orders an album's
// tracks by their number of plays.
func newMusic() (*entity.Table, *entity.Entity[Track]) {
	table := &entity.Table{
		Name: "music", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByPlays", Local: true, SortKey: entity.N("plays")}},
	}
	tracks := entity.MustDefine(table, entity.Config[Track]{
		Name: "Track",
		Key:  entity.Key{Partition: "ALBUM#${album}", Sort: "TRACK#${track}"},
		Indexes: []entity.IndexKey[Track]{
			{Index: "ByPlays", Sort: "${plays}"},
		},
	})
	return table, tracks
}

// A cursor of a query on a local secondary index carries the index's sort
// key and the table's key; pages concatenate to the whole index order, and
// a position edited to a value the query's entity cannot have written there
// (an empty or foreign table sort key, a sort key of the wrong type, text
// that is no number) is a *CursorError found before any request.
func TestLocalIndexCursorChecksEveryKeyAttribute(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, tracks := newMusic()
	db := entitytest.NewDB(t, table)
	var ops []entity.BatchWriter
	var want []Track
	for i := 0; i < 9; i++ {
		tr := Track{Album: "a", Track: fmt.Sprintf("t%d", i), Plays: (i * 5) % 7}
		want = append(want, tr)
		ops = append(ops, tracks.Put(tr), tracks.Put(Track{Album: "b", Track: tr.Track, Plays: tr.Plays}))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	q := query.New(tracks).Index("ByPlays").Where(entity.Values{"album": "a"}).Limit(2)
	var got []Track
	var first string
	for cursor, pages := "", 0; ; pages++ {
		if pages > 10 {
			t.Fatal("pagination does not end")
		}
		p, err := q.Page(ctx, db, cursor)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p.Items...)
		if first == "" {
			first = p.Cursor
		}
		if cursor = p.Cursor; cursor == "" {
			break
		}
	}
	if !sort.SliceIsSorted(got, func(i, j int) bool { return got[i].Plays < got[j].Plays }) {
		t.Errorf("pages are not in index order: %v", got)
	}
	byTrack := func(ts []Track) []Track {
		out := append([]Track(nil), ts...)
		sort.Slice(out, func(i, j int) bool { return out[i].Track < out[j].Track })
		return out
	}
	if diff := cmp.Diff(byTrack(want), byTrack(got)); diff != "" {
		t.Errorf("tracks read page by page (-want +got):\n%s", diff)
	}

	body, err := base64.RawURLEncoding.DecodeString(first)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(body, &c); err != nil {
		t.Fatal(err)
	}
	pos := c["k"].([]any)[0].(map[string]any)
	for _, n := range []string{"PK", "SK", "plays"} {
		if _, ok := pos[n]; !ok {
			t.Fatalf("cursor position %v lacks %s", pos, n)
		}
	}
	edit := func(attr string, v any) string {
		var c map[string]any
		if err := json.Unmarshal(body, &c); err != nil {
			t.Fatal(err)
		}
		p := c["k"].([]any)[0].(map[string]any)
		if v == nil {
			delete(p, attr)
		} else {
			p[attr] = v
		}
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return base64.RawURLEncoding.EncodeToString(out)
	}
	other, err := query.New(tracks).Where(entity.Values{"album": "a"}).Limit(2).Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	client := &countingClient{Client: db.Client}
	cdb := &entity.DB{Client: client, TableName: db.TableName}
	for name, cursor := range map[string]string{
		"empty table sort key":        edit("SK", map[string]any{"S": ""}),
		"table sort key as a number":  edit("SK", map[string]any{"N": "1"}),
		"no table sort key":           edit("SK", nil),
		"index sort key as a string":  edit("plays", map[string]any{"S": "1"}),
		"index sort key no number":    edit("plays", map[string]any{"N": "many"}),
		"index sort key empty number": edit("plays", map[string]any{"N": ""}),
		"no index sort key":           edit("plays", nil),
		"another album":               edit("PK", map[string]any{"S": "ALBUM#b"}),
		"empty partition key":         edit("PK", map[string]any{"S": ""}),
		"a foreign attribute":         edit("GSI1PK", map[string]any{"S": "x"}),
		"the table query's cursor":    other.Cursor,
	} {
		_, err := q.Page(ctx, cdb, cursor)
		var ce *ddbmodel.CursorError
		if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrInvalidCursor) {
			t.Errorf("%s: err = %v, want a *CursorError", name, err)
		}
	}
	if client.queries != 0 {
		t.Errorf("%d queries sent with edited cursors, want none", client.queries)
	}
	if _, err := q.Page(ctx, cdb, edit("plays", pos["plays"])); err != nil {
		t.Errorf("the genuine position, re-encoded: %v", err)
	}
	// A table sort key no track renders is a position DynamoDB can return:
	// the last item a page read may be another entity's (or an unmarked
	// item) in the same partition, which the marker filter left out.
	for name, cursor := range map[string]string{
		"table sort key of another entity": edit("SK", map[string]any{"S": "ALBUM#a"}),
		"table sort key of no template":    edit("SK", map[string]any{"S": "TRACK#"}),
	} {
		if _, err := q.Page(ctx, cdb, cursor); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
