package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// upmCode is a unique code whose own UnmarshalText panics on "boom", as a
// buggy decoder of a user's type may.
type upmCode string

func (c *upmCode) UnmarshalText(b []byte) error {
	if string(b) == "boom" {
		panic("upmCode: cannot decode boom")
	}
	*c = upmCode(b)
	return nil
}

func (c upmCode) MarshalText() ([]byte, error) { return []byte(c), nil }

type upmItem struct {
	ID    string  `dynamo:"id"`
	Code  upmCode `dynamo:"code"`
	Label pmLabel `dynamo:"label"`
}

// The reads that decode an item outside Decode (the item a moving update
// writes, the unique values read before a put, an unmarked item adopted)
// return a field's panicking UnmarshalText as an error wrapping ErrPanic
// instead of unwinding through Run or Build.
func TestPanickingUnmarshallersOutsideDecodeAreErrors(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "unmarshal-panics", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	items := entity.MustDefine(table, entity.Config[upmItem]{
		Name: "Item", Key: entity.Key{Partition: "ITEM#${id}", Sort: "ITEM"},
		Attributes:        map[string]entity.Attribute{"code": {Unique: true}},
		RecognizeUnmarked: true,
	})
	db := entitytest.NewDB(t, table)
	ctx := t.Context()

	// An item whose stored unique code its type cannot decode.
	stored, err := items.Encode(upmItem{ID: "a", Code: "fine", Label: "x"})
	if err != nil {
		t.Fatal(err)
	}
	stored["code"] = s("boom")
	rawPut(t, db, stored)
	// And one whose label cannot be decoded, for the move.
	moving, err := items.Encode(upmItem{ID: "m", Code: "m-code", Label: "x"})
	if err != nil {
		t.Fatal(err)
	}
	moving["label"] = s("boom")
	rawPut(t, db, moving)

	// And an item other code wrote, without the entity's markers.
	rawPut(t, db, map[string]types.AttributeValue{"PK": s("ITEM#u"), "SK": s("ITEM"), "id": s("u"), "code": s("u-code"), "label": s("boom")})

	for what, run := range map[string]func() error{
		// uniqueUnchanged decodes the unique values the item holds.
		"Put.Run over the item": func() error {
			_, err := items.Put(upmItem{ID: "a", Code: "new", Label: "y"}).Run(ctx, db)
			return err
		},
		// the moved item is decoded before its create is compiled.
		"moving Update.Run": func() error {
			_, err := items.Update(entity.Values{"id": "m"}).Set("id", "m2").ReadFirst().Run(ctx, db)
			return err
		},
		// the unmarked item is decoded to check a put of it writes its key.
		"Adopt.Run": func() error {
			_, err := items.Adopt(entity.Values{"id": "u"}).Run(ctx, db)
			return err
		},
	} {
		err := callNoPanic(t, what, run)
		if !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want an error wrapping ErrPanic", what, err, err)
			continue
		}
		var de *ddbmodel.DecodeError
		var ve *ddbmodel.ValidationError
		switch {
		case errors.As(err, &de):
			if de.Entity != "Item" {
				t.Errorf("%s: a DecodeError of %q, want Item", what, de.Entity)
			}
			if what == "moving Update.Run" && (de.Attribute != "label" || de.Key != "PK=ITEM#m,SK=ITEM") {
				t.Errorf("%s: %v; want it to name the attribute label and the item's key", what, err)
			}
		case errors.As(err, &ve) && what != "moving Update.Run":
			if ve.Entity != "Item" {
				t.Errorf("%s: a ValidationError of %q, want Item", what, ve.Entity)
			}
		default:
			t.Errorf("%s: got %T, want a DecodeError or ValidationError of Item", what, err)
		}
	}
	// Nothing was written: both items are as stored.
	if got := rawGet(t, db, "ITEM#a", "ITEM"); attrS(got, "code") != "boom" {
		t.Errorf("item a changed: %v", got)
	}
	if got := rawGet(t, db, "ITEM#m", "ITEM"); attrS(got, "label") != "boom" {
		t.Errorf("item m changed: %v", got)
	}
	if got := rawGet(t, db, "ITEM#u", "ITEM"); attrS(got, "label") != "boom" || got["__entity"] != nil {
		t.Errorf("item u changed: %v", got)
	}
	if got := rawGet(t, db, "ITEM#m2", "ITEM"); got != nil {
		t.Errorf("the move wrote %v", got)
	}
}

// ppKey is a map key whose own MarshalText and UnmarshalText panic on
// "boom".
type ppKey string

func (k *ppKey) UnmarshalText(b []byte) error {
	if string(b) == "boom" {
		panic("ppKey: cannot decode boom")
	}
	*k = ppKey(b)
	return nil
}

func (k ppKey) MarshalText() ([]byte, error) {
	if k == "boom" {
		panic("ppKey: cannot encode boom")
	}
	return []byte(k), nil
}

