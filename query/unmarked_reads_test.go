package query_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type urBook struct {
	Shelf  string `dynamo:"shelf"`
	ID     string `dynamo:"id"`
	Author string `dynamo:"author"`
	Title  string `dynamo:"title"`
	Notes  string `dynamo:"notes"`
}

type urNote struct {
	Shelf string `dynamo:"shelf"`
	ID    string `dynamo:"id"`
	Text  string `dynamo:"text"`
}

// urModel is a table holding books (recognising unmarked items) and notes
// (not recognising them), with an index of every attribute (GSI1), one of
// keys only (ByTitle) and one of the attributes a book's unmarked items
// are told by (Wide).
func urModel(t *testing.T) (*entity.Table, *entity.Entity[urBook], *entity.Entity[urNote], *entity.DB) {
	table := &entity.Table{Name: "shelves", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "ByTitle", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK"), Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}},
		}}
	books := entity.MustDefine(table, entity.Config[urBook]{
		Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
		Indexes: []entity.IndexKey[urBook]{
			{Index: "GSI1", Partition: "AUTHOR#${author}", Sort: "BOOK#${id}"},
			{Index: "ByTitle", Partition: "TITLE#${title}", Sort: "BOOK#${id}"},
		},
		RecognizeUnmarked: true,
	})
	notes := entity.MustDefine(table, entity.Config[urNote]{
		Name: "Note", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "NOTE#${id}"},
	})
	return table, books, notes, entitytest.NewDB(t, table)
}

func urPut(t *testing.T, db *entity.DB, table *entity.Table, items ...map[string]types.AttributeValue) {
	t.Helper()
	for _, it := range items {
		if _, err := db.Client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: db.Table(table.Name), Item: it}); err != nil {
			t.Fatal(err)
		}
	}
}

// urRaw is an unmarked book as other code writes it, indexed under
// indexAuthor on GSI1.
func urRaw(id, author, indexAuthor string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#" + id),
		"GSI1PK": s("AUTHOR#" + indexAuthor), "GSI1SK": s("BOOK#" + id), "GSI2PK": s("TITLE#t"), "GSI2SK": s("BOOK#" + id),
		"shelf": s("s1"), "id": s(id), "author": s(author), "title": s("t"), "notes": s("long text")}
}

func bookIDs(bs []urBook) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.ID)
	}
	slices.Sort(out)
	return out
}

// A projected query of an entity recognising unmarked items returns the
// unmarked items an unprojected one returns: the projection holds the
// attributes that tell them (the key composites), besides what was asked.
func TestProjectedQueryKeepsFittingUnmarkedItems(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books, _, db := urModel(t)
	urPut(t, db, table, urRaw("b1", "ann", "ann"))
	q := query.New(books).Where(entity.Values{"shelf": "s1"})
	whole, err := q.Collect(ctx, db)
	if err != nil || len(whole) != 1 {
		t.Fatalf("unprojected = %+v, %v; want b1", whole, err)
	}
	p, err := q.Project("notes").Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := bookIDs(p.Items); !slices.Equal(got, []string{"b1"}) || len(p.Unrecognized) != 0 {
		t.Errorf("Project(notes) page = %v, %d unrecognized; want b1 as unprojected", got, len(p.Unrecognized))
	}
	in, _ := q.Project("notes").Build()
	names := []string{}
	for _, n := range in.ExpressionAttributeNames {
		names = append(names, n)
	}
	for _, want := range []string{"author", "title", "id", "shelf", "notes"} {
		if !slices.Contains(names, want) {
			t.Errorf("projection %s names %v, want %s among them", aws.ToString(in.ProjectionExpression), names, want)
		}
	}
}

// A read of an index that does not project what tells an entity's
// unmarked items is refused before any request, naming the entity, the
// attribute and the index; a KEYS_ONLY index is read by the entity
// without RecognizeUnmarked as before.
func TestUnmarkedReadOfNarrowIndexRefused(t *testing.T) {
	t.Parallel()
	_, books, _, _ := urModel(t)
	for name, build := range map[string]func() error{
		"query": func() error {
			_, err := query.New(books).Index("ByTitle").Where(entity.Values{"title": "t"}).Build()
			return err
		},
		"scan": func() error { _, err := query.Scan(books).Index("ByTitle").Build(); return err },
		"collection": func() error {
			_, err := query.Of(books).Index("ByTitle").Where(entity.Values{"title": "t"}).Build()
			return err
		},
	} {
		err := build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Book" || ve.Attribute != "author" || !strings.Contains(ve.Reason, "ByTitle") || !strings.Contains(ve.Reason, "RecognizeUnmarked") {
			t.Errorf("%s of ByTitle: %v; want a ValidationError naming Book, author and the index", name, err)
		}
	}
	if _, err := query.New(books).Index("GSI1").Where(entity.Values{"author": "ann"}).Build(); err != nil {
		t.Errorf("GSI1 (ALL): %v", err)
	}
}

