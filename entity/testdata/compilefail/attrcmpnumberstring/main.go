package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Seen.GtAttr(m.Title) // want: does not implement entity.NumberHandle[model.Ticket]
}
