package cms

import (
	"context"
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/txn"
)

// MissingArticlesError reports articles that AP6 found named by a junction
// item of the tag but could not read: the article's metadata item is gone
// while the junction item remains. Nothing is left out silently:
// ArticlesByTag and ArticlesByTagPage return the articles they did read
// together with this error, and a page its cursor too, so a caller may
// show what there is, repair the junction items, or fail.
//
// errors.Is(err, ErrArticleNotFound) and errors.Is(err, ddbmodel.ErrNotFound)
// hold for it; errors.As finds it with its IDs.
type MissingArticlesError struct {
	Tag string   // the tag whose junction items name the articles
	IDs []string // the ids of the articles not found, in the order of the junction items
}

// Error names the tag and the missing articles.
func (e *MissingArticlesError) Error() string {
	return fmt.Sprintf("%v: tag %s names articles not in the table: %s", ErrArticleNotFound, e.Tag, strings.Join(e.IDs, ", "))
}

// Unwrap returns ErrArticleNotFound and ddbmodel.ErrNotFound.
func (e *MissingArticlesError) Unwrap() []error {
	return []error{ErrArticleNotFound, ddbmodel.ErrNotFound}
}

// articlesOf reads the metadata of the articles links name, in their
// order, in one BatchGetItem (per 100), strongly consistent: a junction
// item reaches GSI2 only after the write that made its article published,
// so a consistent read finds every article that exists, and one it does
// not find is gone. The ids not found come back as a
// *MissingArticlesError beside the articles read.
func (s *Store) articlesOf(ctx context.Context, links []TagArticle) ([]Article, error) {
	if len(links) == 0 {
		return nil, nil
	}
	reads := make([]txn.ReadOp, len(links))
	for i, l := range links {
		reads[i] = ArticleGet(l.ArticleID).Consistent()
	}
	items, err := txn.BatchGet(ctx, s.DB, txn.BatchOptions{}, reads...)
	if err != nil {
		return nil, err
	}
	var as []Article
	var missing []string
	for i, l := range links {
		if !items.Found(i) {
			missing = append(missing, l.ArticleID)
			continue
		}
		a, err := txn.Decode(items, i, Articles)
		if err != nil {
			return nil, err
		}
		as = append(as, normalize(a))
	}
	if len(missing) > 0 {
		return as, &MissingArticlesError{Tag: links[0].Tag, IDs: missing}
	}
	return as, nil
}
