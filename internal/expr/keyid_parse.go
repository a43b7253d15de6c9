package expr

import (
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// ParseKeyID returns the table and key that KeyID encoded in id, or false
// when id is not exactly such an encoding (a unique attribute's marker
// item names its owner this way).
func ParseKeyID(id string) (string, map[string]types.AttributeValue, bool) {
	kind, table, rest, ok := keyIDPart(id)
	if !ok || kind != 'T' {
		return "", nil, false
	}
	key := map[string]types.AttributeValue{}
	for rest != "" {
		var name, text string
		if kind, name, rest, ok = keyIDPart(rest); !ok || kind != 'K' {
			return "", nil, false
		}
		if kind, text, rest, ok = keyIDPart(rest); !ok {
			return "", nil, false
		}
		switch kind {
		case 'S':
			key[name] = &types.AttributeValueMemberS{Value: text}
		case 'N':
			key[name] = &types.AttributeValueMemberN{Value: text}
		case 'B':
			key[name] = &types.AttributeValueMemberB{Value: []byte(text)}
		default:
			return "", nil, false
		}
	}
	if len(key) == 0 || KeyID(table, key) != id {
		return "", nil, false
	}
	return table, key, true
}

// keyIDPart splits off the first part of a KeyID: its kind letter, its
// text and what follows.
func keyIDPart(s string) (byte, string, string, bool) {
	if len(s) < 3 {
		return 0, "", "", false
	}
	colon := strings.IndexByte(s, ':')
	if colon < 2 {
		return 0, "", "", false
	}
	n, err := strconv.Atoi(s[1:colon])
	if err != nil || n < 0 || len(s)-colon-1 < n {
		return 0, "", "", false
	}
	return s[0], s[colon+1 : colon+1+n], s[colon+1+n:], true
}
