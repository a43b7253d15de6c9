package papers

import (
	"context"
	"errors"
	"fmt"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
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
// PapersByAuthorPage. A paper a membership names but the table no longer
// holds is reported, after every page is read, in one *MissingPapersError
// returned with the papers that were read.
func PapersByAuthor(ctx context.Context, db *entity.DB, handle string) ([]AuthoredPaper, error) {
	return allPages(func(cursor string) (query.Page[AuthoredPaper], error) {
		return PapersByAuthorPage(ctx, db, handle, 0, cursor)
	})
}

// PapersByAuthorPage is A3 one page at a time: at most limit memberships (0:
// as many as DynamoDB returns in one response) from cursor ("" for the
// first page), then the papers they name in one strongly consistent
// BatchGetItem. The page's Cursor is "" after the last. A paper a
// membership names but the table does not hold is a *MissingPapersError,
// returned with the page of the papers that were read and its cursor.
func PapersByAuthorPage(ctx context.Context, db *entity.DB, handle string, limit int, cursor string) (query.Page[AuthoredPaper], error) {
	p, err := PapersByAuthorQuery(handle).SkipExpired().Limit(limit).Page(ctx, db, cursor)
	if err != nil {
		return query.Page[AuthoredPaper]{}, err
	}
	return pageOfPapers(ctx, db, p.Items, p.Cursor,
		func(m Membership) string { return m.PaperID },
		func(m Membership, paper Paper) AuthoredPaper { return AuthoredPaper{Role: m.Role, Paper: paper} })
}

// PapersWithTopicQuery is the request of A4: Query GSI2 GSI2PK =
// TOPIC#<topic> AND begins_with(GSI2SK, "PAPER#"): the topic's items, by
// paper id. The topic items of a superseded draft expire with it;
// PapersWithTopicPage drops expired ones.
func PapersWithTopicQuery(topic string) query.Query[PaperTopic] {
	return query.By(TopicsByTopic, WithTopic{Topic: topic})
}

// PapersWithTopic answers A4, "list papers carrying a topic": every page of
// PapersWithTopicPage. A paper a topic item names but the table no longer
// holds is reported, after every page is read, in one *MissingPapersError
// returned with the papers that were read.
func PapersWithTopic(ctx context.Context, db *entity.DB, topic string) ([]Paper, error) {
	return allPages(func(cursor string) (query.Page[Paper], error) {
		return PapersWithTopicPage(ctx, db, topic, 0, cursor)
	})
}

// PapersWithTopicPage is A4 one page at a time: at most limit topic items
// (0: as many as one response holds) from cursor ("" for the first page),
// then their papers in one strongly consistent BatchGetItem. The page's
// Cursor is "" after the last. A paper a topic item names but the table
// does not hold is a *MissingPapersError, returned with the page of the
// papers that were read and its cursor.
func PapersWithTopicPage(ctx context.Context, db *entity.DB, topic string, limit int, cursor string) (query.Page[Paper], error) {
	p, err := PapersWithTopicQuery(topic).SkipExpired().Limit(limit).Page(ctx, db, cursor)
	if err != nil {
		return query.Page[Paper]{}, err
	}
	return pageOfPapers(ctx, db, p.Items, p.Cursor,
		func(t PaperTopic) string { return t.PaperID },
		func(_ PaperTopic, paper Paper) Paper { return paper })
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
