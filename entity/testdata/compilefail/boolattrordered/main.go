package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Open.LtAttr(m.Open) // want: m.Open.LtAttr undefined (type entity.Field[model.Ticket, bool] has no field or method LtAttr)
}
