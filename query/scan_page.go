package query

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

// SignCursors signs the cursors of Page and SegmentPage with an HMAC-SHA256
// of key, as Query.SignCursors does: a cursor whose signature does not
// match is refused, so clients cannot forge or alter one. An empty key (nil
// or no bytes) signs nothing: Build, Page, SegmentPage, All and Collect
// refuse it with a *ddbmodel.ValidationError, before any request.
func (s Scanner[T]) SignCursors(key []byte) Scanner[T] {
	s.signKey, s.signGiven = append([]byte(nil), key...), true
	return s
}

// cursorSpec is the spec whose cursor machinery the scan's cursors use.
func (s Scanner[T]) cursorSpec() *spec {
	return &spec{members: []Member{s.e}, index: s.index, signKey: s.signKey}
}

// scanFingerprint identifies the compiled scan (its table, index, filter,
// segments) a cursor belongs to.
func scanFingerprint(ins []*dynamodb.ScanInput) string {
	h := sha256.New()
	fmt.Fprint(h, "scan\n")
	for _, in := range ins {
		fmt.Fprintf(h, "%s|%s|%s|%s|%d/%d\n", aws.ToString(in.TableName), aws.ToString(in.IndexName),
			aws.ToString(in.FilterExpression), aws.ToString(in.ProjectionExpression),
			aws.ToInt32(in.Segment), aws.ToInt32(in.TotalSegments))
		hashExpressionAttrs(h, in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// scanParts are the parts of scan requests ins a cursor is bound to.
func scanParts(ins []*dynamodb.ScanInput) requestParts {
	rows := make([][]string, len(ins))
	for r, in := range ins {
		rows[r] = []string{
			aws.ToString(in.TableName), aws.ToString(in.IndexName),
			expressionText(aws.ToString(in.FilterExpression), in.ExpressionAttributeNames, in.ExpressionAttributeValues),
			expressionText(aws.ToString(in.ProjectionExpression), in.ExpressionAttributeNames, in.ExpressionAttributeValues),
			fmt.Sprintf("%d/%d", aws.ToInt32(in.Segment), aws.ToInt32(in.TotalSegments)),
		}
	}
	return newRequestParts(scanPartNames, rows)
}

// Page scans from cursor ("" for the first page) and returns one page.
// With Segments(n), one cursor carries every segment's position: Page sends
// one Scan request to each segment not yet finished (at most Concurrency at
// once) and returns their items together, so a page holds up to n times
// Limit items. Limit counts the items DynamoDB evaluates, other entities'
// included, so a page may hold fewer items than Limit, or none, while its
// Cursor is not empty: follow the cursor until it is "".
//
// A cursor is bound to the scan that made it (entity, table, index, filter
// and segments) and signed when SignCursors is set: any other cursor is
// refused with a *ddbmodel.CursorError before a request is sent.
func (s Scanner[T]) Page(ctx context.Context, db *entity.DB, cursor string) (Page[T], error) {
	if err := checkDB(db); err != nil {
		return Page[T]{}, err
	}
	ins, err := s.Build()
	if err != nil {
		return Page[T]{}, err
	}
	return s.page(ctx, db, ins, cursor)
}

// SegmentPage scans one segment (0 to Segments-1) from cursor ("" for its
// first page) and returns one page: the way to spread a parallel scan over
// workers or runs, each resuming its own segment. A segment's cursor is
// bound to that segment of this scan; Limit and cursors are as for Page.
func (s Scanner[T]) SegmentPage(ctx context.Context, db *entity.DB, segment int, cursor string) (Page[T], error) {
	if err := checkDB(db); err != nil {
		return Page[T]{}, err
	}
	if err := s.check(); err != nil {
		return Page[T]{}, err
	}
	if segment < 0 || segment >= s.segments {
		return Page[T]{}, &ddbmodel.ValidationError{Entity: s.e.Name(), Attribute: "Segment",
			Reason: fmt.Sprintf("scan: segment must be 0 to %d (Segments(%d)), got %d", s.segments-1, s.segments, segment)}
	}
	in, err := s.segmentInput(segment)
	if err != nil {
		return Page[T]{}, err
	}
	return s.page(ctx, db, []*dynamodb.ScanInput{in}, cursor)
}

// page reads one page of each unfinished input from the positions in
// cursor.
func (s Scanner[T]) page(ctx context.Context, db *entity.DB, ins []*dynamodb.ScanInput, cursor string) (Page[T], error) {
	// The table name is part of the fingerprint: set the one the requests
	// go to first, as for queries.
	for _, in := range ins {
		in.TableName = db.Table(aws.ToString(in.TableName))
	}
	sp := s.cursorSpec()
	fp := &lazyFingerprint{compute: func() string { return scanFingerprint(ins) }, parts: func() requestParts { return scanParts(ins) }, what: "scan"}
	// Scans read every entity's items, so a position may be any key of
	// the table (or index), not only one this entity renders.
	starts, done, err := sp.decodePositions(cursor, fp, len(ins))
	if err != nil {
		return Page[T]{}, err
	}
	items := make([][]map[string]types.AttributeValue, len(ins))
	errs := fanout.Run(ctx, len(ins), s.concurrency, func(ctx context.Context, i int) error {
		if done[i] {
			return nil
		}
		in := ins[i]
		in.ExclusiveStartKey = starts[i]
		out, err := entity.Send(ctx, db, db.Client.Scan, in, entity.Request{Entities: []string{s.e.Name()}})
		if err != nil {
			return err
		}
		items[i] = out.Items
		starts[i], done[i] = out.LastEvaluatedKey, len(out.LastEvaluatedKey) == 0
		return nil
	})
	for _, err := range errs {
		if err != nil {
			return Page[T]{}, errtext.Errorf("scan %s: %w", s.e.Name(), err)
		}
	}
	var p Page[T]
	for _, seg := range items {
		for _, it := range seg {
			if !s.e.Is(it) || !modelOf(s.e).IndexKeyFits(it, s.index) {
				// The filter on the marker keeps others out, but for
				// unmarked items whose key does not fit (or whose index
				// key, on an index, is not the one a put of their value
				// writes).
				p.noteUnrecognized(s.e, it)
				continue
			}
			if err := p.decodeOrNote(s.e, s.onUndecodable != nil, it); err != nil {
				return Page[T]{}, err
			}
		}
	}
	if p.Cursor, err = sp.encodePositions(fp, starts, done); err != nil {
		return Page[T]{}, err
	}
	return p, nil
}
