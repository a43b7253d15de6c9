package entity_test

import (
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity"
)

type Reminder struct {
	ID    string    `dynamo:"id"`
	Due   time.Time `dynamo:"due,unixtime"`
	Tries int       `dynamo:"tries"`
	Max   int64     `dynamo:"max"`
	Done  bool      `dynamo:"done"`
}

// OrderedOf gives a time stored as Unix seconds (or a binary field) the
// ordering comparisons (a time stored as text does not sort as time); a
// number handle compares with any number field of the entity. A Between
// whose bounds are reversed is refused when the request is built, and an
// ordering comparison on a bool handle (FieldOf) does not compile.
func ExampleOrderedOf() {
	table := &entity.Table{Name: "app", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	reminders := entity.MustDefine(table, entity.Config[Reminder]{Name: "Reminder", Key: entity.Key{Partition: "R#${id}", Sort: "R"}})
	due := entity.OrderedOf(reminders, func(r *Reminder) *time.Time { return &r.Due })
	tries := entity.NumberOf(reminders, func(r *Reminder) *int { return &r.Tries })
	limit := entity.NumberOf(reminders, func(r *Reminder) *int64 { return &r.Max })
	done := entity.FieldOf(reminders, func(r *Reminder) *bool { return &r.Done })
	jan, feb := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)

	in, err := reminders.Update(entity.Values{"id": "r1"}).Apply(tries.Add(1)).
		Ensure(due.Between(jan, feb), tries.LtAttr(limit), done.Eq(false)).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.ConditionExpression))

	_, err = reminders.Update(entity.Values{"id": "r1"}).Apply(tries.Add(1)).Ensure(due.Between(feb, jan)).Build()
	fmt.Println(err)
	// Output:
	// (#__entity = :v1) AND (attribute_not_exists(#tries) OR #tries <= :v2) AND ((#due BETWEEN :v3 AND :v4) AND (#tries < #max) AND (#done = :v5))
	// ddbmodel: invalid Reminder attribute due: condition BETWEEN: the low bound 1738368000 is above the high bound 1735689600; DynamoDB refuses reversed bounds
}
