package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Status.In("open", 2) // want: cannot use 2 (untyped int constant) as string value
}
