package query_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

func show(v types.AttributeValue) string {
	switch x := v.(type) {
	case *types.AttributeValueMemberS:
		return fmt.Sprintf("%q", x.Value)
	case *types.AttributeValueMemberN:
		return x.Value
	}
	return "?"
}

// A leading sort composite becomes a begins_with that ends on a boundary:
// module m1 never matches module m10.
func ExampleQuery_Where() {
	_, _, lessons, _, _ := newSchool()
	in, err := query.New(lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1"}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.KeyConditionExpression))
	fmt.Println(":v0 =", show(in.ExpressionAttributeValues[":v0"]))
	fmt.Println(":v1 =", show(in.ExpressionAttributeValues[":v1"]))
	// Output:
	// #PK = :v0 AND begins_with(#SK, :v1)
	// :v0 = "COURSE#c1"
	// :v1 = "MODULE#m1#LESSON#"
}

// A number sort key on an index, highest first.
func ExampleQuery_Desc() {
	_, _, _, _, scores := newSchool()
	in, err := query.New(scores).Index("ByPoints").Where(entity.Values{"game": "chess"}).Ge(entity.Values{"points": 50}).Desc().Limit(3).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.IndexName), aws.ToString(in.KeyConditionExpression), show(in.ExpressionAttributeValues[":v1"]))
	fmt.Println("forward:", aws.ToBool(in.ScanIndexForward), "limit:", aws.ToInt32(in.Limit))
	// Output:
	// ByPoints #game = :v0 AND #points >= :v1 50
	// forward: false limit: 3
}

// A write-sharded index is queried on every shard at once.
func ExampleQuery_AllShards() {
	_, _, _, students, _ := newSchool()
	ins, err := query.New(students).Index("GSI1").AllShards().BuildShards()
	if err != nil {
		panic(err)
	}
	fmt.Println(len(ins), "queries:", show(ins[0].ExpressionAttributeValues[":v0"]), "...", show(ins[9].ExpressionAttributeValues[":v0"]))
	// Output:
	// 10 queries: "STUDENT#0" ... "STUDENT#9"
}

// SortKey compares the sort key with raw key text, for keys the templates
// do not describe (a position saved from another system, say). The
// operator is one of the SortOp constants.
func ExampleQuery_SortKey() {
	_, _, lessons, _, _ := newSchool()
	in, err := query.New(lessons).Where(entity.Values{"courseId": "c1"}).SortKey(query.SortGe, "MODULE#m2").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.KeyConditionExpression))
	fmt.Println(":v1 =", show(in.ExpressionAttributeValues[":v1"]))
	// Output:
	// #PK = :v0 AND #SK >= :v1
	// :v1 = "MODULE#m2"
}

// A typed range: the key struct gives the partition and the bound, and a
// nil sort composite ends the bound there, taking the whole group of
// lessons under module m10.
func ExampleBetween() {
	_, _, lessons, _, _ := newSchool()
	byCourse := entity.QueryKeyOf[LessonKey](lessons, "")
	m1, m10 := "m1", "m10"
	l3 := "l03"
	in, err := query.Between(byCourse,
		LessonKey{CourseID: "c1", ModuleID: &m1, LessonID: &l3},
		LessonKey{CourseID: "c1", ModuleID: &m10}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.KeyConditionExpression))
	hi := in.ExpressionAttributeValues[":v2"].(*types.AttributeValueMemberS).Value
	fmt.Println("from", show(in.ExpressionAttributeValues[":v1"]))
	fmt.Println("to the last key under", hi[:len("MODULE#m10#LESSON#")])
	// Output:
	// #PK = :v0 AND #SK BETWEEN :v1 AND :v2
	// from "MODULE#m1#LESSON#l03"
	// to the last key under MODULE#m10#LESSON#
}

// A typed bound on a number sort key: scores above 50 in game chess.
func ExampleGt() {
	_, _, _, _, scores := newSchool()
	byPoints := entity.QueryKeyOf[PointsRangeKey](scores, "ByPoints")
	fifty := 50
	in, err := query.Gt(byPoints, PointsRangeKey{Game: "chess", Points: &fifty}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.IndexName), aws.ToString(in.KeyConditionExpression), show(in.ExpressionAttributeValues[":v1"]))
	// Output:
	// ByPoints #game = :v0 AND #points > :v1 50
}
