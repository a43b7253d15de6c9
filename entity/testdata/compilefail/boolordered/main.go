package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Open.Gt(true) // want: m.Open.Gt undefined (type entity.Field[model.Ticket, bool] has no field or method Gt)
}
