package expr

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestParseKeyIDRoundTrips(t *testing.T) {
	key := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "USER#u:1"}, "SK": &types.AttributeValueMemberN{Value: "12"}}
	id := KeyID("", key)
	table, got, ok := ParseKeyID(id)
	if !ok || table != "" || KeyID("", got) != id || DescribeKey(got) != DescribeKey(key) {
		t.Fatalf("ParseKeyID(%q) = %q %v %v", id, table, got, ok)
	}
	for _, bad := range []string{"", "T0:", "T0:K2:PKS3:ab", "X0:K2:PKS1:a", id + "K"} {
		if _, _, ok := ParseKeyID(bad); ok {
			t.Errorf("ParseKeyID(%q) accepted", bad)
		}
	}
}
