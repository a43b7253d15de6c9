package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// A scan of the whole table meets the marker items of unique attributes:
// Table.EntityOf and Table.Decode take them as the library's own (a
// UniqueMarker naming entity, attribute, value and owner), never as an
// unknown entity's item; a scan of the entity, also one recognising
// unmarked items, neither returns them nor lists them as unrecognized.
func TestScanMeetsUniqueMarkers(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, users := newUqModel(t)
	type plain struct {
		ID string `dynamo:"id"`
	}
	loose := entity.MustDefine(table, entity.Config[plain]{Name: "Loose", Key: entity.Key{Partition: "LOOSE#${id}", Sort: "#META"}, RecognizeUnmarked: true})
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(uqUser{ID: "u1", Email: "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := loose.Put(plain{ID: "l1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	out, err := db.Client.Scan(ctx, &dynamodb.ScanInput{TableName: &db.TableName})
	if err != nil {
		t.Fatal(err)
	}
	markers := 0
	for _, it := range out.Items {
		if _, _, err := table.EntityOf(it); err != nil {
			t.Errorf("EntityOf(%v): %v", it, err)
		}
		v, err := table.Decode(it)
		if errors.Is(err, ddbmodel.ErrUnknownEntity) || err != nil {
			t.Errorf("Decode(%v): %v", it, err)
		}
		if m, ok := v.(entity.UniqueMarker); ok {
			markers++
			want := entity.UniqueMarker{Entity: "User", Attribute: "email", Value: "a@x", Owner: m.Owner}
			if m != want || !strings.Contains(m.Owner, "USER#u1") || !table.IsUniqueMarker(it) {
				t.Errorf("marker decodes as %+v, want %+v", m, want)
			}
		}
	}
	if markers != 1 || len(out.Items) != 3 {
		t.Errorf("%d items, %d markers; want 3 items, one of them the marker", len(out.Items), markers)
	}
	for _, seg := range []int{1, 3} {
		p, err := query.Scan(loose).Segments(seg).Page(ctx, db, "")
		if err != nil || len(p.Items) != 1 || len(p.Unrecognized) != 0 || p.Cursor != "" {
			t.Errorf("scan of Loose in %d segments: %+v, %v; want its item only", seg, p, err)
		}
		got, err := query.Scan(users).Segments(seg).Collect(ctx, db)
		if err != nil || len(got) != 1 || got[0].ID != "u1" {
			t.Errorf("scan of User in %d segments: %v, %v", seg, got, err)
		}
	}
}
