package entity_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type r5Item struct {
	ID   string    `dynamo:"id"`
	At   time.Time `dynamo:"at"`
	Unix time.Time `dynamo:"unix,unixtime"`
	N    int       `dynamo:"n"`
}

// wantValidation fails unless err is a *ddbmodel.ValidationError naming
// entity and attr whose text holds has.
func wantValidation(t *testing.T, what string, err error, entity, attr, has string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != entity || ve.Attribute != attr || !strings.Contains(err.Error(), has) {
		t.Errorf("%s: err = %#v (%v), want a *ddbmodel.ValidationError of entity %q, attribute %q, saying %q", what, ve, err, entity, attr, has)
	}
}

// A template or key function renders text, which a put writes as S: on a
// binary key attribute (of the table or an index) every put and get
// failed with DynamoDB's type mismatch. Define refuses it (#16 review 5, D1).
func TestDefineRefusesTemplateOnBinaryKey(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "bin", PartitionKey: entity.B("pk"), SortKey: entity.S("sk")}
	_, err := entity.Define(tb, entity.Config[r5Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "I"}})
	wantValidation(t, "template on a B partition key", err, "Item", "pk", "declare the attribute S")

	gsi := &entity.Table{Name: "bin", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("g"), SortKey: entity.B("gs")}}}
	_, err = entity.Define(gsi, entity.Config[r5Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "I"},
		Indexes: []entity.IndexKey[r5Item]{{Index: "GSI1", Partition: "G", SortFunc: func(r5Item) (string, error) { return "x", nil }}}})
	wantValidation(t, "key function on a B index sort key", err, "Item", "gs", "binary (B)")
}

// A time renders as RFC 3339 text, which no number key holds: Define
// refuses it in the template of an N key attribute, and keeps a unixtime
// time, which renders its Unix seconds (#16 review 5, D8).
func TestDefineRefusesTextTimeInNumberKey(t *testing.T) {
	t.Parallel()
	newTable := func() *entity.Table {
		return &entity.Table{Name: "nums", PartitionKey: entity.S("pk"), SortKey: entity.N("sk")}
	}
	_, err := entity.Define(newTable(), entity.Config[r5Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "${at}"}})
	wantValidation(t, "time in an N sort key", err, "Item", "at", "unixtime")

	e, err := entity.Define(newTable(), entity.Config[r5Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "${unix}"}})
	if err != nil {
		t.Fatalf("a unixtime time in an N sort key: %v", err)
	}
	in, err := e.Put(r5Item{ID: "a", Unix: time.Unix(5, 0)}).Build()
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	if n, ok := in.Item["sk"].(*types.AttributeValueMemberN); !ok || n.Value != "5" {
		t.Errorf("sk = %#v, want the number 5", in.Item["sk"])
	}
}

// An IndexKey's Partition for a local index was ignored (the index shares
// the table's partition key): Define refuses it (#16 review 5, D9).
func TestDefineRefusesPartitionOfLocalIndex(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "things", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
		Indexes: []entity.Index{{Name: "LSI1", Local: true, SortKey: entity.S("lsk")}}}
	_, err := entity.Define(tb, entity.Config[r5Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "I"},
		Indexes: []entity.IndexKey[r5Item]{{Index: "LSI1", Partition: "OTHER#${id}", Sort: "N#${n}"}}})
	wantValidation(t, "Partition of a local index", err, "Item", "lsk", "is local")
	if _, err := entity.Define(tb, entity.Config[r5Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "I"},
		Indexes: []entity.IndexKey[r5Item]{{Index: "LSI1", Sort: "N#${n}"}}}); err != nil {
		t.Errorf("the local index without Partition: %v", err)
	}
}

