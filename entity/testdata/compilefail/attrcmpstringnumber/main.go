package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.TKind.EqAttr(m.Votes) // want: does not implement entity.StringHandle[model.Ticket]
}
