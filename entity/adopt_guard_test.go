package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// agClub reads unmarked items of its key as its own (RecognizeUnmarked);
// agRider shares the key space but does not.
type agClub struct {
	Handle string `dynamo:"handle"`
	Motto  string `dynamo:"motto"`
}

type agRider struct {
	Handle string `dynamo:"handle"`
	Bike   string `dynamo:"bike"`
}

// TestAdoptRefusesAnotherEntitysUnmarkedItem: an unmarked item that
// another entity of the table recognises as its own is that entity's;
// adopting it (AdoptItem, Adopt, Scanner.Adopt) would take it over. It is
// refused with ErrOtherEntity, and the item stays the other entity's.
// (Found by an attack round: Rider's adoption stamped Club's items.)
func TestAdoptRefusesAnotherEntitysUnmarkedItem(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "rides", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	key := entity.Key{Partition: "HANDLE#${handle}", Sort: "PROFILE"}
	clubs := entity.MustDefine(tb, entity.Config[agClub]{Name: "Club", Key: key, RecognizeUnmarked: true, SharesKeysWith: []string{"Rider"}})
	riders := entity.MustDefine(tb, entity.Config[agRider]{Name: "Rider", Key: key, SharesKeysWith: []string{"Club"}})
	db := entitytest.NewDB(t, tb)
	ctx := t.Context()
	for _, h := range []string{"velo", "spin"} {
		rawPut(t, db, map[string]types.AttributeValue{"PK": s("HANDLE#" + h), "SK": s("PROFILE"), "handle": s(h), "motto": s(h + " on")})
	}
	_, err := riders.Adopt(entity.Values{"handle": "velo"}).Run(ctx, db)
	var ae *entity.AdoptError
	if !errors.Is(err, ddbmodel.ErrOtherEntity) || !errors.As(err, &ae) || !strings.Contains(err.Error(), `"Club"`) {
		t.Errorf("Rider.Adopt of Club's unmarked item: %v; want an *entity.AdoptError naming Club, satisfying ErrOtherEntity", err)
	}
	rep, err := query.Scan(riders).Adopt(ctx, db)
	if err == nil || rep.Adopted != 0 || len(rep.Failed) != 2 {
		t.Errorf("Scan(Rider).Adopt: adopted %d, failed %d, err %v; want 0 adopted, both refused", rep.Adopted, len(rep.Failed), err)
	}
	for _, h := range []string{"velo", "spin"} {
		c, err := clubs.Get(entity.Values{"handle": h}).Run(ctx, db)
		if err != nil || c.Motto != h+" on" {
			t.Errorf("Club %s after the refused adoptions: %+v, %v; want it Club's, unchanged", h, c, err)
		}
	}
}

type agVoucher struct {
	Shop string `dynamo:"shop"`
	No   string `dynamo:"no"`
	Code string `dynamo:"code"`
}

// TestAdoptDrawsAUniqueDefaultOnce: adopting an item without a unique
// attribute whose Default is a function (a new ID) writes one value to
// the item and to its marker item; before, the Default was drawn twice
// and the marker protected another value than the item's, so a second
// item could take the first one's value.
func TestAdoptDrawsAUniqueDefaultOnce(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "vouchers", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	vouchers := entity.MustDefine(tb, entity.Config[agVoucher]{Name: "Voucher", Key: entity.Key{Partition: "SHOP#${shop}", Sort: "V#${no}"},
		Attributes: map[string]entity.Attribute{"code": {Unique: true, Default: entity.NewID}}})
	db := entitytest.NewDB(t, tb)
	ctx := t.Context()
	rawPut(t, db, map[string]types.AttributeValue{"PK": s("SHOP#s1"), "SK": s("V#1"), "shop": s("s1"), "no": s("1")})
	got, err := vouchers.Adopt(entity.Values{"shop": "s1", "no": "1"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := vouchers.Get(entity.Values{"shop": "s1", "no": "1"}).Run(ctx, db)
	if err != nil || stored.Code == "" || stored.Code != got.Code {
		t.Fatalf("stored %+v (%v), returned %+v: want one code", stored, err, got)
	}
	out, err := db.Client.Scan(ctx, &dynamodb.ScanInput{TableName: db.Table("vouchers"), ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	var markers []string
	for _, it := range out.Items {
		if pk := it["PK"].(*types.AttributeValueMemberS).Value; strings.HasPrefix(pk, "UNIQUE#") {
			markers = append(markers, pk)
		}
	}
	if want := "UNIQUE#Voucher#code#" + stored.Code; len(markers) != 1 || markers[0] != want {
		t.Errorf("marker items %v, want [%s]", markers, want)
	}
	_, err = vouchers.Create(agVoucher{Shop: "s1", No: "2", Code: stored.Code}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Errorf("a second voucher with the adopted one's code: %v; want ErrUniqueTaken", err)
	}
}

type agTicket struct {
	Lane string `dynamo:"lane"`
	Seq  int    `dynamo:"seq"`
}

// TestTTLAsExtraAttributeTakesNumbersOnly: the table's TTL attribute
// declared in ExtraAttributes (T does not hold it) takes a number of
// Unix seconds; a string, which DynamoDB would never expire, is refused
// at Build, as Define refuses a string field of T.
func TestTTLAsExtraAttributeTakesNumbersOnly(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "tix", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expiresAt"}
	tix := entity.MustDefine(tb, entity.Config[agTicket]{Name: "Ticket", Key: entity.Key{Partition: "LANE#${lane}", Sort: "T#${seq:pad(6)}"},
		ExtraAttributes: []string{"expiresAt"}})
	key := entity.Values{"lane": "a", "seq": 1}
	for name, op := range map[string]entity.UpdateOp[agTicket]{
		"Set":            tix.Update(key).Set("expiresAt", "2026-12-01T00:00:00Z"),
		"SetIfNotExists": tix.Update(key).SetIfNotExists("expiresAt", "soon"),
	} {
		_, err := op.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Ticket" || ve.Attribute != "expiresAt" || !strings.Contains(err.Error(), "number of Unix seconds") {
			t.Errorf("%s of a string TTL: %v; want a *ddbmodel.ValidationError naming Ticket's expiresAt", name, err)
		}
	}
	if _, err := tix.Update(key).Set("expiresAt", int64(1795834231)).Build(); err != nil {
		t.Errorf("Set of a number TTL: %v", err)
	}
}
