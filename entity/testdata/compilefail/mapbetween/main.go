package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Addrs.Between(nil, nil) // want: m.Addrs.Between undefined (type entity.MapField[model.Ticket, string, model.Address] has no field or method Between)
}
