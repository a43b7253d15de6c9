package query_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// Find picks the key whose composites the values fill: a game and a player
// select the table's key, a game and points the ByPoints index; a game
// alone fits both, and is refused.
func ExampleFind() {
	_, _, _, _, scores := newSchool()
	for _, v := range []entity.Values{
		{"game": "chess", "player": "ann"},
		{"game": "chess", "points": 74},
		{"game": "chess"},
	} {
		in, err := query.Find(scores, v).Build()
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("index %q: %s\n", aws.ToString(in.IndexName), aws.ToString(in.KeyConditionExpression))
	}
	// Output:
	// index "": #PK = :v0 AND #SK = :v1
	// index "ByPoints": #game = :v0 AND #points = :v1
	// ddbmodel: invalid Score attribute game: Find: the values given select several keys: the table, ByPoints; name one with Index
}
