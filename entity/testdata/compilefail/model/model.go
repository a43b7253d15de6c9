// Package model is the model the compile-fail snippets use.
package model

import "github.com/ddbmodel/ddbmodel/entity"

// Address is a nested struct.
type Address struct {
	City string `dynamo:"city"`
}

// Ticket is one entity.
type Ticket struct {
	ID     string             `dynamo:"id"`
	Title  string             `dynamo:"title"`
	Status string             `dynamo:"status"`
	Votes  int                `dynamo:"votes"`
	Labels []string           `dynamo:"labels,set"`
	Log    []string           `dynamo:"log"`
	Addrs  map[string]Address `dynamo:"addresses"`
	Open   bool               `dynamo:"open"`
	Seen   int64              `dynamo:"seen"`
	Kind   Kind               `dynamo:"kind"`
}

// Kind is a named string type.
type Kind string

// User is another.
type User struct {
	Name string `dynamo:"name"`
	Age  int    `dynamo:"age"`
}

// TicketKey is Ticket's key.
type TicketKey struct {
	ID string `dynamo:"id"`
}

// StatusKey is Ticket's key on ByStatus.
type StatusKey struct {
	Status string `dynamo:"status"`
}

// UserKey is User's key.
type UserKey struct {
	Name string `dynamo:"name"`
}

// Table is the table.
var Table = &entity.Table{Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
	Indexes: []entity.Index{{Name: "ByStatus", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}

// Entities and handles.
var (
	Tickets = entity.MustDefine(Table, entity.Config[Ticket]{Name: "Ticket", Key: entity.Key{Partition: "TICKET#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[Ticket]{{Index: "ByStatus", Partition: "STATUS#${status}", Sort: "TICKET#${id}"}}})
	Users = entity.MustDefine(Table, entity.Config[User]{Name: "User", Key: entity.Key{Partition: "USER#${name}", Sort: "#U"}})

	Title  = entity.StringOf(Tickets, func(t *Ticket) *string { return &t.Title })
	Status = entity.StringOf(Tickets, func(t *Ticket) *string { return &t.Status })
	Votes  = entity.NumberOf(Tickets, func(t *Ticket) *int { return &t.Votes })
	Labels = entity.SetOf(Tickets, func(t *Ticket) *[]string { return &t.Labels })
	Log    = entity.ListOf(Tickets, func(t *Ticket) *[]string { return &t.Log })
	Addrs  = entity.MapOf(Tickets, func(t *Ticket) *map[string]Address { return &t.Addrs })
	Open   = entity.FieldOf(Tickets, func(t *Ticket) *bool { return &t.Open })
	Seen   = entity.NumberOf(Tickets, func(t *Ticket) *int64 { return &t.Seen })
	TKind  = entity.StringOf(Tickets, func(t *Ticket) *Kind { return &t.Kind })

	UserName = entity.StringOf(Users, func(u *User) *string { return &u.Name })
	UserAge  = entity.NumberOf(Users, func(u *User) *int { return &u.Age })

	TicketByID      = entity.ItemKeyOf[TicketKey](Tickets)
	TicketsByStatus = entity.QueryKeyOf[StatusKey](Tickets, "ByStatus")
	UserByName      = entity.ItemKeyOf[UserKey](Users)
)