// DynamoDB refuses one attribute as both keys ("Two keys can not have the
// same name") and attribute names over 255 bytes; so does Validate
// (#16 review 5, D2 and D3).
func TestValidateRefusesSameKeyNamesAndLongNames(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 256)
	cases := map[string]struct {
		tb   *entity.Table
		attr string
		has  string
	}{
		"table pk = sk": {&entity.Table{Name: "things", PartitionKey: entity.S("k"), SortKey: entity.S("k")}, "k", "both partition and sort key"},
		"GSI pk = sk": {&entity.Table{Name: "things", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
			Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("g"), SortKey: entity.S("g")}}}, "g", "index GSI1"},
		"LSI sort = table pk": {&entity.Table{Name: "things", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
			Indexes: []entity.Index{{Name: "LSI1", Local: true, SortKey: entity.S("pk")}}}, "pk", "index LSI1"},
		"long partition key": {&entity.Table{Name: "things", PartitionKey: entity.S(long), SortKey: entity.S("sk")}, "PartitionKey", "1 to 255"},
		"long GSI key": {&entity.Table{Name: "things", PartitionKey: entity.S("pk"),
			Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S(long)}}}, "Indexes", "1 to 255"},
		"long INCLUDE attribute": {&entity.Table{Name: "things", PartitionKey: entity.S("pk"),
			Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("g"), Projection: entity.Projection{Type: "INCLUDE", Attributes: []string{long}}}}}, "Projection", "1 to 255"},
		"long TTL attribute": {&entity.Table{Name: "things", PartitionKey: entity.S("pk"), TTLAttribute: long}, "TTLAttribute", "1 to 255"},
	}
	for name, c := range cases {
		wantValidation(t, name, c.tb.Validate(), "", c.attr, c.has)
	}
	ok := &entity.Table{Name: "things", PartitionKey: entity.S(strings.Repeat("p", 255)), SortKey: entity.S("sk"), TTLAttribute: strings.Repeat("t", 255)}
	if err := ok.Validate(); err != nil {
		t.Errorf("names of 255 bytes: %v", err)
	}
}

// AddAccessPatterns compared table names: a pattern of an entity of
// another *Table of the same Name was registered. It compares the tables
// themselves (#16 review 5, D5).
func TestAddAccessPatternsRefusesTwinTable(t *testing.T) {
	t.Parallel()
	mine := &entity.Table{Name: "same", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	twin := &entity.Table{Name: "same", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	foreign := entity.MustDefine(twin, entity.Config[lintDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "DOC"}})
	err := mine.AddAccessPatterns(entity.GetPattern("twin", "", foreign.Get(entity.Values{"id": "d1"})))
	wantValidation(t, "pattern of a twin table", err, "", "twin", "another *entity.Table value")
	if n := len(mine.AccessPatterns()); n != 0 {
		t.Errorf("%d patterns registered, want 0", n)
	}
}

// Lint's sort-order and stale-allow findings say what is wrong with the
// declaration itself (#16 review 5, L3/L4), and prefix-overlap says a
// query with no literal sort prefix sends no sort condition (L2).
func TestLintReview5Messages(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "lint5", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	defDoc(tb, "Doc", "P#${id}", "${owner}#${version:pad(4)}")
	defPart(tb, "Part", "P#${id}", "P")
	find := func(fs []entity.Finding, code, has string) bool {
		for _, f := range fs {
			if f.Code == code && strings.Contains(f.Message, has) {
				return true
			}
		}
		return false
	}
	fs := tb.Lint(entity.LintOptions{
		Orders: []entity.SortOrder{{Index: "NOPE", Entities: []string{"Doc", "Part"}}, {}},
		Allow:  []entity.Allow{{}, {Code: entity.LintHotPartition, Reason: "r"}},
	})
	for _, w := range []struct{ code, has string }{
		{entity.LintSortOrder, "names index NOPE, which table lint5 does not have"},
		{entity.LintSortOrder, "names 0 entities"},
		{entity.LintStaleAllow, "an allowance that names no code and no entity gives no reason"},
		{entity.LintStaleAllow, "the allowance of hot-partition, which names no entity, matches no finding"},
		{entity.LintPrefixOverlap, "sends no sort condition"},
	} {
		if !find(fs, w.code, w.has) {
			t.Errorf("no %s finding saying %q in %v", w.code, w.has, fs)
		}
	}
	if find(fs, entity.LintPrefixOverlap, `begins_with(SK, "")`) {
		t.Errorf("a prefix-overlap finding says begins_with(SK, \"\"): %v", fs)
	}
}
