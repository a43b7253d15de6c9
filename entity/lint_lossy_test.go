package entity_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

type lossyItem struct {
	ID  string    `dynamo:"id"`
	Grp string    `dynamo:"grp"`
	On  time.Time `dynamo:"on"`
}

// Lint warns of a table key built only from date and shard composites
// (two items of one day or shard share a key: a put of one replaces the
// other), and not of keys where a composite tells items apart, where the
// same attribute is also rendered whole, of a literal singleton, or of an
// index key (which may repeat). An Allow covers it.
func TestLintWarnsOfATableKeyOfOnlyLossyComposites(t *testing.T) {
	table := &entity.Table{Name: "lossy", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	def := func(name string, k entity.Key, ix ...entity.IndexKey[lossyItem]) {
		t.Helper()
		if _, err := entity.Define(table, entity.Config[lossyItem]{Name: name, Key: k, Indexes: ix}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	def("DailyNote", entity.Key{Partition: "DAY#${on:date}", Sort: "NOTE"})
	def("Sharded", entity.Key{Partition: "G#${grp:shard(4)}", Sort: "ITEM"})
	def("Both", entity.Key{Partition: "B#${on:date}", Sort: "S#${grp:shard(8)}"})
	def("WithID", entity.Key{Partition: "W#${on:date}", Sort: "E#${id}"})
	def("SameAttrWhole", entity.Key{Partition: "T#${on:date}", Sort: "AT#${on:time}"})
	def("Singleton", entity.Key{Partition: "CONFIG", Sort: "#META"})
	def("IndexOnly", entity.Key{Partition: "I#${id}", Sort: "I"},
		entity.IndexKey[lossyItem]{Index: "GSI1", Partition: "DAY#${on:date}", Sort: "X"})

	lossy := func(opts entity.LintOptions) (names []string, fs []entity.Finding) {
		for _, f := range table.Lint(opts) {
			if f.Code == entity.LintLossyKey {
				names = append(names, f.Entities...)
				fs = append(fs, f)
			}
		}
		return names, fs
	}
	names, fs := lossy(entity.LintOptions{})
	if want := []string{"Both", "DailyNote", "Sharded"}; !slices.Equal(names, want) {
		t.Fatalf("lossy-key findings for %v, want %v", names, want)
	}
	for _, f := range fs {
		if f.Severity != entity.Warning || f.Index != "" || f.Allowed != "" || !strings.Contains(f.Message, "a put of one replaces the other") {
			t.Errorf("finding %v: want a warning on the table key saying a put replaces the other item", f)
		}
	}
	if !strings.Contains(fs[1].Message, "${on:date}") || !strings.Contains(fs[0].Message, "${grp:shard(8)}") {
		t.Errorf("messages do not name the lossy composites: %q, %q", fs[0].Message, fs[1].Message)
	}
	_, fs = lossy(entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintLossyKey, Entity: "DailyNote", Reason: "one note per day"}}})
	for _, f := range fs {
		if slices.Contains(f.Entities, "DailyNote") && f.Allowed != "one note per day" {
			t.Errorf("the Allow does not cover DailyNote's finding: %v", f)
		}
	}
	// One lossy composite "keeps" part of a value (the text said "keep"),
	// and an Allow given the wrong Index says where the finding is.
	if !strings.Contains(fs[1].Message, "which keeps only part of a value") || !strings.Contains(fs[0].Message, "which keep only part of a value") {
		t.Errorf("messages: %q, %q; want keeps for one composite, keep for two", fs[1].Message, fs[0].Message)
	}
	stale := false
	for _, f := range table.Lint(entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintLossyKey, Entity: "DailyNote", Index: "GSI1", Reason: "one note per day"}}}) {
		if f.Code == entity.LintStaleAllow {
			stale = true
			if !strings.Contains(f.Message, `give it the Index of the finding ("", the table)`) {
				t.Errorf("stale allow: %q, want it to name the finding's index", f.Message)
			}
		}
	}
	if !stale {
		t.Error("an Allow on the wrong index is not reported stale")
	}
}