type ppDoc struct {
	ID    string           `dynamo:"id"`
	Label pmLabel          `dynamo:"label"`
	Tags  map[ppKey]string `dynamo:"tags"`
}

// panickingClient is a DynamoDB client whose GetItem panics, as a buggy
// wrapper or test double may.
type panickingClient struct{ entity.Client }

func (panickingClient) GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	panic("GetItem: boom")
}

// The user's code the library calls outside a request's compile (an
// upgrade function, a value's MarshalText when building one batch put, a
// map key's MarshalText, Config.Sample, the DynamoDB client itself) fails
// the call with an error wrapping ErrPanic instead of unwinding through
// it.
func TestUsersCodeThatPanicsOutsideACompileIsAnError(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "user-code-panics", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	docs := entity.MustDefine(tb, entity.Config[ppDoc]{
		Name: "Doc", Version: "2", Key: entity.Key{Partition: "DOC#${id}", Sort: "DOC"},
		Upgrades: []entity.Upgrade[ppDoc]{entity.UpgradeFrom("1", func(old ppDoc) (ppDoc, error) {
			if old.ID == "fn-boom" {
				panic("upgrade: boom")
			}
			return old, nil
		})},
		Sample: func() ppDoc { panic("Sample: boom") },
	})
	old := func(id, label string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": s("DOC#" + id), "SK": s("DOC"), "id": s(id), "label": s(label),
			tb.EntityAttr(): s("Doc"), tb.EntityVersionAttr(): s("1")}
	}
	db := entity.NewDB(panickingClient{}, "user-code-panics")
	for what, run := range map[string]func() error{
		"Upgraded, the upgrade panics":           func() error { _, _, err := docs.Upgraded(old("fn-boom", "x")); return err },
		"Upgraded, the old type's decode panics": func() error { _, _, err := docs.Upgraded(old("a", "boom")); return err },
		"Decode, the upgrade panics":             func() error { _, err := docs.Decode(old("fn-boom", "x")); return err },
		"Put.BatchWrite, a value's encode panics": func() error {
			_, err := docs.Put(ppDoc{ID: "a", Tags: map[ppKey]string{"boom": "x"}}).BatchWrite()
			return err
		},
		"Table.Sample, Config.Sample panics": func() error { _, _, err := tb.Sample("Doc"); return err },
		"Get.Run, the client panics":         func() error { _, err := docs.Get(entity.Values{"id": "a"}).Run(t.Context(), db); return err },
	} {
		err := callNoPanic(t, what, run)
		if !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want an error wrapping ErrPanic", what, err, err)
		}
		if strings.HasPrefix(what, "Upgraded") || strings.HasPrefix(what, "Decode") {
			var de *ddbmodel.DecodeError
			if !errors.As(err, &de) || de.Entity != "Doc" || de.ItemVersion != "1" || de.Key == "" {
				t.Errorf("%s: got %v, want a *DecodeError of Doc naming the item's version and key", what, err)
			}
		}
	}
	// A map key whose MarshalText panics gives a handle every operation
	// refuses, as one whose MarshalText fails does.
	var handle entity.Field[ppDoc, string]
	if err := callNoPanic(t, "MapField.Key", func() error {
		handle = entity.MapOf(docs, func(d *ppDoc) *map[ppKey]string { return &d.Tags }).Key("boom")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := docs.Update(entity.Values{"id": "a"}).Apply(handle.Set("x")).Build(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("an update through the refused handle: %v, want it refused", err)
	}
}

// A document path through a map whose key type's UnmarshalText panics on
// the step is refused, as one it refuses is (it was taken as given); and
// the Observer is told about a request whose client panicked, with the
// error the caller gets.
func TestAPanickingMapKeyPathIsRefusedAndAClientPanicIsObserved(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "map-key-panics", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	docs := entity.MustDefine(tb, entity.Config[ppDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "DOC"}})
	err := callNoPanic(t, "Update.Set", func() error {
		_, err := docs.Update(entity.Values{"id": "a"}).Set("tags.boom", "x").Build()
		return err
	})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || !strings.Contains(err.Error(), "panicked") {
		t.Errorf("Set(tags.boom): %v; want a ValidationError saying the key's text methods panicked", err)
	}

	var seen []error
	db := entity.NewDB(panickingClient{}, "map-key-panics").WithObserver(entity.ObserverFunc(func(_ context.Context, ev *entity.Event) {
		seen = append(seen, ev.Err)
	}))
	_, err = docs.Get(entity.Values{"id": "a"}).Run(t.Context(), db)
	if !errors.Is(err, ddbmodel.ErrPanic) {
		t.Fatalf("Get.Run: %v, want an error wrapping ErrPanic", err)
	}
	if len(seen) != 1 || !errors.Is(seen[0], ddbmodel.ErrPanic) {
		t.Errorf("the Observer saw %v; want one event whose Err wraps ErrPanic", seen)
	}
}
