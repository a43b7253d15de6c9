package papers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// SupersededRetention is how long a superseded draft stays readable after
// it is superseded: 30 days, long enough for readers who followed an old
// link to find the draft (its status and SupersededBy name the paper that
// replaced it) and for a mistaken supersession to be noticed. Then the
// reads leave it out (SkipExpired), and DynamoDB deletes its items within
// a few days (TTL). Published papers never expire.
const SupersededRetention = 30 * 24 * time.Hour

// ErrNotDraft reports superseding a paper that is not a draft (a
// published paper, or one superseded already): nothing was written.
var ErrNotDraft = errors.New("papers: only a draft can be superseded")

// SupersedeDraftTx is the transaction of SupersedeDraft for the draft's
// partition as read (the paper, its memberships and its topics): set the
// paper's status to superseded, supersededBy to byID and expiresAt, only
// if it is still a draft; check that the paper byID exists; and set the
// same expiresAt on each membership and topic item, so that the whole
// partition, and with it the paper's entries in GSI1 (A3) and GSI2 (A4),
// expires together. A paper with more than 97 memberships and topics
// together exceeds DynamoDB's 100 actions and is refused before sending.
func SupersedeDraftTx(draft PaperWithAuthors, byID string, expiresAt time.Time) txn.WriteTx {
	id := draft.Paper.ID
	tx := txn.Write(
		PaperByKey.Update(PaperKey{ID: id}).
			Apply(PaperStatus.Set(StatusSuperseded), PaperSupersededBy.Set(byID), PaperExpiresAt.Set(expiresAt)).
			Ensure(PaperStatus.Eq(StatusDraft)),
		PaperByKey.Check(PaperKey{ID: byID}, PaperIDField.Exists()),
	)
	for _, m := range draft.Authors {
		tx = tx.Add(MembershipByKey.Update(MembershipKey{PaperID: id, Handle: m.Handle}).Apply(MemberExpiresAt.Set(expiresAt)))
	}
	for _, t := range draft.Topics {
		tx = tx.Add(TopicByKey.Update(TopicKey{PaperID: id, Topic: t.Topic}).Apply(TopicExpiresAt.Set(expiresAt)))
	}
	return tx
}

// SupersedeDraft marks the draft id as superseded by the paper byID, at
// time now: its items (the paper, its memberships and topics) get expiresAt
// now + SupersededRetention, the table's TTL attribute. Until then every
// read still shows the draft, with status superseded; after it, the reads
// leave it out (A1 and Figure 1 report it not found; A2, A3 and A4 do not
// list it), and DynamoDB deletes its items when TTL is enabled on the
// table (Table.Ensure). It reads the partition first (strongly
// consistent). Errors: ErrPaperNotFound for a missing draft or successor,
// ErrNotDraft, a *ddbmodel.ValidationError (nothing sent) for an empty
// byID or a paper superseding itself. It returns the paper as stored.
func SupersedeDraft(ctx context.Context, db *entity.DB, id, byID string, now time.Time) (Paper, error) {
	if byID == "" || byID == id {
		return Paper{}, &ddbmodel.ValidationError{Entity: Papers.Name(), Attribute: "supersededBy",
			Reason: fmt.Sprintf("%q: the id of another paper, which replaces %s", byID, id)}
	}
	res, err := PaperPartitionQuery(id).Consistent().SkipExpired().Collect(ctx, db)
	if err != nil {
		return Paper{}, err
	}
	draft, err := partitionOf(id, res)
	if err != nil {
		return Paper{}, err
	}
	if draft.Paper.Status != StatusDraft {
		return Paper{}, fmt.Errorf("%w: %s is %s", ErrNotDraft, id, draft.Paper.Status)
	}
	expiresAt := now.Add(SupersededRetention).Truncate(time.Second)
	err = SupersedeDraftTx(draft, byID, expiresAt).Run(ctx, db)
	if err == nil {
		p := draft.Paper
		p.Status, p.SupersededBy, p.ExpiresAt = StatusSuperseded, byID, expiresAt
		return p, nil
	}
	var tc *ddbmodel.TxCanceledError
	if errors.As(err, &tc) {
		for _, r := range tc.Failed() {
			switch {
			case r.Index == 1:
				return Paper{}, fmt.Errorf("%w: successor %s of %s: %w", ErrPaperNotFound, byID, id, err)
			case r.Index == 0 && errors.Is(r.Err, ddbmodel.ErrNotFound):
				return Paper{}, fmt.Errorf("%w: %s: %w", ErrPaperNotFound, id, err)
			case r.Index == 0:
				return Paper{}, fmt.Errorf("%w: %s changed meanwhile: %w", ErrNotDraft, id, err)
			}
		}
	}
	return Paper{}, fmt.Errorf("papers: supersede %s by %s: %w", id, byID, err)
}
