package evolve_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// A service whose update of an old item is refused migrates that one item
// (conditioned, as Repair does) and updates it again.
func TestRepairItemMigratesOneItemSoThatTheUpdateGoesThrough(t *testing.T) {
	t.Parallel()
	v1, v2 := docModels()
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	docs := seedDocsV1(t, db, v1, 6)
	d := docs[2]
	update := v2.Update(entity.Values{"shelf": d.Shelf, "id": d.ID}).Set("headline", "edited")
	if _, err := update.Run(ctx, db); !errors.Is(err, ddbmodel.ErrOldVersion) {
		t.Fatalf("update of the old item: %v, want ErrOldVersion", err)
	}
	key, err := v2.Key(entity.Values{"shelf": d.Shelf, "id": d.ID})
	if err != nil {
		t.Fatal(err)
	}
	before := rawDoc(t, db, docs[3].Shelf, docs[3].ID)
	r, err := evolve.Entity(v2).RepairItem(ctx, db, key)
	if err != nil || r.Scanned != 1 || r.Repaired != 1 || r.Counts[evolve.OldVersion] != 1 {
		t.Fatalf("RepairItem: %+v, %v", r, err)
	}
	raw := rawDoc(t, db, d.Shelf, d.ID)
	if raw["title"] != nil || text(raw["headline"]) != d.Title || text(raw[v2.Table().EntityVersionAttr()]) != "2" {
		t.Errorf("migrated as %v", raw)
	}
	got, err := update.Run(ctx, db)
	if err != nil || got.Headline != "edited" || got.Words != upgraded(d).Words {
		t.Errorf("update after RepairItem: %+v, %v", got, err)
	}
	// Only that item: another old item is as it was.
	if now := rawDoc(t, db, docs[3].Shelf, docs[3].ID); !reflect.DeepEqual(now, before) {
		t.Errorf("RepairItem wrote another item: %v", now)
	}
	// Again: nothing left to do.
	if r, err := evolve.Entity(v2).RepairItem(ctx, db, key); err != nil || r.Scanned != 1 || r.Findings != 0 {
		t.Errorf("RepairItem of a migrated item: %+v, %v", r, err)
	}
}

