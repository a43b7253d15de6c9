package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// rkKey is a map key whose MarshalText fails for "bad" and panics for
// "boom".
type rkKey string

func (k rkKey) MarshalText() ([]byte, error) {
	switch k {
	case "bad":
		return nil, errors.New("rkKey: bad is no key")
	case "boom":
		panic("rkKey: boom")
	}
	return []byte(k), nil
}

func (k *rkKey) UnmarshalText(b []byte) error { *k = rkKey(b); return nil }

type rkNote struct {
	ID     string           `dynamo:"id"`
	Labels map[rkKey]string `dynamo:"labels"`
}

// A map key that has no text gives a handle every operation refuses with a
// *ValidationError naming the entity, the map and why (it said "attribute
// name is empty"), for updates and conditions alike.
func TestARefusedMapKeyHandleNamesTheMapAndWhy(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "refused-map-keys", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	notes := entity.MustDefine(tb, entity.Config[rkNote]{Name: "Note", Key: entity.Key{Partition: "NOTE#${id}", Sort: "NOTE"}})
	labels := entity.MapOf(notes, func(n *rkNote) *map[rkKey]string { return &n.Labels })
	for _, c := range []struct {
		key rkKey
		why string
	}{
		{"bad", "MarshalText failed: rkKey: bad is no key"},
		{"boom", "MarshalText panicked"},
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
			"Delete.IfCond(Exists)": func() error {
				_, err := notes.Delete(entity.Values{"id": "a"}).If(handle.Exists().Condition()).Build()
				return err
			},
		}
		for what, build := range builds {
			err := build()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "Note" || ve.Attribute != "labels" || !strings.Contains(err.Error(), c.why) {
				t.Errorf("key %q, %s: %v; want a *ValidationError of Note naming labels and %q", c.key, what, err, c.why)
			}
			// A panic is reported as one, as the panics of users' code are.
			var pe *ddbmodel.PanicError
			if panicked := errors.As(err, &pe); panicked != (c.key == "boom") || panicked && pe.Value != "rkKey: boom" {
				t.Errorf("key %q, %s: %v; a *PanicError with the panic's value only for the key whose MarshalText panics", c.key, what, err)
			}
		}
	}
	// A key with text is a path, as before.
	if _, err := notes.Update(entity.Values{"id": "a"}).Apply(labels.Key("ok").Set("x")).Build(); err != nil {
		t.Errorf("a key with text: %v", err)
	}
}
