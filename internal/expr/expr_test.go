package expr

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
)

func TestWriterPlaceholders(t *testing.T) {
	var w Writer
	got := []string{w.Name("status"), w.Name("rating-sk"), w.Name("status"), w.Name("n0"), w.Name("a.b"),
		w.Value(&types.AttributeValueMemberS{Value: "x"}), w.Value(&types.AttributeValueMemberS{Value: "x"})}
	want := []string{"#status", "#n0", "#status", "#n1", "#n2", ":v0", ":v1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("placeholders (-want +got):\n%s", diff)
	}
	// #n0 was taken by "rating-sk"; the attribute literally named n0 gets another.
	if w.Names()["#n0"] != "rating-sk" || w.Names()["#n1"] != "n0" || len(w.Values()) != 2 {
		t.Errorf("names = %v, values = %v", w.Names(), w.Values())
	}
	var empty Writer
	if empty.Names() != nil || empty.Values() != nil {
		t.Error("an unused writer must give nil maps (DynamoDB rejects empty ones)")
	}
}

func TestItemSize(t *testing.T) {
	item := map[string]types.AttributeValue{
		"PK":   &types.AttributeValueMemberS{Value: "USER#1"},                                                          // 2 + 6
		"n":    &types.AttributeValueMemberN{Value: "12345"},                                                           // 1 + ((5+1)/2 + 1)
		"tags": &types.AttributeValueMemberSS{Value: []string{"a", "bc"}},                                              // 4 + 3
		"ok":   &types.AttributeValueMemberBOOL{Value: true},                                                           // 2 + 1
		"list": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "xy"}}}, // 4 + 3 + 1 + 2
	}
	if got, want := ItemSize(item), 8+5+7+3+10; got != want {
		t.Errorf("ItemSize = %d, want %d", got, want)
	}
}
