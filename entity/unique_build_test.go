package entity_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// seat is a model with two unique attributes and a required one.
type seat struct {
	Venue string `dynamo:"venue"`
	Row   string `dynamo:"row"`
	Tag   string `dynamo:"tag"`
	RFID  string `dynamo:"rfid"`
	Label string `dynamo:"label"`
	Note  string `dynamo:"note"`
}

func newSeats(t *testing.T) *entity.Entity[seat] {
	t.Helper()
	table := &entity.Table{Name: "seats", PartitionKey: entity.S("pk"), SortKey: entity.S("sk")}
	return entity.MustDefine(table, entity.Config[seat]{
		Name: "Seat",
		Key:  entity.Key{Partition: "VENUE#${venue}", Sort: "ROW#${row}"},
		Attributes: map[string]entity.Attribute{
			"tag":   {Unique: true},
			"rfid":  {Unique: true},
			"label": {Required: true},
		},
	})
}

// The Build of a single write of an entity with unique attributes cannot
// return what its Run sends (the item's write with the marker items, in
// one transaction), so it is refused instead of returning the item's
// request alone, which, sent, would leave the markers behind; invalid
// input is still reported as invalid first, and a transaction builds the
// create with its markers.
func TestTheBuildOfAWriteThatKeepsUniqueValuesIsRefused(t *testing.T) {
	t.Parallel()
	seats := newSeats(t)
	ok := seat{Venue: "v", Row: "r1", Tag: "T1", RFID: "F1", Label: "A"}
	key := entity.Values{"venue": "v", "row": "r1"}
	needsRead := func(name string, err error, op string) {
		t.Helper()
		var nr *entity.NeedsReadError
		if !errors.As(err, &nr) || !errors.Is(err, entity.ErrNeedsRead) {
			t.Errorf("%s: %v, want a *entity.NeedsReadError", name, err)
			return
		}
		if nr.Entity != "Seat" || nr.Op != op || !slices.Equal(sorted(nr.Attributes), []string{"rfid", "tag"}) {
			t.Errorf("%s: %+v, want Seat %s naming rfid and tag", name, nr, op)
		}
	}
	in, err := seats.Put(ok).Build()
	if in != nil {
		t.Errorf("Put.Build returned a request: %v", in.Item)
	}
	needsRead("Put.Build", err, "put")
	up, err := seats.Upsert(ok).Build()
	if up != nil {
		t.Errorf("Upsert.Build returned a request: %v", up.Key)
	}
	needsRead("Upsert.Build", err, "upsert")
	del, err := seats.Delete(key).Build()
	if del != nil {
		t.Errorf("Delete.Build returned a request: %v", del.Key)
	}
	needsRead("Delete.Build", err, "delete")
	for _, op := range []entity.UpdateOp[seat]{
		seats.Update(key).Set("tag", "T2"),
		seats.Update(key).Set("rfid", "F2").Set("note", "n"),
		seats.Update(key).Remove("tag"),
	} {
		u, err := op.Build()
		if u != nil {
			t.Errorf("Update.Build touching a unique attribute returned a request: %v", u.Key)
		}
		var nr *entity.NeedsReadError
		if !errors.As(err, &nr) || nr.Entity != "Seat" || nr.Op != "update" {
			t.Errorf("Update.Build touching a unique attribute: %v, want a *entity.NeedsReadError for Seat update", err)
		}
	}
	// An update that leaves the unique attributes alone is one request.
	if u, err := seats.Update(key).Set("note", "n").Build(); err != nil || u == nil {
		t.Errorf("an update of note alone: %v, %v", u, err)
	}

	// A valid create is not invalid input: its own error, naming the way.
	cr, err := seats.Create(ok).Build()
	var ve *ddbmodel.ValidationError
	if cr != nil || !errors.Is(err, entity.ErrNeedsTransaction) || errors.Is(err, ddbmodel.ErrInvalid) || errors.As(err, &ve) ||
		!strings.Contains(err.Error(), "Seat") || !strings.Contains(err.Error(), "rfid, tag") || !strings.Contains(err.Error(), "txn.Write") {
		t.Errorf("Create.Build: %v, %v; want entity.ErrNeedsTransaction naming Seat, rfid, tag and txn.Write", cr, err)
	}

	// Invalid input is reported as such, before the refusal: a missing
	// label, and a unique value too long for its marker's key.
	noLabel := ok
	noLabel.Label = ""
	longTag := ok
	longTag.Tag = strings.Repeat("t", 3000)
	for _, c := range []struct {
		v    seat
		attr string
	}{{noLabel, "label"}, {longTag, "tag"}} {
		for name, build := range map[string]func() error{
			"put":    func() error { _, err := seats.Put(c.v).Build(); return err },
			"create": func() error { _, err := seats.Create(c.v).Build(); return err },
			"upsert": func() error { _, err := seats.Upsert(c.v).Build(); return err },
			"encode": func() error { _, err := seats.Encode(c.v); return err },
		} {
			err := build()
			if !errors.As(err, &ve) || ve.Attribute != c.attr || errors.Is(err, entity.ErrNeedsRead) || errors.Is(err, entity.ErrNeedsTransaction) {
				t.Errorf("%s of a seat with a bad %s: %v, want a *ddbmodel.ValidationError for %s", name, c.attr, err, c.attr)
			}
		}
	}

	// The transaction a create's Run sends: the item and a marker per
	// unique value.
	tx, err := txn.Write(seats.Create(ok)).Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(tx.TransactItems) != 3 {
		t.Fatalf("the create's transaction has %d actions, want the item and 2 markers", len(tx.TransactItems))
	}
	var values []string
	for _, a := range tx.TransactItems {
		if a.Put == nil {
			t.Fatalf("an action that is no put: %+v", a)
		}
		values = append(values, str(a.Put.Item["pk"]))
	}
	if !strings.HasPrefix(values[0], "VENUE#") || !strings.Contains(strings.Join(values[1:], " "), "T1") || !strings.Contains(strings.Join(values[1:], " "), "F1") {
		t.Errorf("the create's transaction writes %v, want the seat and markers of T1 and F1", values)
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// Encode is the item a put writes: the Item of Put(v).Build() where that
// builds, and the same item for an entity with unique attributes, whose
// put's Build is refused; invalid input is the put's error.
func TestEncodeIsTheItemAPutWrites(t *testing.T) {
	t.Parallel()
	seats := newSeats(t)
	plain := entity.MustDefine(&entity.Table{Name: "plain", PartitionKey: entity.S("pk"), SortKey: entity.S("sk")}, entity.Config[seat]{
		Name: "Seat", Key: entity.Key{Partition: "VENUE#${venue}", Sort: "ROW#${row}"},
		Attributes: map[string]entity.Attribute{"label": {Required: true}, "note": {Default: "none"}},
	})
	v := seat{Venue: "v", Row: "r1", Tag: "T1", RFID: "F1", Label: "A"}
	in, err := plain.Put(v).Build()
	if err != nil {
		t.Fatal(err)
	}
	got, err := plain.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in.Item, got, entitytest.CmpOptions...); diff != "" {
		t.Errorf("Encode is not the put's item (-put +encode):\n%s", diff)
	}
	if str(got["note"]) != "none" {
		t.Errorf("Encode did not apply the Default: %v", got)
	}
	item, err := seats.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	if str(item["pk"]) != "VENUE#v" || str(item["sk"]) != "ROW#r1" || str(item["tag"]) != "T1" || !seats.Is(item) {
		t.Errorf("Encode of a seat: %v", item)
	}
	back, err := seats.Decode(item)
	if err != nil || back != v {
		t.Errorf("Decode(Encode(v)) = %+v, %v; want %+v", back, err, v)
	}
	v.Label = ""
	var ve *ddbmodel.ValidationError
	if item, err := seats.Encode(v); item != nil || !errors.As(err, &ve) || ve.Entity != "Seat" || ve.Attribute != "label" {
		t.Errorf("Encode of a seat without its label: %v, %v; want a *ddbmodel.ValidationError for Seat label", item, err)
	}
	// The item is the caller's own: changing it changes no later request.
	seed, err := plain.Encode(seat{Venue: "v", Row: "r2", Label: "B"})
	if err != nil {
		t.Fatal(err)
	}
	for _, av := range seed {
		if s, ok := av.(*types.AttributeValueMemberS); ok {
			s.Value = "SCRIBBLED"
		}
	}
	again, err := plain.Put(seat{Venue: "v", Row: "r3", Label: "C"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	for a, av := range again.Item {
		if s, ok := av.(*types.AttributeValueMemberS); ok && s.Value == "SCRIBBLED" {
			t.Errorf("changing an encoded item changed a later put's %s", a)
		}
	}
	var undefined *entity.Entity[seat]
	if item, err := undefined.Encode(v); item != nil || !errors.As(err, &ve) {
		t.Errorf("Encode of a nil entity: %v, %v; want a *ddbmodel.ValidationError", item, err)
	}
}

// The other ways a write of an entity with unique attributes is refused
// (alone as a transaction action, in a batch, returning the old item)
// check the input first too: invalid input names the bad attribute, not
// the unique ones.
func TestRefusedUniqueWritesReportInvalidInputFirst(t *testing.T) {
	t.Parallel()
	seats := newSeats(t)
	bad := seat{Venue: "v", Row: "r1", Tag: "T1", RFID: "F1"} // no label
	badKey := entity.Values{"venue": "v", "row": ""}
	for name, build := range map[string]func() error{
		"Put.TransactWrite":    func() error { _, err := seats.Put(bad).TransactWrite(); return err },
		"Upsert.TransactWrite": func() error { _, err := seats.Upsert(bad).TransactWrite(); return err },
		"Put.BatchWrite":       func() error { _, err := seats.Put(bad).BatchWrite(); return err },
		"Put.ReturnOld.Build":  func() error { _, err := seats.Put(bad).ReturnOld().Build(); return err },
	} {
		var ve *ddbmodel.ValidationError
		if err := build(); !errors.As(err, &ve) || ve.Attribute != "label" {
			t.Errorf("%s of a seat without its label: %v, want a *ddbmodel.ValidationError for label", name, err)
		}
	}
	for name, build := range map[string]func() error{
		"Delete.TransactWrite":   func() error { _, err := seats.Delete(badKey).TransactWrite(); return err },
		"Delete.BatchWrite":      func() error { _, err := seats.Delete(badKey).BatchWrite(); return err },
		"Delete.ReturnOld.Build": func() error { _, err := seats.Delete(badKey).ReturnOld().Build(); return err },
		"Update.TransactWrite":   func() error { _, err := seats.Update(badKey).Set("tag", "T2").TransactWrite(); return err },
	} {
		err := build()
		if err == nil || strings.Contains(err.Error(), "unique") {
			t.Errorf("%s with an empty row: %v, want the key's error, not the unique refusal", name, err)
		}
	}
	// Valid input is still refused.
	ok := bad
	ok.Label = "A"
	if _, err := seats.Put(ok).TransactWrite(); err == nil || !strings.Contains(err.Error(), "txn.Write") {
		t.Errorf("Put.TransactWrite of a valid seat: %v, want the refusal pointing at txn.Write", err)
	}
	if _, err := seats.Put(ok).ReturnOld().Build(); err == nil || !strings.Contains(err.Error(), "returning the old item") {
		t.Errorf("Put.ReturnOld.Build of a valid seat: %v, want the refusal", err)
	}
}

// A unique value too long for its marker item's key is invalid input in
// every write that can carry it, said before any request and before a
// Run reads the item: an update's Set too, which used to be refused as
// needing a read (Build) or only after the read (Run).
func TestAUniqueValueTooLongForItsMarkerIsInvalidInEveryWrite(t *testing.T) {
	t.Parallel()
	seats := newSeats(t)
	long := strings.Repeat("x", 2100) // DynamoDB's partition key holds 2,048 bytes
	v := seat{Venue: "v", Row: "r1", Tag: long, RFID: "F1", Label: "A"}
	key := entity.Values{"venue": "v", "row": "r1"}
	ctx := context.Background()
	db := entity.NewDB(entitytest.NoRequests(t), "seats")
	str := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	for name, write := range map[string]func() error{
		"Put.Build":             func() error { _, err := seats.Put(v).Build(); return err },
		"Create.Build":          func() error { _, err := seats.Create(v).Build(); return err },
		"Upsert.Build":          func() error { _, err := seats.Upsert(v).Build(); return err },
		"Update.Build":          func() error { _, err := seats.Update(key).Set("tag", long).Build(); return err },
		"Update.SetIfNotExists": func() error { _, err := seats.Update(key).SetIfNotExists("tag", long).Build(); return err },
		"Put.TransactWrite":     func() error { _, err := seats.Put(v).TransactWrite(); return err },
		"Upsert.TransactWrite":  func() error { _, err := seats.Upsert(v).TransactWrite(); return err },
		"Update.TransactWrite":  func() error { _, err := seats.Update(key).Set("tag", long).TransactWrite(); return err },
		"Put.BatchWrite":        func() error { _, err := seats.Put(v).BatchWrite(); return err },
		"Put.ReturnOld.Build":   func() error { _, err := seats.Put(v).ReturnOld().Build(); return err },
		"txn.Write(Update)":     func() error { _, err := txn.Write(seats.Update(key).Set("tag", long)).Build(); return err },
		"txn.Write(Create)":     func() error { _, err := txn.Write(seats.Create(v)).Build(); return err },
		"Encode":                func() error { _, err := seats.Encode(v); return err },
		"AdoptItem.Build": func() error {
			_, err := seats.AdoptItem(map[string]types.AttributeValue{"pk": str("VENUE#v"), "sk": str("ROW#r1"),
				"venue": str("v"), "row": str("r1"), "tag": str(long), "rfid": str("F1"), "label": str("A")}).Build()
			return err
		},
		"Put.Run":    func() error { _, err := seats.Put(v).Run(ctx, db); return err },
		"Upsert.Run": func() error { _, err := seats.Upsert(v).Run(ctx, db); return err },
		"Update.Run": func() error { _, err := seats.Update(key).Set("tag", long).Run(ctx, db); return err },
	} {
		err := write()
		var ve *ddbmodel.ValidationError
		var le *ddbmodel.LimitError
		if !errors.As(err, &ve) || ve.Entity != "Seat" || ve.Attribute != "tag" || !errors.As(err, &le) || le.Got != len(long) {
			t.Errorf("%s of a 2,100-byte unique tag: %v, want a *ddbmodel.ValidationError for tag with a *ddbmodel.LimitError of 2100", name, err)
		}
	}
	// A value that fits is not refused for its length.
	fits := strings.Repeat("x", 1000)
	if _, err := seats.Update(key).Set("tag", fits).Build(); !errors.Is(err, entity.ErrNeedsRead) {
		t.Errorf("Update.Build of a 1,000-byte unique tag: %v, want ErrNeedsRead", err)
	}
}
