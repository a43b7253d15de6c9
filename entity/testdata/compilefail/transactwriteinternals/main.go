package main

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

func main() {
	// A compiled transaction action shows its request and what it is
	// for; the unique-marker bookkeeping txn uses is not for callers.
	var w entity.TransactWrite
	fmt.Println(w.Item, w.Entity, w.Op, w.Key, w.Size)
	fmt.Println(w.Claim) // want: w.Claim undefined
}
