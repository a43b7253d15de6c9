package entity_test

import (
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func init() {
	entity.TestKit.Client = entitytest.Client
	entity.TestKit.NewTable = entitytest.NewTable
	entity.TestKit.CmpOptions = entitytest.CmpOptions
}
