package entity_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// tlItem is an item of a project timeline: a note dated by At, a task by
// Due, both on the local index LSI1 by date.
type tlItem struct {
	Project string    `dynamo:"project"`
	ID      string    `dynamo:"id"`
	At      time.Time `dynamo:"at"`
	Due     time.Time `dynamo:"due"`
	Status  string    `dynamo:"status"`
}

func tlTable() *entity.Table {
	return &entity.Table{
		Name: "timeline", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "LSI1", Local: true, SortKey: entity.S("LSI1SK")}},
	}
}

func tlNote(sk string, unmarked bool, shares ...string) entity.Config[tlItem] {
	return entity.Config[tlItem]{Name: "Note", Key: entity.Key{Partition: "P#${project}", Sort: sk},
		Indexes:        []entity.IndexKey[tlItem]{{Index: "LSI1", Sort: "DATE#${at:date}"}},
		SharesKeysWith: shares, RecognizeUnmarked: unmarked}
}

func tlTask(sk string, unmarked bool, shares ...string) entity.Config[tlItem] {
	return entity.Config[tlItem]{Name: "Task", Key: entity.Key{Partition: "P#${project}", Sort: sk},
		Indexes:        []entity.IndexKey[tlItem]{{Index: "LSI1", Sort: "DATE#${due:date}"}},
		SharesKeysWith: shares, RecognizeUnmarked: unmarked}
}

// Two entities on one index timeline are accepted by Define (the marker
// keeps their items apart; a plain put or delete addresses the table key,
// which they do not share) and reported by Lint.
func TestIndexTimelineAcceptedAndLinted(t *testing.T) {
	t.Parallel()
	tbl := tlTable()
	entity.MustDefine(tbl, tlNote("NOTE#${id}", false))
	if _, err := entity.Define(tbl, tlTask("TASK#${id}", false)); err != nil {
		t.Fatalf("Define of the timeline pair: %v", err)
	}
	var got []entity.Finding
	for _, f := range tbl.Lint(entity.LintOptions{}) {
		if f.Code == entity.LintIndexOverlap {
			got = append(got, f)
		}
	}
	if len(got) != 1 {
		t.Fatalf("index-overlap findings = %v, want one", got)
	}
	f := got[0]
	if f.Severity != entity.Warning || f.Index != "LSI1" || !slices.Equal(f.Entities, []string{"Note", "Task"}) ||
		!slices.Equal(f.Templates, []string{"P#${project} / DATE#${at:date}", "P#${project} / DATE#${due:date}"}) {
		t.Errorf("finding = %+v", f)
	}
	for _, want := range []string{"Note", "Task", "LSI1", "DATE#${at:date}", "DATE#${due:date}"} {
		if !strings.Contains(f.Message, want) {
			t.Errorf("message %q lacks %q", f.Message, want)
		}
	}
	// A timeline kept apart by its literals is not reported.
	clean := tlTable()
	entity.MustDefine(clean, tlNote("NOTE#${id}", false))
	task := tlTask("TASK#${id}", false)
	task.Indexes[0].Sort = "DUE#${due:date}"
	entity.MustDefine(clean, task)
	for _, f := range clean.Lint(entity.LintOptions{}) {
		if f.Code == entity.LintIndexOverlap {
			t.Errorf("clean twin: %v", f)
		}
	}
}

// The same pair with a table-key overlap is refused on the table key; an
// entry in SharesKeysWith accepts the table overlap; RecognizeUnmarked
// refuses the index overlap, whatever SharesKeysWith says.
func TestIndexTimelineRefusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		note, task  entity.Config[tlItem]
		wantIndex   string // the refusal's Index; "-" for none
		wantEntity2 string
	}{
		{"table-key overlap", tlNote("ITEM#${id}", false), tlTask("ITEM#${id}", false), "", "Task"},
		{"table-key overlap shared on purpose", tlNote("ITEM#${id}", false, "Task"), tlTask("ITEM#${id}", false), "-", ""},
		{"index overlap, the first recognises unmarked items", tlNote("NOTE#${id}", true), tlTask("TASK#${id}", false), "LSI1", "Task"},
		{"index overlap, the second recognises unmarked items", tlNote("NOTE#${id}", false), tlTask("TASK#${id}", true), "LSI1", "Task"},
		{"index overlap with unmarked, SharesKeysWith does not apply", tlNote("NOTE#${id}", true, "Task"), tlTask("TASK#${id}", false, "Note"), "LSI1", "Task"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tbl := tlTable()
			entity.MustDefine(tbl, tt.note)
			_, err := entity.Define(tbl, tt.task)
			if tt.wantIndex == "-" {
				if err != nil {
					t.Fatalf("Define = %v, want nil", err)
				}
				return
			}
			var oe *ddbmodel.KeyOverlapError
			if !errors.As(err, &oe) || !errors.Is(err, ddbmodel.ErrKeyOverlap) {
				t.Fatalf("Define = %v, want a *ddbmodel.KeyOverlapError", err)
			}
			if oe.Index != tt.wantIndex || oe.Entity != tt.wantEntity2 || oe.Other != "Note" {
				t.Errorf("KeyOverlapError = %+v", oe)
			}
			if tt.wantIndex != "" && !strings.Contains(err.Error(), "RecognizeUnmarked") {
				t.Errorf("an index refusal does not say why: %v", err)
			}
		})
	}
}

