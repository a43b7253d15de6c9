package query_test

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// Messages naming a Go type put "an" before a vowel sound: "an int".
func TestMessageArticleBeforeVowel(t *testing.T) {
	_, _, lessons, _, _ := newSchool()
	_, err := query.New(lessons).Where(entity.Values{"courseId": "c1"}).Filter(entity.Attr("minutes").BeginsWith("1")).Build()
	refused(t, err, "Lesson", "minutes", "minutes is an int (stored as N)")
}
