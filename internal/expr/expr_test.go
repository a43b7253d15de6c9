package expr

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/internal/docpath"
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

// TestNumberSize checks number sizes against what DynamoDB Local counts
// (measured by the largest item it accepts): one byte, one per base-100
// digit between the first and last significant pairs, one for a sign.
// Counting every digit over-estimated numbers with zeros (refusing items
// DynamoDB accepts) and under-estimated negative and fractional numbers
// (letting through items DynamoDB refuses).
func TestNumberSize(t *testing.T) {
	for n, want := range map[string]int{
		"0": 1, "-0": 1, "0.0": 1, "1": 2, "12": 2, "123": 3, "1234": 3, "100": 2, "1000000": 2,
		"100000000000000000000": 2, "00012": 2, "0.001": 2, "0.0012": 2, "0.5": 2, "1.5": 3, "12.5": 3,
		"10.01": 3, "5.05": 3, "1.10": 3, "1.01": 3, "99": 2, "101": 3, "123.456": 5, "1e5": 2,
		"-5": 3, "-12": 3, "-100": 3, "-0.5": 3, "1E-130": 2, "-1E-130": 3,
		"12345678901234567890123456789012345678":       20,
		"-12345678901234567890123456789012345678":      21,
		"-1234567890123456789012345678901234567":       21,
		"9.9999999999999999999999999999999999999E+125": 20,
	} {
		if got := ValueSize(&types.AttributeValueMemberN{Value: n}); got != want {
			t.Errorf("size of %s = %d, want %d", n, got, want)
		}
	}
}

func TestWriterPath(t *testing.T) {
	t.Parallel()
	var w Writer
	got := []string{
		w.Path(docpath.MustParse("status")),
		w.Path(docpath.MustParse(`doc."a.b"[2][0].status`)),
		w.Path(docpath.MustParse(`doc."x[0]"."my key"`)),
		w.Path(docpath.MustParse(`"a.b".n0`)),
	}
	want := []string{"#status", "#doc.#n0[2][0].#status", "#doc.#n1.#n2", "#n0.#n3"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	wantNames := map[string]string{"#status": "status", "#doc": "doc", "#n0": "a.b", "#n1": "x[0]", "#n2": "my key", "#n3": "n0"}
	if diff := cmp.Diff(wantNames, w.Names()); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
}
