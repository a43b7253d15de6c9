package employment_test

import (
	"time"

	"github.com/ddbmodel/ddbmodel/examples/edtech/employment"
	"github.com/ddbmodel/ddbmodel/query"
)

type employmentQuery = query.Query[employment.Employment]

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}
