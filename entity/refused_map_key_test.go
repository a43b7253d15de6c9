package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// rkKey is a map key whose MarshalText fails for "bad" and panics for
// "boom".
type rkKey string

func (k rkKey) MarshalText() ([]byte, error) {
	switch k {
	case "bad":
		return nil, errors.New("rkKey: bad is no key")
	case "nul":
		return nil, errors.New("rkKey: a\x00b")
	case "boom":
		panic("rkKey: boom")
	case "hush":
		panic("")
	}
	return []byte(k), nil
}

func (k *rkKey) UnmarshalText(b []byte) error { *k = rkKey(b); return nil }

type rkRoom struct {
	Beds int `dynamo:"beds"`
}

type rkNote struct {
	ID     string           `dynamo:"id"`
	Labels map[rkKey]string `dynamo:"labels"`
	Rooms  map[rkKey]rkRoom `dynamo:"rooms"`
}

// A map key that has no text gives a handle every operation refuses with a
// *ValidationError naming the entity, the map and why (it said "attribute
// name is empty"), for updates and conditions alike.
func TestARefusedMapKeyHandleNamesTheMapAndWhy(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "refused-map-keys", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByID", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK"), Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}}}}
	notes := entity.MustDefine(tb, entity.Config[rkNote]{Name: "Note", Key: entity.Key{Partition: "NOTE#${id}", Sort: "NOTE"},
		Indexes: []entity.IndexKey[rkNote]{{Index: "ByID", Partition: "ID#${id}", Sort: "NOTE"}}})
	labels := entity.MapOf(notes, func(n *rkNote) *map[rkKey]string { return &n.Labels })
	for _, c := range []struct {
		key rkKey
		why string
	}{
		{"bad", "MarshalText failed: rkKey: bad is no key"},
		{"nul", "MarshalText failed: rkKey: a\x00b"},
		{"boom", "MarshalText panicked: recovered panic: rkKey: boom"},
		{"hush", `MarshalText panicked: recovered panic: ""`},
	} {
		var handle entity.Field[rkNote, string]
		if err := callNoPanic(t, "MapField.Key", func() error { handle = labels.Key(c.key); return nil }); err != nil {
			t.Fatal(err)
		}
		builds := map[string]func() error{
			"Apply(Set)": func() error {
				_, err := notes.Update(entity.Values{"id": "a"}).Apply(handle.Set("x")).Build()
				return err
			},
			"Apply(Remove)": func() error {
				_, err := notes.Update(entity.Values{"id": "a"}).Apply(handle.Remove()).Build()
				return err
			},
			"If(Eq)": func() error {
				_, err := notes.Update(entity.Values{"id": "a"}).Set("labels.ok", "y").If(handle.Eq("x").Condition()).Build()
				return err
			},
			// A filter on an index that does not project the map: the
			// refusal, not the index's projection, is reported.
			"query filter on a KEYS_ONLY index": func() error {
				_, err := query.New(notes).Index("ByID").Where(entity.Values{"id": "a"}).Matching(handle.Eq("x")).Build()
				return err
			},
			"scan filter on a KEYS_ONLY index": func() error {
				_, err := query.Scan(notes).Index("ByID").Matching(handle.Eq("x")).Build()
				return err
			},
			"query ProjectFields": func() error {
				_, err := query.New(notes).Where(entity.Values{"id": "a"}).ProjectFields(handle).Build()
				return err
			},
			"query ProjectFields on a KEYS_ONLY index": func() error {
				_, err := query.New(notes).Index("ByID").Where(entity.Values{"id": "a"}).ProjectFields(handle).Build()
				return err
			},
			"Delete.IfCond(Exists)": func() error {
				_, err := notes.Delete(entity.Values{"id": "a"}).If(handle.Exists().Condition()).Build()
				return err
			},
		}
		for what, build := range builds {
			err := build()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "Note" || ve.Attribute != "labels" || !strings.HasSuffix(err.Error(), "cannot be used: its "+c.why) {
				t.Errorf("key %q, %s: %v; want a *ValidationError of Note naming labels and %q", c.key, what, err, c.why)
			}
			// A panic is reported as one, as the panics of users' code are.
			var pe *ddbmodel.PanicError
			if panicked := errors.As(err, &pe); panicked != (c.key == "boom" || c.key == "hush") {
				t.Errorf("key %q, %s: %v; a *PanicError with the panic's value only for the key whose MarshalText panics", c.key, what, err)
			}
		}
	}
	// A handle of a field inside a refused entry (FieldIn) is refused for
	// the entry's key, and a refused handle shows no path.
	rooms := entity.MapOf(notes, func(n *rkNote) *map[rkKey]rkRoom { return &n.Rooms })
	beds := entity.FieldIn(rooms.Key("bad"), func(r *rkRoom) *int { return &r.Beds })
	_, err := notes.Update(entity.Values{"id": "a"}).Apply(beds.Set(2)).Build()
	var ve *ddbmodel.ValidationError
	var pe *ddbmodel.PanicError
	if !errors.As(err, &ve) || ve.Attribute != "rooms" || !strings.HasSuffix(err.Error(), "cannot be used: its MarshalText failed: rkKey: bad is no key") || errors.As(err, &pe) {
		t.Errorf("a field inside a refused entry: %v; want a *ValidationError naming rooms and MarshalText's error, and no panic", err)
	}
	if p, s, cp := labels.Key("bad").Path(), beds.String(), beds.Set(2).Path(); p != "" || s != "" || cp != "" {
		t.Errorf("a refused handle shows the paths %q, %q, %q; want none", p, s, cp)
	}
	// A key with text is a path, as before.
	if _, err := notes.Update(entity.Values{"id": "a"}).Apply(labels.Key("ok").Set("x")).Build(); err != nil {
		t.Errorf("a key with text: %v", err)
	}
}

// rkOwnField is a user's own AnyField whose entity was never defined.
type rkOwnField struct{}

func (rkOwnField) Path() string                   { return "labels" }
func (rkOwnField) Entity() *entity.Entity[rkNote] { return &entity.Entity[rkNote]{} }

// ProjectFields given a field of an entity never defined (a user's own
// AnyField) does not panic: Build refuses the query or the field.
func TestProjectFieldsOfAnUndefinedEntityIsAnError(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "own-field", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	notes := entity.MustDefine(tb, entity.Config[rkNote]{Name: "Note", Key: entity.Key{Partition: "NOTE#${id}", Sort: "NOTE"}})
	err := callNoPanic(t, "ProjectFields", func() error {
		_, err := query.New(notes).Where(entity.Values{"id": "a"}).ProjectFields(rkOwnField{}).Build()
		return err
	})
	if err != nil && strings.Contains(err.Error(), "panic") {
		t.Errorf("ProjectFields of an undefined entity's field: %v", err)
	}
}
