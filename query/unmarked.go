package query

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// noteUnrecognized records in the page an item e skipped that has no
// marker while e recognises unmarked items: its key does not fit e's
// templates, or its attributes disagree with its key. Items of other
// entities are not recorded.
func (p *Page[T]) noteUnrecognized(e *entity.Entity[T], it map[string]types.AttributeValue) {
	if modelOf(e).RecognizesUnmarked() && e.Table().Unmarked(it) {
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
