package expr

import (
	"math/rand/v2"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// SameKey holds exactly when two keys' KeyIDs in one table are equal:
// random keys over few names, kinds and texts, so that most pairs share
// names and many share values.
func TestSameKeyIsKeyIDEquality(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	texts := []string{"", "1", "x", "1#", "x\x00"}
	value := func() types.AttributeValue {
		s := texts[r.IntN(len(texts))]
		switch r.IntN(3) {
		case 0:
			return &types.AttributeValueMemberS{Value: s}
		case 1:
			return &types.AttributeValueMemberN{Value: s}
		}
		return &types.AttributeValueMemberB{Value: []byte(s)}
	}
	key := func() map[string]types.AttributeValue {
		k := map[string]types.AttributeValue{}
		for _, n := range []string{"PK", "SK", "x"} {
			if r.IntN(3) > 0 {
				k[n] = value()
			}
		}
		return k
	}
	same := 0
	for range 20000 {
		a, b := key(), key()
		if r.IntN(4) == 0 { // a copy of a: equal keys in two maps
			b = map[string]types.AttributeValue{}
			for n, v := range a {
				b[n] = v
			}
		}
		want := KeyID("t", a) == KeyID("t", b)
		if got := SameKey(a, b); got != want {
			t.Fatalf("SameKey(%s, %s) = %v, want %v (their KeyIDs)", DescribeKey(a), DescribeKey(b), got, want)
		}
		if want {
			same++
		}
	}
	if same < 1000 {
		t.Fatalf("only %d equal pairs: the test draws too few", same)
	}
}
