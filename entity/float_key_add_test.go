package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type fkProbe struct {
	ID    string  `dynamo:"id"`
	Temp  float64 `dynamo:"temp"`
	Load  float32 `dynamo:"load"`
	Total float64 `dynamo:"total"`
	Count int     `dynamo:"count"`
}

// An Add to a float attribute a key is built from is refused before
// anything is sent: DynamoDB sums in exact decimal, which the float does
// not hold, so with ReadFirst the key rendered from the sum was not the
// one a put of the value read writes (helper-112 H2). An Add to a float
// outside the keys is still built.
func TestAnAddToAFloatKeyCompositeIsRefused(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "fk", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	probes := entity.MustDefine(table, entity.Config[fkProbe]{
		Name: "Probe", Key: entity.Key{Partition: "PRB#${id}", Sort: "#P"},
		Indexes: []entity.IndexKey[fkProbe]{{Index: "GSI1", Partition: "T#${temp}", Sort: "L#${load}#${count}"}},
	})
	ctx := context.Background()
	key := entity.Values{"id": "p"}
	for _, c := range []struct {
		attr string
		op   entity.UpdateOp[fkProbe]
	}{
		{"temp", probes.Update(key).Add("temp", 0.1)},
		{"temp", probes.Update(key).Add("temp", 0.1).ReadFirst()},
		{"load", probes.Update(key).Add("load", float32(0.1)).ReadFirst()},
	} {
		rec := entitytest.NewRecorder(nil)
		_, err := c.op.Run(ctx, entity.NewDB(rec, "fk"))
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Probe" || ve.Attribute != c.attr || !strings.Contains(err.Error(), "exact decimal") || rec.Count() != 0 {
			t.Errorf("Add to %s: err = %v after %d requests, want a ValidationError naming it, before sending", c.attr, err, rec.Count())
		}
	}
	if _, err := probes.Update(key).Add("total", 0.1).Build(); err != nil {
		t.Errorf("Add to a float outside the keys: %v", err)
	}
	// An integer key composite's Add needs the item read, as before.
	if _, err := probes.Update(key).Add("count", 1).Build(); !errors.Is(err, ddbmodel.ErrMissingComposites) {
		t.Errorf("Add to an integer key composite: %v, want ErrMissingComposites (it takes ReadFirst)", err)
	}
}
