package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Votes.GtAttr(m.UserAge) // want: cannot use m.UserAge
}
