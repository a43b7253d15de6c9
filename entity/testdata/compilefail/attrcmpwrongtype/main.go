package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Votes.LtAttr(m.Title) // want: cannot use m.Title
}
