package query

import (
	"context"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// page runs one page of the spec's query and returns raw items.
func (s *spec) page(ctx context.Context, db *entity.DB, cursor string, _ bool) ([]map[string]types.AttributeValue, string, error) {
	if err := checkDB(db); err != nil {
		return nil, "", err
	}
	ins, rng, err := s.compile()
	if err != nil {
		return nil, "", err
	}
	// The table name is part of a cursor's fingerprint: set the one the
	// request goes to before decoding the cursor, as before encoding it.
	for _, in := range ins {
		in.TableName = db.Table(aws.ToString(in.TableName))
	}
	fp := queryFingerprint(s.members, ins)
	starts, done, err := s.decodeCursor(cursor, ins, fp, rng)
	if err != nil {
		return nil, "", err
	}
	if len(ins) == 1 {
		in := ins[0]
		in.ExclusiveStartKey = starts[0]
		out, err := entity.Send(ctx, db, db.Client.Query, in, s.request(db))
		if err != nil {
			return nil, "", errtext.Errorf("query %s: %w", s.members[0].Name(), err)
		}
		next, err := s.encodePositions(fp, []map[string]types.AttributeValue{out.LastEvaluatedKey}, []bool{len(out.LastEvaluatedKey) == 0})
		return out.Items, next, err
	}
	return s.mergeShards(ctx, db, ins, fp, starts, done)
}

// checkDB refuses a DB that cannot send requests.
func checkDB(db *entity.DB) error {
	switch {
	case db == nil:
		return &ddbmodel.ValidationError{Reason: "nil *entity.DB"}
	case db.Client == nil:
		return &ddbmodel.ValidationError{Reason: "entity.DB has no Client"}
	}
	return nil
}
