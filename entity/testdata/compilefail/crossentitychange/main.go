package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.TicketByID.Update(m.TicketKey{ID: "t1"}).Apply(m.UserName.Set("ana")) // want: cannot use m.UserName.Set("ana") (value of struct type entity.Change[model.User]) as entity.Change[model.Ticket] value
}
