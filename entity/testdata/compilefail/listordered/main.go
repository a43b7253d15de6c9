package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Log.Lt([]string{"a"}) // want: m.Log.Lt undefined (type entity.ListField[model.Ticket, string] has no field or method Lt)
}
