package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = entity.StringOf(m.Tickets, func(t *m.Ticket) *int { return &t.Votes }) // want: V (type int) does not satisfy ~string
}
