package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	k := *m.TicketsByStatus
	_ = k.Hidden // want: k.Hidden undefined
}
