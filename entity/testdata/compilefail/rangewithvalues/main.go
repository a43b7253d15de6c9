package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
	"github.com/ddbmodel/ddbmodel/query"
)

func main() {
	_ = query.Gt(m.TicketsByStatus, entity.Values{"status": "open"}) // want: type entity.Values of entity.Values{…} does not match inferred type model.StatusKey for K
}
