package papers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// ErrPaperNotFound reports a paper that does not exist.
var ErrPaperNotFound = errors.New("papers: paper not found")

// ErrAuthorNotFound reports an author that does not exist.
var ErrAuthorNotFound = errors.New("papers: author not found")

// PaperGet is the request of A1: GetItem PK = PAPER#<id>, SK = PAPER#<id>.
// A superseded draft past its expiry (which DynamoDB has not deleted yet)
// is reported as not found (SkipExpired; GetItem takes no filter, so the
// item is read and then left out).
func PaperGet(id string) entity.GetOp[Paper] {
	return PaperByKey.Get(PaperKey{ID: id}).SkipExpired()
}

// PaperByID answers A1, "get a paper by id". A missing paper, or an
// expired superseded draft, is ErrPaperNotFound (and ddbmodel.ErrNotFound).
func PaperByID(ctx context.Context, db *entity.DB, id string) (Paper, error) {
	p, err := PaperGet(id).Run(ctx, db)
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return Paper{}, fmt.Errorf("%w: %s: %w", ErrPaperNotFound, id, err)
	}
	return p, err
}

// PaperWithAuthors is a paper with everything its partition holds: its
// author memberships and its topics (Figure 1 of the design).
type PaperWithAuthors struct {
	Paper   Paper
	Authors []Membership // by handle
	Topics  []PaperTopic // by topic
}

// PaperPartitionQuery is the request of Figure 1: Query PK = PAPER#<id>,
// the whole partition: the paper item, its memberships (SK AUTHOR#...) and
// its topics (SK TOPIC#...), each decoded into its own type.
// PaperWithAuthorsByID adds SkipExpired.
func PaperPartitionQuery(id string) query.Collection {
	return query.Of(Papers, Memberships, PaperTopics).Where(PaperByKey.Values(PaperKey{ID: id}))
}

// PaperWithAuthorsByID answers Figure 1, "one partition holds a paper and
// its author memberships, read in a single query". A partition without
// the paper item is ErrPaperNotFound.
func PaperWithAuthorsByID(ctx context.Context, db *entity.DB, id string) (PaperWithAuthors, error) {
	res, err := PaperPartitionQuery(id).SkipExpired().Collect(ctx, db)
	if err != nil {
		return PaperWithAuthors{}, err
	}
	return partitionOf(id, res)
}

// partitionOf decodes the partition of paper id, as PaperPartitionQuery
// read it.
func partitionOf(id string, res query.Result) (PaperWithAuthors, error) {
	ps, err := query.ItemsOf(res, Papers)
	if err != nil {
		return PaperWithAuthors{}, err
	}
	if len(ps) != 1 {
		return PaperWithAuthors{}, fmt.Errorf("%w: %s: %w", ErrPaperNotFound, id, ddbmodel.ErrNotFound)
	}
	out := PaperWithAuthors{Paper: ps[0]}
	if out.Authors, err = query.ItemsOf(res, Memberships); err != nil {
		return PaperWithAuthors{}, err
	}
	if out.Topics, err = query.ItemsOf(res, PaperTopics); err != nil {
		return PaperWithAuthors{}, err
	}
	return out, nil
}

// PapersInCollectionQuery is the request of A2: Query GSI1 GSI1PK =
// COLLECTION#<name> AND begins_with(GSI1SK, "DATE#"), descending
// (ScanIndexForward=false): newest first.
func PapersInCollectionQuery(collection string) query.Query[Paper] {
	return query.By(PapersByCollection, InCollection{Collection: collection}).Desc()
}

// PapersInCollection answers A2, "list papers in a collection, newest
// first", leaving out expired superseded drafts (SkipExpired).
func PapersInCollection(ctx context.Context, db *entity.DB, collection string) ([]Paper, error) {
	return PapersInCollectionQuery(collection).SkipExpired().Collect(ctx, db)
}

// PapersInCollectionPage is A2 one page at a time: at most limit papers
// from cursor ("" for the first page); the page's Cursor is "" after the
// last. Expired superseded drafts are left out (SkipExpired), so a page may
// hold fewer than limit papers.
func PapersInCollectionPage(ctx context.Context, db *entity.DB, collection string, limit int, cursor string) (query.Page[Paper], error) {
	return PapersInCollectionQuery(collection).SkipExpired().Limit(limit).Page(ctx, db, cursor)
}

// AuthoredPaper is one paper of an author's list, with the author's role.
type AuthoredPaper struct {
	Role  string
	Paper Paper
}

// PapersByAuthorQuery is the request of A3: Query GSI1 GSI1PK =
// AUTHOR#<handle> AND begins_with(GSI1SK, "PAPER#"): the author's
// memberships, by paper id. The memberships of a superseded draft expire
// with it; PapersByAuthorPage drops expired ones.
func PapersByAuthorQuery(handle string) query.Query[Membership] {
	return query.By(MembershipsByAuthor, ByAuthor{Handle: handle})
}

