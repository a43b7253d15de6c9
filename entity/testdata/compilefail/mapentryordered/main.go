package main

import (
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = m.Addrs.Key("home").Lt(m.Address{}) // want: has no field or method Lt
}
