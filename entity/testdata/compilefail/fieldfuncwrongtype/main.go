package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = entity.FieldOf(m.Tickets, func(t *m.Ticket) *string { return &t.Votes }) // want: cannot use &t.Votes (value of type *int) as *string value in return statement
}