// PapersByAuthor answers A3, "list papers by author": every page of
// PapersByAuthorPage.
func PapersByAuthor(ctx context.Context, db *entity.DB, handle string) ([]AuthoredPaper, error) {
	var all []AuthoredPaper
	cursor := ""
	for {
		p, err := PapersByAuthorPage(ctx, db, handle, 0, cursor)
		if err != nil {
			return nil, err
		}
		all = append(all, p.Items...)
		if cursor = p.Cursor; cursor == "" {
			return all, nil
		}
	}
}

// PapersByAuthorPage is A3 one page at a time: at most limit memberships (0:
// as many as DynamoDB returns in one response) from cursor ("" for the
// first page), then the papers they name in one BatchGetItem. The page's
// Cursor is "" after the last.
func PapersByAuthorPage(ctx context.Context, db *entity.DB, handle string, limit int, cursor string) (query.Page[AuthoredPaper], error) {
	p, err := PapersByAuthorQuery(handle).SkipExpired().Limit(limit).Page(ctx, db, cursor)
	if err != nil {
		return query.Page[AuthoredPaper]{}, err
	}
	ids := make([]string, len(p.Items))
	for i, m := range p.Items {
		ids[i] = m.PaperID
	}
	papers, err := papersByID(ctx, db, ids)
	if err != nil {
		return query.Page[AuthoredPaper]{}, err
	}
	out := query.Page[AuthoredPaper]{Cursor: p.Cursor, Items: []AuthoredPaper{}}
	for _, m := range p.Items {
		if paper, ok := papers[m.PaperID]; ok {
			out.Items = append(out.Items, AuthoredPaper{Role: m.Role, Paper: paper})
		}
	}
	return out, nil
}

// PapersWithTopicQuery is the request of A4: Query GSI2 GSI2PK =
// TOPIC#<topic> AND begins_with(GSI2SK, "PAPER#"): the topic's items, by
// paper id. The topic items of a superseded draft expire with it;
// PapersWithTopicPage drops expired ones.
func PapersWithTopicQuery(topic string) query.Query[PaperTopic] {
	return query.By(TopicsByTopic, WithTopic{Topic: topic})
}

// PapersWithTopic answers A4, "list papers carrying a topic": every page of
// PapersWithTopicPage.
func PapersWithTopic(ctx context.Context, db *entity.DB, topic string) ([]Paper, error) {
	var all []Paper
	cursor := ""
	for {
		p, err := PapersWithTopicPage(ctx, db, topic, 0, cursor)
		if err != nil {
			return nil, err
		}
		all = append(all, p.Items...)
		if cursor = p.Cursor; cursor == "" {
			return all, nil
		}
	}
}

// PapersWithTopicPage is A4 one page at a time: at most limit topic items
// (0: as many as one response holds) from cursor ("" for the first page),
// then their papers in one BatchGetItem. The page's Cursor is "" after the
// last.
func PapersWithTopicPage(ctx context.Context, db *entity.DB, topic string, limit int, cursor string) (query.Page[Paper], error) {
	p, err := PapersWithTopicQuery(topic).SkipExpired().Limit(limit).Page(ctx, db, cursor)
	if err != nil {
		return query.Page[Paper]{}, err
	}
	ids := make([]string, len(p.Items))
	for i, t := range p.Items {
		ids[i] = t.PaperID
	}
	papers, err := papersByID(ctx, db, ids)
	if err != nil {
		return query.Page[Paper]{}, err
	}
	out := query.Page[Paper]{Cursor: p.Cursor, Items: []Paper{}}
	for _, id := range ids {
		if paper, ok := papers[id]; ok {
			out.Items = append(out.Items, paper)
		}
	}
	return out, nil
}

// papersByID reads papers in one BatchGetItem (per 100), leaving out
// papers past their expiry: BatchGetItem takes no filter.
func papersByID(ctx context.Context, db *entity.DB, ids []string) (map[string]Paper, error) {
	out := map[string]Paper{}
	if len(ids) == 0 {
		return out, nil
	}
	keys := make([]entity.Values, len(ids))
	for i, id := range ids {
		keys[i] = PaperByKey.Values(PaperKey{ID: id})
	}
	ps, err := txn.BatchGetOf(ctx, db, txn.BatchOptions{}, Papers, keys...)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	for _, p := range ps {
		if expired(p.ExpiresAt, now) {
			continue
		}
		out[p.ID] = p
	}
	return out, nil
}

// expired reports whether an item with TTL at has expired at now: DynamoDB
// expires an item whose TTL (Unix seconds) is at or before the current
// time, as Table.Unexpired's filter does.
func expired(at, now time.Time) bool {
	return !at.IsZero() && at.Unix() <= now.Unix()
}

// AuthorGet is the request of A5: GetItem PK = AUTHOR#<handle>, SK = AUTHOR#<handle>.
func AuthorGet(handle string) entity.GetOp[Author] {
	return AuthorByKey.Get(AuthorKey{Handle: handle})
}

// AuthorByHandle answers A5, "get an author profile". A missing author is
// ErrAuthorNotFound (and ddbmodel.ErrNotFound).
func AuthorByHandle(ctx context.Context, db *entity.DB, handle string) (Author, error) {
	a, err := AuthorGet(handle).Run(ctx, db)
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return Author{}, fmt.Errorf("%w: %s: %w", ErrAuthorNotFound, handle, err)
	}
	return a, err
}