// Every read of an index takes an unmarked item only when the index key it
// holds is the one a put of its value writes: scans and collections as
// queries do.
func TestUnmarkedIndexKeyCheckedOnScansAndCollections(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books, _, db := urModel(t)
	urPut(t, db, table, urRaw("b1", "ann", "ann"), urRaw("b2", "ann", "zed"))
	sp, err := query.Scan(books).Index("GSI1").Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := bookIDs(sp.Items); !slices.Equal(got, []string{"b1"}) || len(sp.Unrecognized) != 1 {
		t.Errorf("index scan page = %v, %d unrecognized; want b1, and b2 unrecognized", got, len(sp.Unrecognized))
	}
	var seen []string
	got, err := query.Scan(books).Index("GSI1").OnUnrecognized(func(it map[string]types.AttributeValue) error {
		seen = append(seen, it["SK"].(*types.AttributeValueMemberS).Value)
		return nil
	}).Collect(ctx, db)
	if err != nil || !slices.Equal(bookIDs(got), []string{"b1"}) || !slices.Equal(seen, []string{"BOOK#b2"}) {
		t.Errorf("index scan Collect = %v, %v, unrecognized %v; want b1, BOOK#b2", bookIDs(got), err, seen)
	}
	r, err := query.Of(books).Index("GSI1").Where(entity.Values{"author": "zed"}).Collect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if bs, err := query.ItemsOf(r, books); err != nil || len(bs) != 0 {
		t.Errorf("collection on GSI1 zed: ItemsOf = %v, %v; want none", bookIDs(bs), err)
	}
	if vs, err := r.Decode(); !errors.Is(err, ddbmodel.ErrUnknownEntity) {
		t.Errorf("collection on GSI1 zed: Decode = %v, %v; want ErrUnknownEntity", vs, err)
	}
}

// An entity without RecognizeUnmarked never returns unmarked items, but a
// query page lists those whose key fits its templates in Unrecognized (and
// OnUnrecognized sees them), so a table written by other code does not
// look empty for no reason. Unmarked items of another key layout are not
// listed.
func TestStrictEntityListsFittingUnmarkedItems(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, _, notes, db := urModel(t)
	urPut(t, db, table,
		map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("NOTE#n1"), "shelf": s("s1"), "id": s("n1"), "text": s("x")},
		map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("NOTE-n2")},
	)
	if _, err := notes.Put(urNote{Shelf: "s1", ID: "n3", Text: "y"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	q := query.New(notes).Where(entity.Values{"shelf": "s1"}).BetweenKeys("A", "Z")
	p, err := q.Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	var unrec []string
	for _, it := range p.Unrecognized {
		unrec = append(unrec, it["SK"].(*types.AttributeValueMemberS).Value)
	}
	if len(p.Items) != 1 || p.Items[0].ID != "n3" || !slices.Equal(unrec, []string{"NOTE#n1"}) {
		t.Errorf("page = %+v, unrecognized %v; want n3, and NOTE#n1 unrecognized", p.Items, unrec)
	}
	var seen int
	got, err := q.OnUnrecognized(func(map[string]types.AttributeValue) error { seen++; return nil }).Collect(ctx, db)
	if err != nil || len(got) != 1 || seen != 1 {
		t.Errorf("Collect = %+v, %v, OnUnrecognized saw %d; want n3 and 1", got, err, seen)
	}
}

// An observer's Event.Items counts the items DynamoDB sent for a query
// page: other entities' items and unmarked items the page leaves out too.
func TestEventItemsCountsWhatDynamoDBSent(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books, notes, base := urModel(t)
	if _, err := books.Put(urBook{Shelf: "s1", ID: "b1", Author: "ann", Title: "t"}).Run(ctx, base); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"n1", "n2"} {
		if _, err := notes.Put(urNote{Shelf: "s1", ID: id}).Run(ctx, base); err != nil {
			t.Fatal(err)
		}
	}
	urPut(t, base, table, map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("NOTE#n9"), "shelf": s("s1"), "id": s("n9")})
	var log entitytest.EventLog
	db := base.WithObserver(&log)
	p, err := query.New(notes).Where(entity.Values{"shelf": "s1"}).BetweenKeys("A", "Z").Limit(10).Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	events := log.Events()
	if len(events) != 1 {
		t.Fatalf("%d events, want 1", len(events))
	}
	type counts struct{ Items, Scanned, Limit, Returned, Unrecognized int }
	got := counts{events[0].Items, events[0].Scanned, events[0].Limit, len(p.Items), len(p.Unrecognized)}
	if diff := cmp.Diff(counts{Items: 4, Scanned: 4, Limit: 10, Returned: 2, Unrecognized: 1}, got); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	if !events[0].ScanForward {
		t.Error("ScanForward = false for an ascending query")
	}
}
