package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type weTicket struct {
	ID       string `dynamo:"id"`
	Queue    string `dynamo:"queue"`
	Status   string `dynamo:"status"`
	Assignee string `dynamo:"assignee,omitempty"`
}

// A With value outside the attribute's Enum is refused at Build, as the
// same condition written If(Attr(name).Eq(v)) is: no item holds it, so
// the update could only fail its condition at DynamoDB (helper-111 M3).
func TestAWithValueOutsideTheEnumIsRefused(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "we", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	tickets := entity.MustDefine(table, entity.Config[weTicket]{
		Name: "Ticket", Key: entity.Key{Partition: "T#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[weTicket]{
			{Index: "GSI1", Partition: "Q#${queue}", Sort: "S#${status}#${id}"},
		},
		Attributes: map[string]entity.Attribute{"status": {Enum: []string{"open", "closed"}}},
	})
	key := entity.Values{"id": "t1"}
	for _, c := range []struct {
		name string
		op   entity.UpdateOp[weTicket]
	}{
		{"With, the attribute untouched by a key", tickets.Update(key).Set("assignee", "ann").With(entity.Values{"status": "lost"})},
		{"With of a composite the update needs", tickets.Update(key).Set("queue", "q2").With(entity.Values{"status": "lost"})},
		{"If Eq, for comparison", tickets.Update(key).Set("assignee", "ann").If(entity.Attr("status").Eq("lost"))},
	} {
		_, err := c.op.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Ticket" || ve.Attribute != "status" || !strings.Contains(err.Error(), `"lost" is not one of open, closed`) {
			t.Errorf("%s: err = %v, want a ValidationError for Ticket.status naming the Enum", c.name, err)
		}
	}
	in, err := tickets.Update(key).Set("assignee", "ann").With(entity.Values{"status": "open"}).Build()
	if err != nil {
		t.Fatalf("With of an Enum value: %v", err)
	}
	if !strings.Contains(*in.ConditionExpression, "#status = :") {
		t.Errorf("condition %q does not compare the status", *in.ConditionExpression)
	}
}