// A composite limited by an Enum is compared by its values: S#${status}
// (open, closed) never renders S#archived, so the pair is accepted; without
// the Enum it is refused.
func TestOverlapUsesEnumValues(t *testing.T) {
	t.Parallel()
	for _, enum := range [][]string{{"open", "closed"}, nil} {
		tbl := tlTable()
		live := entity.Config[tlItem]{Name: "Live", Key: entity.Key{Partition: "P#${project}", Sort: "S#${status}"}}
		if enum != nil {
			live.Attributes = map[string]entity.Attribute{"status": {Enum: enum}}
		}
		entity.MustDefine(tbl, live)
		_, err := entity.Define(tbl, entity.Config[tlItem]{Name: "Archived", Key: entity.Key{Partition: "P#${project}", Sort: "S#archived"}})
		if enum != nil && err != nil {
			t.Errorf("with Enum %v: Define = %v, want nil", enum, err)
		}
		if enum == nil && !errors.Is(err, ddbmodel.ErrKeyOverlap) {
			t.Errorf("without Enum: Define = %v, want ErrKeyOverlap", err)
		}
	}
	// A value listed in the Enum still meets the literal.
	tbl := tlTable()
	entity.MustDefine(tbl, entity.Config[tlItem]{Name: "Live", Key: entity.Key{Partition: "P#${project}", Sort: "S#${status}"},
		Attributes: map[string]entity.Attribute{"status": {Enum: []string{"open", "archived"}}}})
	if _, err := entity.Define(tbl, entity.Config[tlItem]{Name: "Archived", Key: entity.Key{Partition: "P#${project}", Sort: "S#archived"}}); !errors.Is(err, ddbmodel.ErrKeyOverlap) {
		t.Errorf("Enum listing archived: Define = %v, want ErrKeyOverlap", err)
	}
}

// Promise 2 on DynamoDB Local: two entities on one index timeline each read
// back only their own items through a query of the index.
func TestIndexTimelineQueriesReadOwnItems(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tbl := tlTable()
	notes := entity.MustDefine(tbl, tlNote("NOTE#${id}", false))
	tasks := entity.MustDefine(tbl, tlTask("TASK#${id}", false))
	db := entitytest.NewDB(t, tbl)
	day := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	for i, id := range []string{"1", "2"} {
		if _, err := notes.Put(tlItem{Project: "p", ID: "n" + id, At: day.AddDate(0, 0, i)}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		if _, err := tasks.Put(tlItem{Project: "p", ID: "t" + id, Due: day.AddDate(0, 0, i)}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		run  func() ([]tlItem, error)
		want string
	}{
		{"notes", func() ([]tlItem, error) {
			return query.New(notes).Index("LSI1").Where(entity.Values{"project": "p"}).Collect(ctx, db)
		}, "n"},
		{"tasks", func() ([]tlItem, error) {
			return query.New(tasks).Index("LSI1").Where(entity.Values{"project": "p"}).Collect(ctx, db)
		}, "t"},
		{"notes of one day", func() ([]tlItem, error) {
			return query.New(notes).Index("LSI1").Where(entity.Values{"project": "p", "at": day}).Collect(ctx, db)
		}, "n"},
	} {
		got, err := tc.run()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(got) == 0 {
			t.Errorf("%s: no items", tc.name)
		}
		for _, it := range got {
			if !strings.HasPrefix(it.ID, tc.want) {
				t.Errorf("%s: read %+v, another entity's item", tc.name, it)
			}
		}
	}
}
