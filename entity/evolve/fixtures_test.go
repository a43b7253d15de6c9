package evolve_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestMain(m *testing.M) { entitytest.Main(m) }

// Ticket and Comment share one table, under model v1 and then v2.
type Ticket struct {
	TenantID string `dynamo:"tenantId"`
	ID       string `dynamo:"id"`
	Status   string `dynamo:"status"`
	Priority int    `dynamo:"priority"`
	Owner    string `dynamo:"owner,omitempty"`
	Note     string `dynamo:"note,omitempty"`
}

type Comment struct {
	TenantID  string `dynamo:"tenantId"`
	TicketID  string `dynamo:"ticketId"`
	CommentID string `dynamo:"commentId"`
	Author    string `dynamo:"author,omitempty"`
	Body      string `dynamo:"body"`
}

// CommentV2 is a comment after a shape change (version 2 of Comment):
// body renamed text, and a count of edits added.
type CommentV2 struct {
	TenantID  string `dynamo:"tenantId"`
	TicketID  string `dynamo:"ticketId"`
	CommentID string `dynamo:"commentId"`
	Author    string `dynamo:"author,omitempty"`
	Text      string `dynamo:"text"`
	Edits     int    `dynamo:"edits"`
}

// commentUpgrade is CommentV2's upgrade of a version 1 comment.
func commentUpgrade(c Comment) (CommentV2, error) {
	return CommentV2{TenantID: c.TenantID, TicketID: c.TicketID, CommentID: c.CommentID, Author: c.Author, Text: c.Body}, nil
}

// model is one version of the table's model. A model whose comments
// changed shape (modelV2Migrating) has commentsV2 in place of comments.
type model struct {
	table      *entity.Table
	tickets    *entity.Entity[Ticket]
	comments   *entity.Entity[Comment]
	commentsV2 *entity.Entity[CommentV2]
}

// targets are the model's entities, for a table job.
func (m model) targets() []evolve.Target {
	if m.commentsV2 != nil {
		return []evolve.Target{evolve.Of(m.tickets), evolve.Of(m.commentsV2)}
	}
	return []evolve.Target{evolve.Of(m.tickets), evolve.Of(m.comments)}
}

