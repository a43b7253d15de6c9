package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
	"github.com/ddbmodel/ddbmodel/query"
)

func main() {
	_ = query.By(m.TicketsByStatus, m.StatusKey{Status: "open"}).Matching(m.UserAge.Gt(3)) // want: cannot use m.UserAge.Gt(3)
}
