package entity

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// autoScaled reports whether auto scaling manages the units (p may be
// nil: on demand).
func (p *Provisioned) autoScaled() bool { return p != nil && p.AutoScaled }

// capacityDifferences lists where an existing provisioned table, or one of
// its global indexes, has other read or write units than the model
// declares. It says nothing when either side is on demand (billing's own
// difference says that).
func capacityDifferences(want *dynamodb.CreateTableInput, d *types.TableDescription) []string {
	if want.BillingMode != types.BillingModeProvisioned || billingMode(d) != types.BillingModeProvisioned {
		return nil
	}
	out := unitsDifference("the table", want.ProvisionedThroughput, d.ProvisionedThroughput)
	have := map[string]*types.ProvisionedThroughputDescription{}
	for _, ix := range d.GlobalSecondaryIndexes {
		have[aws.ToString(ix.IndexName)] = ix.ProvisionedThroughput
	}
	for _, ix := range want.GlobalSecondaryIndexes {
		n := aws.ToString(ix.IndexName)
		if got, ok := have[n]; ok { // a missing index is reported already
			out = append(out, unitsDifference("global index "+n, ix.ProvisionedThroughput, got)...)
		}
	}
	return out
}

func unitsDifference(what string, want *types.ProvisionedThroughput, got *types.ProvisionedThroughputDescription) []string {
	if want == nil {
		return nil
	}
	var gr, gw int64
	if got != nil {
		gr, gw = aws.ToInt64(got.ReadCapacityUnits), aws.ToInt64(got.WriteCapacityUnits)
	}
	wr, ww := aws.ToInt64(want.ReadCapacityUnits), aws.ToInt64(want.WriteCapacityUnits)
	if gr == wr && gw == ww {
		return nil
	}
	return []string{fmt.Sprintf("%s is provisioned with %d read and %d write units, the model with %d and %d", what, gr, gw, wr, ww)}
}

// projectionServes reports whether an index projecting got returns every
// attribute a model projecting want reads: the same projection, or a
// superset of it (ALL serves anything; INCLUDE serves KEYS_ONLY and an
// INCLUDE of a subset of its attributes).
func projectionServes(want, got *types.Projection) bool {
	switch got.ProjectionType {
	case types.ProjectionTypeAll:
		return true
	case types.ProjectionTypeInclude:
		switch want.ProjectionType {
		case types.ProjectionTypeKeysOnly:
			return true
		case types.ProjectionTypeInclude:
			has := map[string]bool{}
			for _, a := range got.NonKeyAttributes {
				has[a] = true
			}
			for _, a := range want.NonKeyAttributes {
				if !has[a] {
					return false
				}
			}
			return true
		}
		return false
	}
	return want.ProjectionType == got.ProjectionType
}
