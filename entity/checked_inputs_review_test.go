package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// rvDotted stores a key composite and a unique attribute under names
// holding a dot, which typed handles write quoted.
type rvDotted struct {
	ID   string `dynamo:"id"`
	Ver  string `dynamo:"app.version"`
	Mail string `dynamo:"e.mail"`
}

// TestQuotedNamesAreTheirAttributes: a top-level attribute written quoted
// (`"status"`), or through a typed handle on a stored name holding a dot,
// is that attribute for everything an update derives from it: the index
// keys it recomputes, the unique markers it moves and the With conditions.
func TestQuotedNamesAreTheirAttributes(t *testing.T) {
	t.Parallel()
	tickets := defineTickets(t)
	key := entity.Values{"tenantId": "t1", "id": "1"}
	same := func(name string, quoted, bare entity.UpdateOp[ckTicket]) {
		t.Helper()
		q, qerr := quoted.Build()
		b, berr := bare.Build()
		if qerr != nil || berr != nil {
			t.Fatalf("%s: quoted: %v; bare: %v", name, qerr, berr)
		}
		if diff := cmp.Diff(b, q, entitytest.CmpOptions); diff != "" {
			t.Errorf("%s: quoted vs bare (-bare +quoted):\n%s", name, diff)
		}
	}
	same("Set", tickets.Update(key).Set(`"status"`, "closed").With(entity.Values{"votes": 3}),
		tickets.Update(key).Set("status", "closed").With(entity.Values{"votes": 3}))
	same("With", tickets.Update(key).Set("status", "closed").With(entity.Values{`"votes"`: 3}),
		tickets.Update(key).Set("status", "closed").With(entity.Values{"votes": 3}))

	table := &entity.Table{Name: "dotted", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	dotted := entity.MustDefine(table, entity.Config[rvDotted]{
		Name: "Dotted", Key: entity.Key{Partition: "D#${id}", Sort: "D"},
		Indexes:    []entity.IndexKey[rvDotted]{{Index: "GSI1", Partition: "V#${app.version}", Sort: "D#${id}"}},
		Attributes: map[string]entity.Attribute{"e.mail": {Unique: true}},
	})
	ver := entity.StringOf(dotted, func(d *rvDotted) *string { return &d.Ver })
	mail := entity.StringOf(dotted, func(d *rvDotted) *string { return &d.Mail })
	typed, err := dotted.Update(entity.Values{"id": "1"}).Apply(ver.Set("2")).Build()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(aws.ToString(typed.UpdateExpression), "GSI1PK") {
		t.Errorf("a typed Set of the composite app.version leaves GSI1PK stale: %s", aws.ToString(typed.UpdateExpression))
	}
	// A unique attribute's markers must join the update: TransactWrite
	// refuses to leave them out, in every form.
	for name, op := range map[string]entity.UpdateOp[rvDotted]{
		"bare":   dotted.Update(entity.Values{"id": "1"}).Set("e.mail", "a@x"),
		"quoted": dotted.Update(entity.Values{"id": "1"}).Set(`"e.mail"`, "a@x"),
		"typed":  dotted.Update(entity.Values{"id": "1"}).Apply(mail.Set("a@x")),
	} {
		if _, err := op.TransactWrite(); !errors.Is(err, ddbmodel.ErrInvalid) || !strings.Contains(err.Error(), "unique") {
			t.Errorf("%s: TransactWrite of a unique attribute's change: err = %v, want the markers' refusal", name, err)
		}
	}
}

// TestReviewedUpdateInputs: the holes two reviews of the checked inputs
// found, each refused before sending, or done as a put would do it.
func TestReviewedUpdateInputs(t *testing.T) {
	t.Parallel()
	customers := entity.MustDefine(nrTable(), nrConfig())
	up := customers.Update(nrKey)
	m := func(kv ...any) *types.AttributeValueMemberM {
		out := map[string]types.AttributeValue{}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i].(string)] = kv[i+1].(types.AttributeValue)
		}
		return &types.AttributeValueMemberM{Value: out}
	}
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	for _, c := range []struct {
		name, attr, says string
		op               entity.UpdateOp[nrCustomer]
	}{
		{"Prepend outside the enum", "notes", `"zz" is not one of`, up.Prepend("notes", []string{"zz"})},
		{"raw value breaking a nested enum", "address.country", `"US" is not one of`, up.Set("address", m("country", s("US"), "zip", s("69001"), "floor", &types.AttributeValueMemberN{Value: "0"}, "tags", &types.AttributeValueMemberL{}))},
		{"raw value breaking a nested validate", "address.zip", "five digits", up.Set("address", m("country", s("DE"), "zip", s("1"), "floor", &types.AttributeValueMemberN{Value: "0"}, "tags", &types.AttributeValueMemberL{}))},
		{"raw value missing members a put stores", "address", "for which a put stores", up.Set("address", m("country", s("FR"), "zip", s("69001")))},
		{"raw value that does not decode as the field", "address", "does not decode", up.Set("address", m("country", &types.AttributeValueMemberN{Value: "5"}))},
		{"nested empty value of a required field", "address.country", "required", up.Set("address.country", "")},
	} {
		_, err := c.op.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != c.attr || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: err = %v; want a ValidationError naming %q saying %q", c.name, err, c.attr, c.says)
		}
	}
	// A nested value a put leaves out is removed, as at the top level.
	in, err := up.Set("address.city", "").Build()
	if err != nil || !strings.HasPrefix(aws.ToString(in.UpdateExpression), "REMOVE") {
		t.Errorf("Set of an empty nested field: %v, %v; want a REMOVE", in, err)
	}
	// An upsert sets a holder of a read-only field whole.
	v := nrGood()
	v.Home = &nrAddress{City: "Metz", Country: "FR"}
	if _, err := customers.Upsert(v).Build(); !errors.Is(err, ddbmodel.ErrInvalid) || !strings.Contains(err.Error(), "home.city") {
		t.Errorf("upsert over a nested read-only field: err = %v, want it refused naming home.city", err)
	}

	// An Add to a key composite: the error says that only ReadFirst helps.
	_, err = defineTickets(t).Update(entity.Values{"tenantId": "t1", "id": "1"}).Add("votes", 1).With(entity.Values{"status": "open"}).Build()
	var mc *ddbmodel.MissingCompositesError
	if !errors.As(err, &mc) || !cmp.Equal(mc.Changed, []string{"votes"}) || !strings.Contains(err.Error(), "ReadFirst") {
		t.Errorf("Add to a composite: err = %v; want a MissingCompositesError with Changed [votes] pointing at ReadFirst", err)
	}
}

// TestDefineErrorsAreValidationErrors: every Config mistake is a
// *ddbmodel.ValidationError naming the attribute.
func TestDefineErrorsAreValidationErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, attr, says string
		edit             func(*entity.Config[ckTicket])
	}{
		{"default of another type", "votes", "does not convert", func(c *entity.Config[ckTicket]) {
			c.Attributes = map[string]entity.Attribute{"votes": {Default: "many"}}
		}},
		{"lock attribute misspelt", "vote", `did you mean "votes"`, func(c *entity.Config[ckTicket]) { c.LockAttribute = "vote" }},
		{"lock attribute not an integer", "title", "integer", func(c *entity.Config[ckTicket]) { c.LockAttribute = "title" }},
		{"extra attribute the type stores", "votes", "already stores it", func(c *entity.Config[ckTicket]) { c.ExtraAttributes = []string{"votes"} }},
	} {
		cfg := ckConfig()
		c.edit(&cfg)
		_, err := entity.Define(ckTable(), cfg)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Ticket" || ve.Attribute != c.attr || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: err = %v; want a ValidationError naming %q saying %q", c.name, err, c.attr, c.says)
		}
	}
}
