package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Labels.Ge([]string{"a"}) // want: m.Labels.Ge undefined (type entity.SetField[model.Ticket, string] has no field or method Ge)
}
