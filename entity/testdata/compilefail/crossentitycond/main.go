package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.TicketByID.Update(m.TicketKey{ID: "t1"}).Ensure(m.UserAge.Gt(3)) // want: cannot use m.UserAge.Gt(3)
}
