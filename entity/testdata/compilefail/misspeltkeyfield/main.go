package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.TicketByID.Get(m.TicketKey{Idd: "t1"}) // want: unknown field Idd in struct literal of type model.TicketKey
}
