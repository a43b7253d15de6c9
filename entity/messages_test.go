package entity_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// The model of the message tests: a primary key and a non-sparse index
// built from top-level attributes, a sparse index, a set, a list, a
// nested struct and a time composite.
type msgStay struct {
	Hotel   string     `dynamo:"hotel"`
	ID      string     `dynamo:"id"`
	Guest   string     `dynamo:"guest"`
	Status  string     `dynamo:"status,omitempty"`
	At      time.Time  `dynamo:"at"`
	Tags    []string   `dynamo:"tags,set"`
	Notes   []string   `dynamo:"notes"`
	Contact msgContact `dynamo:"contact"`
}

type msgContact struct {
	Email string `dynamo:"email"`
}

var msgTable = &entity.Table{
	Name: "messages", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
	},
}

var msgStays = entity.MustDefine(msgTable, entity.Config[msgStay]{
	Name: "Stay",
	Key:  entity.Key{Partition: "H#${hotel}", Sort: "S#${id}#${at:time}"},
	Indexes: []entity.IndexKey[msgStay]{
		{Index: "GSI1", Partition: "G#${guest}", Sort: "S#${id}"},
		{Index: "GSI2", Partition: "ST#${status}", Sort: "S#${id}", Sparse: true},
	},
})

var (
	msgTags  = entity.SetOf(msgStays, func(s *msgStay) *[]string { return &s.Tags })
	msgNotes = entity.ListOf(msgStays, func(s *msgStay) *[]string { return &s.Notes })
)

var msgKey = entity.Values{"hotel": "h1", "id": "s1", "at": time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)}

// wantMessage asserts err is a *ddbmodel.ValidationError on attr whose
// text holds every one of parts.
func wantMessage(t *testing.T, what string, err error, attr string, parts ...string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("%s: got %v, want a *ddbmodel.ValidationError", what, err)
	}
	if ve.Attribute != attr {
		t.Errorf("%s: the error names attribute %q, want %q (%v)", what, ve.Attribute, attr, err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %q does not say %q", what, err, p)
		}
	}
}

// A Remove of an attribute a key is built from names that attribute and
// the key, and a Remove of a primary-key composite is refused at Build
// (before, it asked for a read, and Run then refused it naming no
// attribute).
func TestRemoveOfAKeyCompositeNamesTheAttribute(t *testing.T) {
	_, err := msgStays.Update(msgKey).Remove("id").Build()
	wantMessage(t, "Remove of a primary-key composite", err, "id", "primary key attribute SK", `"S#${id}#${at:time}"`)
	if errors.Is(err, entity.ErrNeedsRead) {
		t.Errorf("Remove of a primary-key composite asks for a read: %v", err)
	}
	_, err = msgStays.Update(msgKey).Remove("guest").Build()
	wantMessage(t, "Remove of a non-sparse index composite", err, "guest", "index GSI1", "not sparse")
	// A sparse index's composite may be removed: the item leaves the index.
	if _, err := msgStays.Update(msgKey).Remove("status").Build(); err != nil {
		t.Errorf("Remove of a sparse index composite: %v", err)
	}
}

// Adding or deleting no elements of a set says so (before: "the value
// []string(nil) is one a put does not store"). Appending no elements to a
// list is a no-op DynamoDB accepts, so it stays allowed.
func TestAnEmptyElementListSaysNoElements(t *testing.T) {
	for name, c := range map[string]entity.Change[msgStay]{
		"Add":           msgTags.Add(),
		"DeleteFromSet": msgTags.DeleteFromSet(),
	} {
		_, err := msgStays.Update(msgKey).Apply(c).Build()
		wantMessage(t, name, err, "tags", "no elements given")
	}
	if _, err := msgStays.Update(msgKey).Apply(msgNotes.Append()).Build(); err != nil {
		t.Errorf("Append of no elements: %v", err)
	}
}

// A time composite given as text it cannot parse names the text it takes.
// Before, a key value said "want time.Time, got string" while the same text
// in With was refused as "not RFC 3339 text", and valid RFC 3339 text was
// accepted by both.
func TestATimeCompositeAsTextSaysWhichTextItTakes(t *testing.T) {
	_, err := msgStays.Get(entity.Values{"hotel": "h1", "id": "s1", "at": "2026-12-01"}).Build()
	wantMessage(t, "Get with a date for a time", err, "at", "RFC 3339 text", `"2026-12-01"`)
	if _, err := msgStays.Get(entity.Values{"hotel": "h1", "id": "s1", "at": "2026-12-01T15:00:00Z"}).Build(); err != nil {
		t.Errorf("Get with RFC 3339 text for a time: %v", err)
	}
}

// A template composite naming a nested field says composites are
// top-level attributes (before: "has no field stored under that name",
// while the field exists).
func TestANestedCompositeSaysCompositesAreTopLevel(t *testing.T) {
	_, err := entity.Define(&entity.Table{Name: "nested", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[msgStay]{Name: "Stay", Key: entity.Key{Partition: "C#${contact.email}", Sort: "S"}})
	wantMessage(t, "a nested composite", err, "contact.email", "top-level attribute", "inside contact")
}

type msgKeyUnexported struct {
	Hotel string `dynamo:"hotel"`
	id    string
	At    time.Time `dynamo:"at"`
}

// A key struct whose composite field is unexported names that field.
func TestAKeyStructWithAnUnexportedFieldNamesIt(t *testing.T) {
	_ = msgKeyUnexported{}.id
	msg := func() (msg string) {
		defer func() { msg = fmt.Sprint(recover()) }()
		entity.ItemKeyOf[msgKeyUnexported](msgStays)
		return ""
	}()
	for _, want := range []string{"no field for composite(s) id", "unexported field(s) id"} {
		if !strings.Contains(msg, want) {
			t.Errorf("ItemKeyOf panicked with %q, want it to say %q", msg, want)
		}
	}
}