func newTable(indexes ...string) *entity.Table {
	t := &entity.Table{Name: "evolve", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	for _, n := range indexes {
		t.Indexes = append(t.Indexes, entity.Index{Name: n, PartitionKey: entity.S(n + "PK"), SortKey: entity.S(n + "SK")})
	}
	return t
}

var ticketKey = entity.Key{Partition: "TENANT#${tenantId}", Sort: "TICKET#${id}"}
var commentKey = entity.Key{Partition: "TENANT#${tenantId}", Sort: "COMMENT#${ticketId}#${commentId}"}

// v1: tickets with an owner in GSI1; open tickets in the sparse GSI2.
func modelV1() model {
	t := newTable("GSI1", "GSI2")
	return model{table: t,
		tickets: entity.MustDefine(t, entity.Config[Ticket]{Name: "Ticket", Key: ticketKey,
			Indexes: []entity.IndexKey[Ticket]{
				{Index: "GSI1", Partition: "OWNER#${owner}", Sort: "TICKET#${id}", Sparse: true},
				{Index: "GSI2", Partition: "OPEN#${tenantId}", Sort: "P#${priority:pad(2)}#${id}", Sparse: true,
					When: func(t Ticket) bool { return t.Status == "open" }},
			}}),
		comments: entity.MustDefine(t, entity.Config[Comment]{Name: "Comment", Key: commentKey}),
	}
}

// v2: GSI1's sort template changed; GSI2's condition changed; comments
// with an author placed in the new GSI3.
func modelV2() model {
	t := newTable("GSI1", "GSI2", "GSI3")
	return model{table: t, tickets: ticketsV2(t),
		comments: entity.MustDefine(t, entity.Config[Comment]{Name: "Comment", Key: commentKey,
			Indexes: []entity.IndexKey[Comment]{{Index: "GSI3", Partition: "AUTHOR#${author}", Sort: "COMMENT#${commentId}", Sparse: true}}}),
	}
}

// modelV2Migrating is v2 with, besides, a shape change of comments:
// version 2 of Comment (CommentV2) upgrades every comment stored by v1.
func modelV2Migrating() model {
	t := newTable("GSI1", "GSI2", "GSI3")
	return model{table: t, tickets: ticketsV2(t),
		commentsV2: entity.MustDefine(t, entity.Config[CommentV2]{Name: "Comment", Version: "2", Key: commentKey,
			Indexes:  []entity.IndexKey[CommentV2]{{Index: "GSI3", Partition: "AUTHOR#${author}", Sort: "COMMENT#${commentId}", Sparse: true}},
			Upgrades: []entity.Upgrade[CommentV2]{entity.UpgradeFrom("1", commentUpgrade)}}),
	}
}

// ticketsV2 is the Ticket entity of v2 on table t.
func ticketsV2(t *entity.Table) *entity.Entity[Ticket] {
	return entity.MustDefine(t, entity.Config[Ticket]{Name: "Ticket", Key: ticketKey,
		Indexes: []entity.IndexKey[Ticket]{
			{Index: "GSI1", Partition: "OWNER#${owner}", Sort: "PRIO#${priority:pad(2)}#TICKET#${id}", Sparse: true},
			{Index: "GSI2", Partition: "OPEN#${tenantId}", Sort: "P#${priority:pad(2)}#${id}", Sparse: true,
				When: func(t Ticket) bool { return (t.Status == "open" || t.Status == "blocked") && t.Priority >= 1 }},
		}})
}

// seeded is a table written under v1, and what v2 must find in it.
type seeded struct {
	db       *entity.DB
	v1, v2   model
	tickets  []Ticket
	comments []Comment
	// want holds, by kind, the keys (PK/SK text) of the items v2 finds.
	want map[string]map[string]bool
}

var statuses = []string{"open", "blocked", "closed"}

// seed writes nTickets tickets and nComments comments under v1, and one
// ticket item that does not decode.
func seed(t testing.TB, nTickets, nComments int) *seeded {
	t.Helper()
	return seedFor(t, modelV2(), nTickets, nComments)
}

// seedFor is seed with v2 as the model checking the table: with
// modelV2Migrating, every comment is also an old version finding.
func seedFor(t testing.TB, v2 model, nTickets, nComments int) *seeded {
	t.Helper()
	ctx := context.Background()
	s := &seeded{v1: modelV1(), v2: v2, want: map[string]map[string]bool{}}
	s.db = entitytest.NewDB(t, s.v2.table)
	var ops []entity.BatchWriter
	for i := range nTickets {
		tk := Ticket{TenantID: fmt.Sprintf("t%d", i%7), ID: fmt.Sprintf("k%04d", i), Status: statuses[i%3], Priority: (i / 3) % 4}
		if i%5 == 0 {
			tk.Owner = fmt.Sprintf("o%d", i%11)
		}
		s.tickets = append(s.tickets, tk)
		ops = append(ops, s.v1.tickets.Put(tk))
		k := "TENANT#" + tk.TenantID + "/TICKET#" + tk.ID
		if tk.Owner != "" {
			s.mark("stale index key", k)
		}
		wasOpen := tk.Status == "open"
		isOpen := (tk.Status == "open" || tk.Status == "blocked") && tk.Priority >= 1
		switch {
		case wasOpen && !isOpen:
			s.mark("unwanted index key", k)
		case !wasOpen && isOpen:
			s.mark("missing index key", k)
		}
	}
	for i := range nComments {
		c := Comment{TenantID: fmt.Sprintf("t%d", i%7), TicketID: fmt.Sprintf("k%04d", i%nTickets), CommentID: fmt.Sprintf("c%04d", i), Body: "text"}
		k := "TENANT#" + c.TenantID + "/COMMENT#" + c.TicketID + "#" + c.CommentID
		if i%2 == 0 {
			c.Author = fmt.Sprintf("a%d", i%13)
			s.mark("missing index key", k)
		}
		if v2.commentsV2 != nil {
			s.mark("old version", k)
		}
		s.comments = append(s.comments, c)
		ops = append(ops, s.v1.comments.Put(c))
	}
	if err := txn.BatchWrite(ctx, s.db, txn.BatchOptions{Concurrency: 8}, ops...); err != nil {
		t.Fatal(err)
	}
	// A ticket whose priority is text: it does not decode into Ticket.
	_, err := s.db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: s.db.Table("evolve"), Item: map[string]types.AttributeValue{
		"PK": str("TENANT#t0"), "SK": str("TICKET#bad"), s.v2.table.EntityAttr(): str("Ticket"), s.v2.table.EntityVersionAttr(): str("1"),
		"tenantId": str("t0"), "id": str("bad"), "status": str("open"), "priority": str("high"),
	}})
	if err != nil {
		t.Fatal(err)
	}
	s.mark("undecodable", "TENANT#t0/TICKET#bad")
	return s
}

func (s *seeded) mark(kind, key string) {
	if s.want[kind] == nil {
		s.want[kind] = map[string]bool{}
	}
	s.want[kind][key] = true
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func keyText(key map[string]types.AttributeValue) string {
	return key["PK"].(*types.AttributeValueMemberS).Value + "/" + key["SK"].(*types.AttributeValueMemberS).Value
}

func text(av types.AttributeValue) string {
	switch v := av.(type) {
	case nil:
		return "(absent)"
	case *types.AttributeValueMemberS:
		return v.Value
	case *types.AttributeValueMemberN:
		return v.Value
	}
	return fmt.Sprintf("%T", av)
}
