package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
)

func TestRenderIsDynamoDBJSONWithSortedKeys(t *testing.T) {
	in := &dynamodb.PutItemInput{
		TableName: aws.String("t"),
		Item: map[string]types.AttributeValue{
			"z": &types.AttributeValueMemberS{Value: "x\U0010FFFF\uffff é"},
			"a": &types.AttributeValueMemberN{Value: "1"},
			"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
				"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberBOOL{Value: true}, &types.AttributeValueMemberNULL{Value: true}}},
				"b": &types.AttributeValueMemberB{Value: []byte("hi")},
			}},
			"ss": &types.AttributeValueMemberSS{Value: []string{"b", "a"}},
		},
		ExpressionAttributeNames: map[string]string{},
		ReturnValues:             types.ReturnValueAllOld,
	}
	want := `{
  "ExpressionAttributeNames": {},
  "Item": {
    "a": {
      "N": "1"
    },
    "m": {
      "M": {
        "b": {
          "B": "aGk="
        },
        "l": {
          "L": [
            {
              "BOOL": true
            },
            {
              "NULL": true
            }
          ]
        }
      }
    },
    "ss": {
      "SS": [
        "b",
        "a"
      ]
    },
    "z": {
      "S": "x\udbff\udfff\uffff é"
    }
  },
  "ReturnValues": "ALL_OLD",
  "TableName": "t"
}
`
	for i := 0; i < 20; i++ { // map order varies between runs of the loop
		got, err := Render(in)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Fatalf("Render (-want +got):\n%s", diff)
		}
	}
}

func TestRenderRefusesInvalidUTF8(t *testing.T) {
	_, err := Render(map[string]types.AttributeValue{"k": &types.AttributeValueMemberS{Value: "\xff"}})
	if err == nil || !strings.Contains(err.Error(), "not valid UTF-8") {
		t.Errorf("err = %v, want a refusal of invalid UTF-8", err)
	}
}

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	name string
	errs []string
}

func (r *recorder) Name() string        { return r.name }
func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatal(a ...any) { r.errs = append(r.errs, fmt.Sprint(a...)) }

func TestCheckFailsWithADiffAndUpdateRewrites(t *testing.T) {
	t.Chdir(t.TempDir())
	in := &dynamodb.QueryInput{TableName: aws.String("t"), KeyConditionExpression: aws.String("#PK = :v0")}
	r := &recorder{TB: t, name: "TestX/some case"}
	Check(r, "some case", in)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "missing") {
		t.Fatalf("without a golden file: %q", r.errs)
	}
	*update = true
	r.errs = nil
	Check(r, "some case", in)
	*update = false
	path := filepath.Join("testdata", "TestX", "some_case.golden")
	if _, err := os.Stat(path); err != nil || len(r.errs) != 0 {
		t.Fatalf("-update: %v, %q", err, r.errs)
	}
	Check(r, "some case", in)
	if len(r.errs) != 0 {
		t.Fatalf("unchanged request: %q", r.errs)
	}
	in.KeyConditionExpression = aws.String("#PK = :v1")
	Check(r, "some case", in)
	if len(r.errs) != 1 {
		t.Fatalf("changed request: %q", r.errs)
	}
	if !strings.Contains(r.errs[0], "(-want +got)") || !diffLine(r.errs[0], '-', `"KeyConditionExpression": "#PK = :v0",`) ||
		!diffLine(r.errs[0], '+', `"KeyConditionExpression": "#PK = :v1",`) {
		t.Errorf("the failure is not a -want +got diff of the changed field:\n%s", r.errs[0])
	}
	t.Logf("a changed request fails with:\n%s", r.errs[0])
}

// diffLine reports whether msg has a line marked with sign that holds text
// (go-cmp varies the spacing of its diffs on purpose).
func diffLine(msg string, sign byte, text string) bool {
	for _, line := range strings.Split(msg, "\n") {
		line = strings.TrimSpace(line)
		if len(line) > 0 && line[0] == sign && strings.Contains(line, text) {
			return true
		}
	}
	return false
}
