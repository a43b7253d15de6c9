package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Votes.BeginsWith("1") // want: m.Votes.BeginsWith undefined
}
