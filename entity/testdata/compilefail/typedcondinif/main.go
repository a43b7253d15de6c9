package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Tickets.Update(nil).If(m.Title.Eq("x")) // want: cannot use m.Title.Eq("x") (value of struct type entity.Cond[model.Ticket]) as entity.Condition value
}
