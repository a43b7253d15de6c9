package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = entity.OrderedOf(m.Tickets, func(t *m.Ticket) *bool { return &t.Open }) // want: bool does not satisfy entity.Ordered
}
