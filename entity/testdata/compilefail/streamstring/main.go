package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
)

func main() {
	_ = &entity.Table{Name: "t", PartitionKey: entity.S("pk"), Stream: "NEW_IMAGE"} // want: cannot use "NEW_IMAGE"
}
