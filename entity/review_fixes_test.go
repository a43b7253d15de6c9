package entity_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// The model of the review findings fixed together: a number key composite,
// an index built from a number, a Required field inside a struct held by
// value and one inside a struct held by pointer, and a map.
type rvBooking struct {
	ID     int            `dynamo:"id"`
	Status string         `dynamo:"status"`
	Votes  int            `dynamo:"votes"`
	Guest  rvGuest        `dynamo:"guest"`
	Extras map[string]int `dynamo:"extras"`
}

type rvGuest struct {
	Address rvAddress  `dynamo:"address"`
	Billing *rvAddress `dynamo:"billing"`
}

type rvAddress struct {
	Country string `dynamo:"country"`
}

var rvBookings = entity.MustDefine(&entity.Table{
	Name: "review", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
	Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}},
}, entity.Config[rvBooking]{
	Name:    "Booking",
	Key:     entity.Key{Partition: "B#${id}", Sort: "B"},
	Indexes: []entity.IndexKey[rvBooking]{{Index: "GSI1", Partition: "BS#${status}", Sort: "${status}#${votes}"}},
	Attributes: map[string]entity.Attribute{
		"guest.address.country": {Required: true},
		"guest.billing.country": {Required: true},
	},
})

func rvGood() rvBooking {
	return rvBooking{ID: 7, Status: "open", Votes: 5, Guest: rvGuest{Address: rvAddress{Country: "PT"}}}
}

func stringAt(t *testing.T, item map[string]types.AttributeValue, name string) string {
	t.Helper()
	s, ok := item[name].(*types.AttributeValueMemberS)
	if !ok {
		t.Fatalf("%s = %#v, want a string", name, item[name])
	}
	return s.Value
}

// Number text among key values renders the number a put of the field
// stores: "007" finds the item 7, where it asked for "B#007", an item no
// put writes, and a get, a delete or a query silently missed.
func TestNumberTextInKeyValuesRendersAsAPutDoes(t *testing.T) {
	t.Parallel()
	for _, text := range []any{"007", "+7", "7"} {
		in, err := rvBookings.Get(entity.Values{"id": text}).Build()
		if err != nil {
			t.Fatalf("%v: %v", text, err)
		}
		if pk := stringAt(t, in.Key, "PK"); pk != "B#7" {
			t.Errorf("Get(id %q) asks for PK %q, want B#7", text, pk)
		}
		del, err := rvBookings.Delete(entity.Values{"id": text}).Build()
		if err != nil {
			t.Fatalf("%v: %v", text, err)
		}
		if pk := stringAt(t, del.Key, "PK"); pk != "B#7" {
			t.Errorf("Delete(id %q) asks for PK %q, want B#7", text, pk)
		}
	}
}

// An update's With value given as number text conditions the write on the
// number and recomputes the index key from the number, as a put of the
// same values writes it ("closed#5", not "closed#05").
func TestWithNumberTextRecomputesTheKeyAPutWrites(t *testing.T) {
	t.Parallel()
	up, err := rvBookings.Update(entity.Values{"id": 7}).With(entity.Values{"votes": "05"}).Set("status", "closed").Build()
	if err != nil {
		t.Fatal(err)
	}
	v := rvGood()
	v.Status = "closed"
	put, err := rvBookings.Put(v).Build()
	if err != nil {
		t.Fatal(err)
	}
	want := stringAt(t, put.Item, "GSI1SK")
	var got string
	for _, av := range up.ExpressionAttributeValues {
		if s, ok := av.(*types.AttributeValueMemberS); ok && strings.HasPrefix(s.Value, "closed#") {
			got = s.Value
		}
	}
	if got != want {
		t.Errorf("update writes GSI1SK %q, a put writes %q", got, want)
	}
}

// Removing a struct that always holds a Required field (no pointer on the
// way) is refused: the item read back holds the field empty and a put of
// it is refused. A struct held by pointer may go: a put without it leaves
// its rules out.
func TestRemoveOfAHolderOfARequiredFieldIsRefused(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"guest", "guest.address"} {
		_, err := rvBookings.Update(entity.Values{"id": 7}).Remove(path).Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != "guest.address.country" || !strings.Contains(err.Error(), "required") {
			t.Errorf("Remove(%q): err = %v, want a ValidationError naming guest.address.country as required", path, err)
		}
	}
	if _, err := rvBookings.Update(entity.Values{"id": 7}).Remove("guest.billing").Build(); err != nil {
		t.Errorf("Remove of the pointer holder: %v", err)
	}
}

