package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.TicketByID.Get(m.UserKey{Name: "ana"}) // want: cannot use m.UserKey{…} (value of struct type model.UserKey) as model.TicketKey value
}
