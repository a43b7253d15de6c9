package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.TicketByID.Check(m.TicketKey{ID: "t1"}) // want: not enough arguments in call to m.TicketByID.Check
}
