package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
	"github.com/ddbmodel/ddbmodel/query"
)

func main() {
	_ = query.By(m.TicketsByStatus, m.StatusKey{Status: "open"}).ProjectFields(m.Title, m.UserName) // want: cannot use m.UserName
}
