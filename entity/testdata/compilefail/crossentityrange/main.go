package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
	"github.com/ddbmodel/ddbmodel/query"
)

func main() {
	_ = query.Between(m.TicketsByStatus, m.StatusKey{Status: "open"}, m.UserKey{Name: "ana"}) // want: type model.UserKey of m.UserKey{…} does not match inferred type model.StatusKey for K
}
