package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Addrs.Key("home").Set("Oslo") // want: cannot use "Oslo" (untyped string constant) as model.Address value
}