// A map with an empty key is refused before sending; DynamoDB refused it
// late with a raw ValidationException.
func TestPutOfAnEmptyMapKeyIsRefused(t *testing.T) {
	t.Parallel()
	v := rvGood()
	v.Extras = map[string]int{"": 1}
	_, err := rvBookings.Put(v).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "extras" || ve.Entity != "Booking" {
		t.Errorf("err = %v, want a ValidationError naming Booking and extras", err)
	}
}

// A get, delete or query missing a key composite is invalid input
// (ErrInvalid as well as ErrMissingComposites), and its advice is not the
// update's With or ReadFirst, which these operations do not have.
func TestMissingKeyCompositesAreInvalidInput(t *testing.T) {
	t.Parallel()
	_, getErr := rvBookings.Get(entity.Values{}).Build()
	_, delErr := rvBookings.Delete(entity.Values{}).Build()
	for name, err := range map[string]error{"get": getErr, "delete": delErr} {
		if !errors.Is(err, ddbmodel.ErrInvalid) || !errors.Is(err, ddbmodel.ErrMissingComposites) {
			t.Errorf("%s: err = %v, want ErrInvalid and ErrMissingComposites", name, err)
		} else if strings.Contains(err.Error(), "With") {
			t.Errorf("%s: %v advises With, which a %s does not have", name, err, name)
		}
	}
	_, err := rvBookings.Update(entity.Values{"id": 7}).Set("status", "closed").Build()
	if !errors.Is(err, ddbmodel.ErrMissingComposites) || !strings.Contains(err.Error(), "With") {
		t.Errorf("update missing votes: err = %v, want the advice to use With or ReadFirst", err)
	}
}

// A struct with a stored name holding a dot ("meta.version") beside a
// nested field the same bare path spells.
type rvDev struct {
	ID     string `dynamo:"id"`
	Dotted int    `dynamo:"meta.version"`
	Meta   rvMeta `dynamo:"meta"`
}

type rvMeta struct {
	Version int `dynamo:"version"`
}

// A handle's path is one its own updates take: the nested field's path
// quotes the attribute it is in when the bare path would also spell the
// dotted stored name (every update through it was refused as ambiguous).
func TestFieldOfQuotesAPathADottedNameMakesAmbiguous(t *testing.T) {
	t.Parallel()
	devs := entity.MustDefine(&entity.Table{Name: "devs", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[rvDev]{Name: "Dev", Key: entity.Key{Partition: "D#${id}", Sort: "D"}})
	nested := entity.NumberOf(devs, func(d *rvDev) *int { return &d.Meta.Version })
	dotted := entity.NumberOf(devs, func(d *rvDev) *int { return &d.Dotted })
	if nested.Path() != `"meta".version` || dotted.Path() != `"meta.version"` {
		t.Errorf("paths %s and %s, want \"meta\".version and \"meta.version\"", nested.Path(), dotted.Path())
	}
	key := entity.Values{"id": "d1"}
	for _, f := range []entity.NumberField[rvDev, int]{nested, dotted} {
		if _, err := devs.Update(key).Apply(f.Set(77)).Build(); err != nil {
			t.Errorf("Set through %s: %v", f.Path(), err)
		}
	}
}

// One Get or Delete keyed by number text ("07" for the int id), built by
// many goroutines at once: each Build renders the number's key ("B#7")
// without writing into the operation it shares (the race detector, which
// CI runs, reports a write), and the operation renders the same key after.
func TestSharedOpKeyedByNumberTextBuildsConcurrently(t *testing.T) {
	t.Parallel()
	get := rvBookings.Get(entity.Values{"id": "07"})
	del := rvBookings.Delete(entity.Values{"id": "07"})
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 8 {
		wg.Go(func() {
			for range 50 {
				g, err := get.Build()
				if err == nil {
					var d *dynamodb.DeleteItemInput
					want := &types.AttributeValueMemberS{Value: "B#7"}
					if d, err = del.Build(); err == nil && (!reflect.DeepEqual(g.Key["PK"], want) || !reflect.DeepEqual(d.Key["PK"], want)) {
						err = fmt.Errorf("keys %#v and %#v, want B#7", g.Key["PK"], d.Key["PK"])
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
