package query

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// noteUnrecognized records in the page an item e skipped that has no
// marker: while e recognises unmarked items, any such item (its key does
// not fit e's templates, or its attributes disagree with its key); while
// it does not, one whose table key fits e's templates, an item e would
// take with Config.RecognizeUnmarked or Adopt, shown so that a read of a
// table written by other code does not look empty for no reason. Items of
// other entities are not recorded.
func (p *Page[T]) noteUnrecognized(e *entity.Entity[T], it map[string]types.AttributeValue) {
	if !e.Table().Unmarked(it) {
		return
	}
	if modelOf(e).RecognizesUnmarked() || modelOf(e).KeyLayoutFits(it) {
		p.Unrecognized = append(p.Unrecognized, it)
	}
}

// countRecognized counts an entity recognising unmarked items by reading
// the items: whether an unmarked item is the entity's depends on its key,
// which a Select COUNT cannot check.
func (q Query[T]) countRecognized(ctx context.Context, db *entity.DB) (int, error) {
	total := 0
	cursor := ""
	// An item that does not decode is still the entity's: counted, as
	// Select COUNT counts it for an entity that reads only marked items.
	counting := q
	counting.onUndecodable = func(Undecodable) error { return nil }
	counting.s.project = nil // a count returns no attributes
	for {
		p, err := counting.Page(ctx, db, cursor)
		if err != nil {
			return 0, err
		}
		if err := reportSkipped(q.e.Name(), q.onUnrecognized, nil, p.Unrecognized, nil); err != nil {
			return 0, err
		}
		total += len(p.Items) + len(p.Undecodable)
		if p.Cursor == "" {
			return total, nil
		}
		cursor = p.Cursor
	}
}

// checkUnmarkedProjection refuses a read of index by an entity
// recognising unmarked items when the items the read returns lack an
// attribute that decides whether an unmarked item is the entity's
// (contract.Entity.UnmarkedNeeds): a secondary index whose projection is
// KEYS_ONLY or INCLUDE returns only what it projects (a local index too,
// unless the query has a projection, which DynamoDB then fetches from the
// table). On a partial item the decision would leave out items that are
// the entity's, or take items that are not; refusing it before any
// request is sent is the one answer that hides nothing.
func checkUnmarkedProjection(members []Member, table *entity.Table, index string, projected bool) error {
	if index == "" {
		return nil
	}
	ix, ok := table.Index(index)
	if !ok || ix.Projection.Type == "" || ix.Projection.Type == types.ProjectionTypeAll || ix.Local && projected {
		return nil
	}
	for _, m := range members {
		for _, a := range modelOf(m).UnmarkedNeeds() {
			if slices.Contains(ix.Projection.Attributes, a) || isKeyAttribute(table, "", a) || isKeyAttribute(table, index, a) {
				continue
			}
			what := string(ix.Projection.Type)
			if len(ix.Projection.Attributes) > 0 {
				what += fmt.Sprintf(" of %v", ix.Projection.Attributes)
			}
			return &ddbmodel.ValidationError{Entity: m.Name(), Attribute: a,
				Reason: fmt.Sprintf("index %s projects %s, without %s: %s recognises unmarked items (Config.RecognizeUnmarked), and whether an unmarked item is its own depends on %s, so a read of the index cannot tell (it would leave out items that are, or take items that are not); read the table, add %s to the index's Projection.Attributes, or adopt the items (Adopt) and drop RecognizeUnmarked",
					index, what, a, m.Name(), strings.Join(modelOf(m).UnmarkedNeeds(), ", "), strings.Join(modelOf(m).UnmarkedNeeds(), ", "))}
		}
	}
	return nil
}

// unmarkedProjection lists the attributes a projection of the members'
// items must hold for those recognising unmarked items to tell whether
// an unmarked item is theirs (see checkUnmarkedProjection), each once.
func unmarkedProjection(members []Member) []string {
	var out []string
	for _, m := range members {
		for _, a := range modelOf(m).UnmarkedNeeds() {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}
