package evolve_test

import (
	"errors"
	"slices"
	"testing"
	"time"

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
// now: writing only the key a put renders would store a key the item's
// updatedAt does not give.
type Note struct {
	ID        string `dynamo:"id"`
	UpdatedAt string `dynamo:"updatedAt"`
}

func TestAKeyBuiltFromWhatAPutChangesIsReportedNotRepaired(t *testing.T) {
	clock := func(s string) func() time.Time {
		return func() time.Time { tm, _ := time.Parse(time.RFC3339, s); return tm }
	}
	v1 := entity.MustDefine(newTable("GSI1"), entity.Config[Note]{Name: "Note", Key: entity.Key{Partition: "NOTE#${id}", Sort: "#NOTE"},
		Timestamps: entity.Timestamps{Updated: "updatedAt"}, Now: clock("2026-01-01T00:00:00Z")})
	v2 := entity.MustDefine(newTable("GSI1"), entity.Config[Note]{Name: "Note", Key: entity.Key{Partition: "NOTE#${id}", Sort: "#NOTE"},
		Indexes:    []entity.IndexKey[Note]{{Index: "GSI1", Partition: "NOTES", Sort: "U#${updatedAt}#${id}"}},
		Timestamps: entity.Timestamps{Updated: "updatedAt"}, Now: clock("2026-05-01T00:00:00Z")})
	in, err := v1.Put(Note{ID: "n1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	f, err := evolve.Entity(v2).Check(in.Item)
	if err != nil || f == nil {
		t.Fatalf("%v, %v", f, err)
	}
	if !slices.Equal(f.Kinds, []evolve.Kind{evolve.MissingIndexKey, evolve.PutChanges}) || len(f.Changes) != 1 || f.Changes[0].Attribute != "updatedAt" {
		t.Errorf("kinds %v, changes %v", f.Kinds, f.Changes)
	}
	if up, err := f.Build(); up != nil || !errors.Is(err, evolve.ErrNotRepairable) {
		t.Errorf("Build: %v, %v; want ErrNotRepairable", up, err)
	}
}
