package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Log.Append(1) // want: cannot use 1 (untyped int constant) as string value
}