// RepairItem of an item whose upgraded value has another table key moves
// it (one transaction); DryRun writes nothing; no item, or another
// entity's item, is ErrNotFound, and is neither counted nor written.
func TestRepairItemMovesDryRunsAndLeavesOtherItems(t *testing.T) {
	t.Parallel()
	v1, v2 := docModels()
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	if _, err := v1.Put(DocV1{Shelf: "s0", ID: "UPPER", Title: "t", Words: "3"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	old := rawDoc(t, db, "s0", "UPPER")
	key := map[string]types.AttributeValue{"PK": str("SHELF#s0"), "SK": str("DOC#UPPER")}
	dry, err := evolve.Entity(v2).DryRun().RepairItem(ctx, db, key)
	if err != nil || dry.WouldRepair != 1 || dry.WouldMove != 1 || dry.Repaired != 0 {
		t.Fatalf("dry run: %+v, %v", dry, err)
	}
	if now := rawDoc(t, db, "s0", "UPPER"); !reflect.DeepEqual(now, old) {
		t.Fatalf("the dry run wrote %v", now)
	}
	r, err := evolve.Entity(v2).RepairItem(ctx, db, key)
	if err != nil || r.Moved != 1 {
		t.Fatalf("RepairItem: %+v, %v", r, err)
	}
	if got, err := v2.Get(entity.Values{"shelf": "s0", "id": "upper"}).Run(ctx, db); err != nil || got.Words != 3 || got.Headline != "t" {
		t.Errorf("the moved item: %+v, %v", got, err)
	}
	if len(rawDoc(t, db, "s0", "UPPER")) != 0 {
		t.Error("the old item is still there")
	}
	// No item at the key now.
	if r, err := evolve.Entity(v2).RepairItem(ctx, db, key); !errors.Is(err, ddbmodel.ErrNotFound) || !strings.Contains(err.Error(), "PK=SHELF#s0,SK=DOC#UPPER: no item at the key") || r.Scanned != 0 {
		t.Errorf("RepairItem of no item: %+v, %v", r, err)
	}
	// An item of another entity at a key: an entity job does not take it.
	other := entity.MustDefine(v2.Table(), entity.Config[Ticket]{Name: "Ticket", Key: entity.Key{Partition: "T#${tenantId}", Sort: "K#${id}"}})
	if _, err := other.Put(Ticket{TenantID: "x", ID: "y", Status: "open"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	okey := map[string]types.AttributeValue{"PK": str("T#x"), "SK": str("K#y")}
	stored := rawDoc2(t, db, okey)
	if r, err := evolve.Entity(v2).RepairItem(ctx, db, okey); !errors.Is(err, ddbmodel.ErrNotFound) || !strings.Contains(err.Error(), `not one of the job's entities ("Ticket")`) || r.Scanned != 0 || r.Findings != 0 {
		t.Errorf("RepairItem of another entity's item: %+v, %v", r, err)
	}
	if now := rawDoc2(t, db, okey); !reflect.DeepEqual(now, stored) {
		t.Errorf("another entity's item was written: %v", now)
	}
}

// An invalid key, a checkpointed job or a DB without a client is refused
// before any request.
func TestRepairItemRefusesBeforeAnyRequest(t *testing.T) {
	_, v2 := docModels()
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "docs")
	cases := []struct {
		name string
		job  evolve.Job
		key  map[string]types.AttributeValue
		db   *entity.DB
		want string
	}{
		{"no sort key", evolve.Entity(v2), map[string]types.AttributeValue{"PK": str("SHELF#s0")}, db, `lacks the table's key attribute "SK"`},
		{"an extra attribute", evolve.Entity(v2), map[string]types.AttributeValue{"PK": str("SHELF#s0"), "SK": str("DOC#a"), "GSI1PK": str("x")}, db, `holds "GSI1PK"`},
		{"nil key", evolve.Entity(v2), nil, db, `lacks the table's key attribute "PK"`},
		{"checkpoint", evolve.Entity(v2).Checkpoint("c"), map[string]types.AttributeValue{"PK": str("SHELF#s0"), "SK": str("DOC#a")}, db, `Checkpoint("c") does not apply`},
		{"no client", evolve.Entity(v2), map[string]types.AttributeValue{"PK": str("SHELF#s0"), "SK": str("DOC#a")}, &entity.DB{}, "no Client"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.job.RepairItem(t.Context(), c.db, c.key)
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "MigDoc" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want a ValidationError of MigDoc saying %q", err, c.want)
			}
		})
	}
	if n := len(rec.Requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// rawDoc2 reads the item at key of the docs table, strongly consistent.
func rawDoc2(t testing.TB, db *entity.DB, key map[string]types.AttributeValue) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: db.Table("docs"), ConsistentRead: new(true), Key: key})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// A key whose values are not the table's key types, or a typed nil, is
// refused before any request; so is a job of a nil target.
func TestRepairItemRefusesKeyValuesOfTheWrongType(t *testing.T) {
	_, v2 := docModels()
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "docs")
	sk := str("DOC#a")
	cases := []struct {
		name string
		pk   types.AttributeValue
		want string
	}{
		{"a number", &types.AttributeValueMemberN{Value: "1"}, `key attribute "PK" of table "docs" holds N "1", want a non-empty S value`},
		{"an empty string", str(""), `holds an empty S, want a non-empty S value`},
		{"a typed nil", (*types.AttributeValueMemberS)(nil), `lacks the table's key attribute "PK"`},
		{"a NULL", &types.AttributeValueMemberNULL{Value: true}, `holds a NULL`},
		{"a binary", &types.AttributeValueMemberB{Value: []byte{1}}, `holds a B`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := evolve.Entity(v2).RepairItem(t.Context(), db, map[string]types.AttributeValue{"PK": c.pk, "SK": sk})
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "MigDoc" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want a ValidationError of MigDoc saying %q", err, c.want)
			}
		})
	}
	for _, job := range []evolve.Job{evolve.Table(nil), evolve.Entity[MigDoc](nil), {}} {
		_, err := job.RepairItem(t.Context(), db, map[string]types.AttributeValue{"PK": str("SHELF#s0"), "SK": sk})
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("a job without a target: %v, want a ValidationError", err)
		}
	}
	if n := len(rec.Requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}
