package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Labels.Contains(3) // want: cannot use 3 (untyped int constant) as string value
}
