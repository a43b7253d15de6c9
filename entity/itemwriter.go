package entity

import (
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// itemWriter holds the text and the string values of one item being
// encoded for a put: its keys (and the fast encoder's times) are rendered
// into one buffer, and its S values taken from one arena, so that they
// cost two allocations per item. size adds up the keys it has set in the
// item.
type itemWriter struct {
	b     strings.Builder
	arena []types.AttributeValueMemberS
	size  int
	// slots holds the text of the fields the keys use, as the fast encoder
	// wrote them ("" for a field the item lacks); slotted says it did.
	slots   [maxSlots]string
	slotted bool
	// nums, set and setBuf: room for N values and one string set (see
	// initIn), nil without a putStore.
	nums   []types.AttributeValueMemberN
	set    *types.AttributeValueMemberSS
	setBuf []string
}

// maxSlots is the number of distinct fields the keys of one entity can
// take by position; keys using more look the rest up by name.
const maxSlots = 8

// initIn sizes the writer's buffer and arena. With st, the arena is st's
// when it has room for strings values, and the first numbers and string
// set come from st too.
func (iw *itemWriter) initIn(st *putStore, textBytes, strings int) {
	if st != nil {
		iw.nums = st.nums[:0]
		iw.set, iw.setBuf = &st.set, st.setBuf[:]
	}
	if st != nil && strings <= len(st.strs) {
		iw.arena = st.strs[:0]
	} else {
		iw.arena = make([]types.AttributeValueMemberS, 0, strings)
	}
	iw.b.Grow(textBytes)
}

// num returns an N value holding s, from st's numbers while they have room.
func (iw *itemWriter) num(s string) *types.AttributeValueMemberN {
	if len(iw.nums) < cap(iw.nums) {
		iw.nums = append(iw.nums, types.AttributeValueMemberN{Value: s})
		return &iw.nums[len(iw.nums)-1]
	}
	return &types.AttributeValueMemberN{Value: s}
}

// stringSet returns an SS value of n empty strings: the first set of up
// to four strings from st, others allocated.
func (iw *itemWriter) stringSet(n int) *types.AttributeValueMemberSS {
	if iw.set != nil && n <= len(iw.setBuf) {
		av := iw.set
		av.Value = iw.setBuf[:n:n]
		iw.set, iw.setBuf = nil, nil
		return av
	}
	return newStringSet(n)
}

// setSlot records the text of a field a key uses (slot >= 0).
func (iw *itemWriter) setSlot(slot int, text string) {
	if slot >= 0 {
		iw.slots[slot] = text
	}
}

// str returns an S value holding s, from the arena while it has room.
func (iw *itemWriter) str(s string) *types.AttributeValueMemberS {
	if len(iw.arena) < cap(iw.arena) {
		iw.arena = append(iw.arena, types.AttributeValueMemberS{Value: s})
		return &iw.arena[len(iw.arena)-1]
	}
	return &types.AttributeValueMemberS{Value: s}
}

// text copies b into the buffer and returns it as a string. Bytes once
// written to a strings.Builder never change, so the string stays valid
// as the buffer grows.
func (iw *itemWriter) text(b []byte) string {
	start := iw.b.Len()
	iw.b.Write(b)
	return iw.b.String()[start:]
}

// setKey sets a rendered key attribute in an item, counting its size
// when iw is not nil.
func setKey(iw *itemWriter, into map[string]types.AttributeValue, attr string, av types.AttributeValue) {
	into[attr] = av
	if iw != nil {
		iw.size += len(attr) + expr.ValueSize(av)
	}
}
