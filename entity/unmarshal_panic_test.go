package entity_test

import (
	"errors"
	"testing"

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
	stored, err := items.Put(upmItem{ID: "a", Code: "fine", Label: "x"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	stored.Item["code"] = s("boom")
	rawPut(t, db, stored.Item)
	// And one whose label cannot be decoded, for the move.
	moving, err := items.Put(upmItem{ID: "m", Code: "m-code", Label: "x"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	moving.Item["label"] = s("boom")
	rawPut(t, db, moving.Item)

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
		case errors.As(err, &ve):
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
