package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Labels.Append("x") // want: m.Labels.Append undefined
}
