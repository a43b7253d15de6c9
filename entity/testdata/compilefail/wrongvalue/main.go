package main

import m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"

func main() {
	_ = m.Votes.Set("many") // want: cannot use "many" (untyped string constant) as int value in argument to m.Votes.Set
}
