package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/examples/github"
	"github.com/ddbmodel/ddbmodel/txn"
)

// emailWorkflow is W7: an e-mail address belongs to one user. A new user
// with alice's address is refused; alice changes her address, which frees
// the old one; then the program changes it back so that a second run
// prints the same report. Each row shows the marker items of both
// addresses as read from the table (their PK and uniqueOwner).
func emailWorkflow(ctx context.Context, s *github.Store, r *report) error {
	const old, changed = "alice@example.com", "alice@example.org"
	marker := func(addr string) (string, error) {
		out, err := s.DB.Client.GetItem(ctx, &dynamodb.GetItemInput{
			TableName: aws.String(s.DB.TableName), ConsistentRead: aws.Bool(true),
			Key: map[string]types.AttributeValue{
				"PK": &types.AttributeValueMemberS{Value: "UNIQUE#User#email#" + addr},
				"SK": &types.AttributeValueMemberS{Value: "UNIQUE"},
			},
		})
		if err != nil || out.Item == nil {
			return "(none)", err
		}
		pk, _ := out.Item["PK"].(*types.AttributeValueMemberS)
		owner, _ := out.Item["uniqueOwner"].(*types.AttributeValueMemberS)
		if pk == nil || owner == nil {
			return "(malformed)", nil
		}
		return pk.Value + " -> " + owner.Value, nil
	}
	row := func(step, result string) ([]string, error) {
		a, err := marker(old)
		if err != nil {
			return nil, err
		}
		b, err := marker(changed)
		return []string{step, result, a, b}, err
	}
	var rows [][]string
	add := func(step, result string) error {
		x, err := row(step, result)
		rows = append(rows, x)
		return err
	}
	if err := add("before", ""); err != nil {
		return err
	}
	dave := github.User{Username: "dave", Email: old}
	err := r.app.Measure(func() error { _, err := s.CreateUser(ctx, dave); return err })
	res, err := expect(err, github.ErrEmailTaken, "ErrEmailTaken")
	if err != nil {
		return err
	}
	if err := add("create dave with "+old, res); err != nil {
		return err
	}
	if err := r.app.Measure(func() error { _, err := s.ChangeEmail(ctx, "alice", changed); return err }); err != nil {
		return err
	}
	if err := add("alice changes to "+changed, "changed"); err != nil {
		return err
	}
	r.app.Pattern("W7", "An e-mail address belongs to one user (unique attribute, marker items in the user's transaction)",
		r.tx(txn.Write(github.Users.Create(dave)).Build()),
		[]string{"STEP", "RESULT", "MARKER OF " + old, "MARKER OF " + changed}, rows)
	_, err = s.ChangeEmail(ctx, "alice", old)
	return err
}
