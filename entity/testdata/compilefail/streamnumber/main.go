package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
)

func main() {
	_ = &entity.Table{Name: "things", PartitionKey: entity.S("pk"), Stream: 3} // want: cannot use 3
}
