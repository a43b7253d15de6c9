package papers

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// MissingPapersError reports papers that A3 or A4 found named in the index
// (by a membership or a topic item) but could not read: the paper item is
// gone while the index item remains. Nothing is left out silently: the
// functions of A3 and A4 return the papers they did read together with
// this error, and a page its cursor too, so a caller may show what there
// is, repair the index items, or fail.
//
// errors.Is(err, ErrPaperNotFound) and errors.Is(err, ddbmodel.ErrNotFound)
// hold for it; errors.As finds it with its IDs.
type MissingPapersError struct {
	IDs []string // the ids of the papers not found, in the order the index names them
}

// Error lists the ids of the missing papers.
func (e *MissingPapersError) Error() string {
	return fmt.Sprintf("%v: named by the index but not in the table: %s", ErrPaperNotFound, strings.Join(e.IDs, ", "))
}

// Unwrap returns ErrPaperNotFound and ddbmodel.ErrNotFound.
func (e *MissingPapersError) Unwrap() []error {
	return []error{ErrPaperNotFound, ddbmodel.ErrNotFound}
}

// missingPapers returns a *MissingPapersError of ids, or nil for none.
func missingPapers(ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	return &MissingPapersError{IDs: ids}
}

// papersByID reads papers in one BatchGetItem (per 100), strongly
// consistent: an index item is written in the same transaction as its
// paper and reaches the GSI after it, so a consistent read finds every
// paper that exists, and one it does not find is gone. The ids not found
// come back as a *MissingPapersError beside the papers read. Papers past
// their expiry are left out, as the index query left out their index items
// (SkipExpired; BatchGetItem takes no filter): they are not missing.
func papersByID(ctx context.Context, db *entity.DB, ids []string) (map[string]Paper, error) {
	out := map[string]Paper{}
	if len(ids) == 0 {
		return out, nil
	}
	reads := make([]txn.ReadOp, len(ids))
	for i, id := range ids {
		reads[i] = PaperGet(id).Consistent()
	}
	items, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, reads...)
	if err != nil {
		return nil, err
	}
	var missing []string
	for i, id := range ids {
		switch {
		case items.Found(i):
			p, err := txn.Decode(items, i, Papers)
			if err != nil {
				return nil, err
			}
			out[id] = p
		case !items.Expired(i):
			missing = append(missing, id)
		}
	}
	return out, missingPapers(missing)
}

// pageOfPapers reads the papers ids names (papersByID) and returns the
// page of them that item makes of each index item whose paper was read, in
// the index order, with cursor; a *MissingPapersError comes with the page.
func pageOfPapers[I, P any](ctx context.Context, db *entity.DB, index []I, cursor string, id func(I) string, item func(I, Paper) P) (query.Page[P], error) {
	ids := make([]string, len(index))
	for i, it := range index {
		ids[i] = id(it)
	}
	papers, err := papersByID(ctx, db, ids)
	var missing *MissingPapersError
	if err != nil && !errors.As(err, &missing) {
		return query.Page[P]{}, err
	}
	out := query.Page[P]{Cursor: cursor, Items: []P{}}
	for _, it := range index {
		if paper, ok := papers[id(it)]; ok {
			out.Items = append(out.Items, item(it, paper))
		}
	}
	return out, err
}

// allPages reads every page of page, from the first: the items of all of
// them, and one *MissingPapersError naming the papers missing from any.
func allPages[P any](page func(cursor string) (query.Page[P], error)) ([]P, error) {
	var all []P
	var missing []string
	cursor := ""
	for {
		p, err := page(cursor)
		if me := (*MissingPapersError)(nil); errors.As(err, &me) {
			missing = append(missing, me.IDs...)
		} else if err != nil {
			return nil, err
		}
		all = append(all, p.Items...)
		if cursor = p.Cursor; cursor == "" {
			return all, missingPapers(missing)
		}
	}
}
