package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = entity.NumberOf(m.Tickets, func(t *m.Ticket) *string { return &t.Title }) // want: string does not satisfy entity.Number
}
