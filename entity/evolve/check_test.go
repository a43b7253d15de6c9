package evolve_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// Findings Repair does not rewrite: each is reported by Check with its
// kind, and its Build is refused with a *RepairError, no request built.
func TestFindingsRepairDoesNotRewriteAreReportedAndRefused(t *testing.T) {
	v1 := modelV1()
	in, err := v1.comments.Put(Comment{TenantID: "acme", TicketID: "k1", CommentID: "c1", Body: "hi"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	define := func(cfg entity.Config[Comment]) *entity.Entity[Comment] {
		cfg.Name = "Comment"
		if cfg.Key == (entity.Key{}) {
			cfg.Key = commentKey
		}
		return entity.MustDefine(newTable("GSI1", "GSI2"), cfg)
	}
	cases := []struct {
		name string
		e    *entity.Entity[Comment]
		kind evolve.Kind
		is   error
	}{
		{"a new entity version", define(entity.Config[Comment]{Version: "2"}), evolve.Marker, evolve.ErrNotRepairable},
		{"a rule the item breaks", define(entity.Config[Comment]{Attributes: map[string]entity.Attribute{"author": {Required: true}}}), evolve.Invalid, ddbmodel.ErrInvalid},
	}
	for _, c := range cases {
		f, err := evolve.Entity(c.e).Check(in.Item)
		if err != nil || f == nil {
			t.Fatalf("%s: %v, %v", c.name, f, err)
		}
		if !slices.Equal(f.Kinds, []evolve.Kind{c.kind}) || f.Repairable() {
			t.Errorf("%s: kinds %v (repairable %v), want [%s]", c.name, f.Kinds, f.Repairable(), c.kind)
		}
		up, err := f.Build()
		var re *evolve.RepairError
		if up != nil || !errors.As(err, &re) || !errors.Is(err, c.is) || re.Entity != "Comment" {
			t.Errorf("%s: Build: %v, %v; want a *RepairError (%v)", c.name, up, err, c.is)
		}
	}
	// Unchanged model: no finding.
	if f, err := evolve.Entity(v1.comments).Check(in.Item); f != nil || err != nil {
		t.Errorf("the v1 item under v1: %v, %v", f, err)
	}
}

// Note's v2 indexes it by its updated timestamp, which every put sets to
// now: an item is checked against a put at the time it records, so that
// an item v2 wrote is no finding, and an item v1 wrote gets the key that
// time renders (and keeps the time).
type Note struct {
	ID        string `dynamo:"id"`
	UpdatedAt string `dynamo:"updatedAt"`
	Rev       int64  `dynamo:"rev"`
}

func TestAKeyBuiltFromTheUpdatedTimeIsCheckedAtTheTimeStored(t *testing.T) {
	clock := func(s string) func() time.Time {
		return func() time.Time { tm, _ := time.Parse(time.RFC3339, s); return tm }
	}
	key := entity.Key{Partition: "NOTE#${id}", Sort: "#NOTE"}
	v1 := entity.MustDefine(newTable("GSI1"), entity.Config[Note]{Name: "Note", Key: key,
		Timestamps: entity.Timestamps{Updated: "updatedAt"}, Now: clock("2026-01-01T00:00:00Z")})
	v2 := entity.MustDefine(newTable("GSI1"), entity.Config[Note]{Name: "Note", Key: key,
		Indexes:    []entity.IndexKey[Note]{{Index: "GSI1", Partition: "NOTES", Sort: "U#${updatedAt}#${id}"}},
		Timestamps: entity.Timestamps{Updated: "updatedAt"}, Now: clock("2026-05-01T00:00:00Z")})
	// Written by v2 an hour before the check: as a put wrote it.
	early := entity.MustDefine(newTable("GSI1"), entity.Config[Note]{Name: "Note", Key: key,
		Indexes:    []entity.IndexKey[Note]{{Index: "GSI1", Partition: "NOTES", Sort: "U#${updatedAt}#${id}"}},
		Timestamps: entity.Timestamps{Updated: "updatedAt"}, Now: clock("2026-04-30T23:00:00Z")})
	byV2, err := early.Put(Note{ID: "n2"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if f, err := evolve.Entity(v2).Check(byV2.Item); f != nil || err != nil {
		t.Errorf("an item v2 wrote: %+v, %v; want no finding", f, err)
	}
	in, err := v1.Put(Note{ID: "n1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	f, err := evolve.Entity(v2).Check(in.Item)
	if err != nil || f == nil {
		t.Fatalf("%v, %v", f, err)
	}
	if !slices.Equal(f.Kinds, []evolve.Kind{evolve.MissingIndexKey}) || len(f.Changes) != 0 || !f.Repairable() {
		t.Errorf("kinds %v, changes %v, repairable %v", f.Kinds, f.Changes, f.Repairable())
	}
	up, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	stored := text(in.Item["updatedAt"])
	if ue := aws.ToString(up.UpdateExpression); !hasValue(up.ExpressionAttributeValues, "U#"+stored+"#n1") || ue != "SET #GSI1PK = :v0, #GSI1SK = :v1" {
		t.Errorf("the repair: %s, values %v; want GSI1SK from the stored time %s and updatedAt kept", ue, up.ExpressionAttributeValues, stored)
	}
	// An item without the timestamp (stored before it was declared): a
	// put would render the key at now, anew each time: reported only.
	delete(in.Item, "updatedAt")
	f, err = evolve.Entity(v2).Check(in.Item)
	if err != nil || f == nil || f.Repairable() {
		t.Fatalf("an item without updatedAt: %+v, %v; want a finding not repaired", f, err)
	}
	if up, err := f.Build(); up != nil || !errors.Is(err, evolve.ErrNotRepairable) {
		t.Errorf("Build: %v, %v; want ErrNotRepairable", up, err)
	}
}

// NoteT holds its updated time as a time.Time. v1 did not declare it as
// the Updated timestamp, so its puts stored the zero time: an item that
// records no time, whose key a put would render at now, anew at every
// check: reported, not repaired (a repair would store a key no put of
// the item's value writes, and write it again at every run).
type NoteT struct {
	ID        string    `dynamo:"id"`
	UpdatedAt time.Time `dynamo:"updatedAt"`
}

func TestAKeyBuiltFromAZeroUpdatedTimeIsReportedNotRepaired(t *testing.T) {
	key := entity.Key{Partition: "NOTE#${id}", Sort: "#NOTE"}
	v1 := entity.MustDefine(newTable("GSI1"), entity.Config[NoteT]{Name: "Note", Key: key})
	v2 := entity.MustDefine(newTable("GSI1"), entity.Config[NoteT]{Name: "Note", Key: key, Timestamps: entity.Timestamps{Updated: "updatedAt"},
		Indexes: []entity.IndexKey[NoteT]{{Index: "GSI1", Partition: "NOTES", Sort: "U#${updatedAt}#${id}"}}})
	in, err := v1.Put(NoteT{ID: "n1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if in.Item["updatedAt"] == nil {
		t.Fatalf("v1 stored no updatedAt: %v", in.Item)
	}
	f, err := evolve.Entity(v2).Check(in.Item)
	if err != nil || f == nil || f.Repairable() {
		t.Fatalf("%+v, %v; want a finding not repaired", f, err)
	}
	if up, err := f.Build(); up != nil || !errors.Is(err, evolve.ErrNotRepairable) || !strings.Contains(err.Error(), `built from "updatedAt"`) {
		t.Errorf("Build: %v, %v; want ErrNotRepairable naming updatedAt", up, err)
	}
}

// hasValue reports whether values hold the string s.
func hasValue(values map[string]types.AttributeValue, s string) bool {
	for _, v := range values {
		if text(v) == s {
			return true
		}
	}
	return false
}
