package entity_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// A table whose units auto scaling manages has drifted from its declared
// units: Ensure over it does not fail on that, but it still reports every
// other difference, such as another billing mode.
func TestEnsureLeavesAutoScaledUnitsAlone(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	scaled := gsiOnlyTable(&entity.Provisioned{Read: 40, Write: 25,
		Indexes: map[string]entity.Throughput{"GSI1": {Read: 12, Write: 9}}}, entity.Projection{})
	name := ensureTestTable(t, client, "autoscaled", scaled.CreateTableInput())
	db := entity.NewDB(client, name)

	declared := gsiOnlyTable(&entity.Provisioned{Read: 5, Write: 5, AutoScaled: true}, entity.Projection{})
	if err := declared.Ensure(ctx, db, time.Minute); err != nil {
		t.Fatalf("Ensure of an auto-scaled 5/5 model over a 40/25 table = %v, want nil", err)
	}
	fixed := gsiOnlyTable(&entity.Provisioned{Read: 5, Write: 5}, entity.Projection{})
	var me *ddbmodel.TableMismatchError
	if err := fixed.Ensure(ctx, db, time.Minute); !errors.As(err, &me) || len(me.Differences) != 2 {
		t.Errorf("Ensure of the same model without AutoScaled = %v, want the two capacity differences", err)
	}
	onDemand := gsiOnlyTable(nil, entity.Projection{})
	onDemandName := ensureTestTable(t, client, "autoscaled-ondemand", onDemand.CreateTableInput())
	err := declared.Ensure(ctx, entity.NewDB(client, onDemandName), time.Minute)
	if !errors.As(err, &me) || !slices.Equal(me.Differences, []string{"billing is PAY_PER_REQUEST, the model's PROVISIONED"}) {
		t.Errorf("Ensure of an auto-scaled model over an on-demand table = %v, want the billing difference", err)
	}
}

// A model's KEYS_ONLY index is projected as an INCLUDE of the marker
// attributes; over a table whose index is a plain KEYS_ONLY, Ensure's
// difference says so in the model's own words.
func TestEnsureNamesADeclaredKeysOnlyProjection(t *testing.T) {
	t.Parallel()
	client := entitytest.Client(t)
	keysOnly := entity.Projection{Type: types.ProjectionTypeKeysOnly}
	model := gsiOnlyTable(nil, keysOnly)
	raw := model.CreateTableInput()
	raw.GlobalSecondaryIndexes[0].Projection = &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}
	name := ensureTestTable(t, client, "keysonly", raw)
	var me *ddbmodel.TableMismatchError
	err := model.Ensure(t.Context(), entity.NewDB(client, name), time.Minute)
	want := []string{"global index GSI1 projects KEYS_ONLY, the model KEYS_ONLY plus its marker attributes __entity and __entity_version (an INCLUDE)"}
	if !errors.As(err, &me) || !slices.Equal(me.Differences, want) {
		t.Errorf("Ensure = %v, want differences %q", err, want)
	}
}
