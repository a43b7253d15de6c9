package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type udMember struct {
	ID     string  `dynamo:"id"`
	Status string  `dynamo:"status"`
	Badge  *string `dynamo:"badge"`
	Limit  int     `dynamo:"limit"`
	Note   string  `dynamo:"note"`
}

// An update that sets an attribute with a Default to the zero value
// stores the Default, as a put of the zero value does (it removed the
// attribute, leaving the item outside its Enum, an item no put writes);
// a Remove of such an attribute is refused, since no put leaves it out.
func TestAnUpdateToTheZeroOfAnAttributeWithADefaultStoresTheDefault(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "members", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	members := entity.MustDefine(tb, entity.Config[udMember]{
		Name: "Member", Key: entity.Key{Partition: "M#${id}", Sort: "M"},
		Attributes: map[string]entity.Attribute{
			"status": {Enum: []string{"active", "suspended"}, Default: "active"},
			"badge":  {Default: func() any { return "new" }},
			"limit":  {Default: 3},
		},
	})
	put, err := members.Put(udMember{ID: "m1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		op   entity.UpdateOp[udMember]
		attr string
	}{
		{"Set of the empty string", members.Update(entity.Values{"id": "m1"}).Set("status", ""), "status"},
		{"Set of a nil pointer", members.Update(entity.Values{"id": "m1"}).Set("badge", nil), "badge"},
		{"Set of a zero number", members.Update(entity.Values{"id": "m1"}).Set("limit", 0), "limit"},
	} {
		in, err := c.op.Build()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if strings.Contains(*in.UpdateExpression, "REMOVE") {
			t.Errorf("%s: %s removes the attribute", c.name, *in.UpdateExpression)
		}
		var got types.AttributeValue
		for p, n := range in.ExpressionAttributeNames {
			if n == c.attr && strings.Contains(*in.UpdateExpression, p+" = ") {
				v := strings.Fields(strings.SplitN(*in.UpdateExpression, p+" = ", 2)[1])[0]
				got = in.ExpressionAttributeValues[strings.TrimSuffix(v, ",")]
			}
		}
		if diff := cmp.Diff(put.Item[c.attr], got, cmp.AllowUnexported(types.AttributeValueMemberS{}, types.AttributeValueMemberN{})); diff != "" {
			t.Errorf("%s: %s sets %s to another value than a put of the zero value stores (-put +update):\n%s", c.name, *in.UpdateExpression, c.attr, diff)
		}
	}
	// A value that is not the zero is set as given.
	in, err := members.Update(entity.Values{"id": "m1"}).Set("status", "suspended").Build()
	if err != nil {
		t.Fatal(err)
	}
	if v := in.ExpressionAttributeValues[":v0"]; !cmp.Equal(v, &types.AttributeValueMemberS{Value: "suspended"}, cmp.AllowUnexported(types.AttributeValueMemberS{})) {
		t.Errorf("Set suspended: %s with %v", *in.UpdateExpression, v)
	}
	// An attribute without a Default is removed by a Set of "", as a put
	// of "" leaves it out.
	in, err = members.Update(entity.Values{"id": "m1"}).Set("note", "").Build()
	if err != nil || !strings.HasPrefix(*in.UpdateExpression, "REMOVE ") {
		t.Errorf("Set note \"\": %v, %v; want a REMOVE", in, err)
	}
	for _, attr := range []string{"status", "limit"} {
		_, err := members.Update(entity.Values{"id": "m1"}).Remove(attr).Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Member" || ve.Attribute != attr || !strings.Contains(err.Error(), "has a Default") {
			t.Errorf("Remove %s: err = %v, want a ValidationError naming Member's %s and its Default", attr, err, attr)
		}
	}
	// A put of a pointer to "" leaves badge out (the pointer is not the
	// zero, so the Default does not apply): so may an update, by that
	// Set or by Remove.
	empty := ""
	if p, err := members.Put(udMember{ID: "m1", Badge: &empty}).Build(); err != nil || p.Item["badge"] != nil {
		t.Fatalf("put of a pointer to \"\": %v, badge %v; want it left out", err, p.Item["badge"])
	}
	for name, op := range map[string]entity.UpdateOp[udMember]{
		"Set of a pointer to the empty string": members.Update(entity.Values{"id": "m1"}).Set("badge", &empty),
		"Remove":                               members.Update(entity.Values{"id": "m1"}).Remove("badge"),
	} {
		in, err := op.Build()
		if err != nil || !strings.HasPrefix(*in.UpdateExpression, "REMOVE #badge") {
			t.Errorf("%s of badge: %v; want REMOVE #badge", name, err)
		}
	}
	// SetIfNotExists of the zero sets the Default if the item has none,
	// as an upsert of the zero value does.
	for attr, zero := range map[string]any{"status": "", "limit": 0} {
		in, err := members.Update(entity.Values{"id": "m1"}).SetIfNotExists(attr, zero).Build()
		if err != nil {
			t.Errorf("SetIfNotExists %s: %v", attr, err)
			continue
		}
		if got := in.ExpressionAttributeValues[":v0"]; !cmp.Equal(got, put.Item[attr], cmp.AllowUnexported(types.AttributeValueMemberS{}, types.AttributeValueMemberN{})) {
			t.Errorf("SetIfNotExists %s zero: %s sets %#v, want the Default %#v", attr, *in.UpdateExpression, got, put.Item[attr])
		}
	}
}
