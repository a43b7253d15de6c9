package query

import (
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// checkProjected refuses a filter of a read of the global index index that
// names an attribute the index does not project (a KEYS_ONLY or INCLUDE
// projection): the index holds no such attribute, so DynamoDB cannot apply
// the filter as written (it refuses it, or sees the attribute absent and
// lets through what the filter was meant to leave out: SkipExpired would
// skip nothing). Local indexes fetch such attributes from the table and
// are not checked; nor are ALL projections.
func checkProjected(owner func(attr string) (name string, stores bool), table *entity.Table, index string, attrs []string) error {
	if index == "" {
		return nil
	}
	ix, ok := table.Index(index)
	if !ok || ix.Local || ix.Projection.Type == "" || ix.Projection.Type == types.ProjectionTypeAll {
		return nil
	}
	projected := slices.Concat(ix.Projection.Attributes, []string{table.EntityAttr(), table.EntityVersionAttr()})
	for _, of := range []string{"", index} {
		pk, sk, _ := table.KeyAttributes(of)
		for _, k := range slices.Concat(pk, sk) {
			projected = append(projected, k.Name)
		}
	}
	for _, a := range attrs {
		root := a
		if p, err := docpath.Parse(a); err == nil {
			root = p.Root()
		}
		if root == "" || slices.Contains(projected, root) {
			continue
		}
		why := fmt.Sprintf("a filter on index %s uses %s, which the index does not project (its projection is %s", index, root, ix.Projection.Type)
		if len(ix.Projection.Attributes) > 0 {
			why += fmt.Sprintf(" of %v", ix.Projection.Attributes)
		}
		why += "), so DynamoDB cannot filter on it; add it to the index's Projection.Attributes, or filter after reading"
		name, stores := owner(root)
		if root == table.TTLAttribute {
			why = fmt.Sprintf("SkipExpired on index %s: the index does not project the TTL attribute %s (its projection is %s), so its filter cannot see it; add %s to the index's Projection.Attributes, or read without SkipExpired", index, root, ix.Projection.Type, root)
			if !stores {
				why = fmt.Sprintf("SkipExpired on index %s: %s stores no TTL attribute %s, so none of its items expires, and the index does not project it (its projection is %s); read without SkipExpired", index, name, root, ix.Projection.Type)
			}
		}
		return &ddbmodel.ValidationError{Entity: name, Attribute: root, Reason: why}
	}
	return nil
}
