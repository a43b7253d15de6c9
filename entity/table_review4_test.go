package entity_test

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type t4Item struct {
	ID string `dynamo:"id"`
}

// Declarations DynamoDB refuses are refused by Validate, and all but the
// table name by Define too (a DB may rename the table), each with a
// *ddbmodel.ValidationError naming the field at fault (#16 review 4).
func TestTableLimitsRefused(t *testing.T) {
	t.Parallel()
	base := func() *entity.Table {
		return &entity.Table{Name: "things", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
			Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("g1pk"), SortKey: entity.S("g1sk")}}}
	}
	many := func(n int, prefix string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	cases := map[string]struct {
		edit      func(*entity.Table)
		attr      string
		nameOnly  bool // refused by Validate only: the table's own name
		reasonHas string
	}{
		"table name of 2":       {func(t *entity.Table) { t.Name = "ab" }, "Name", true, `table name "ab"`},
		"table name of 256":     {func(t *entity.Table) { t.Name = strings.Repeat("a", 256) }, "Name", true, "3 to 255"},
		"table name with space": {func(t *entity.Table) { t.Name = "my table" }, "Name", true, "a-z, A-Z"},
		"empty table name":      {func(t *entity.Table) { t.Name = "" }, "Name", true, `table name ""`},
		"index name of 1":       {func(t *entity.Table) { t.Indexes[0].Name = "G" }, "Indexes", false, `index name "G"`},
		"index name with #":     {func(t *entity.Table) { t.Indexes[0].Name = "GSI#1" }, "Indexes", false, `index name "GSI#1"`},
		"index name of 256":     {func(t *entity.Table) { t.Indexes[0].Name = strings.Repeat("i", 256) }, "Indexes", false, "3 to 255"},
		"LSI without sort key": {func(t *entity.Table) {
			t.SortKey = entity.KeyAttribute{}
			t.Indexes = []entity.Index{{Name: "LSI1", Local: true, SortKey: entity.S("l1sk")}}
		}, "Indexes", false, "without a sort key"},
		"six LSIs": {func(t *entity.Table) {
			for i := range 6 {
				t.Indexes = append(t.Indexes, entity.Index{Name: fmt.Sprintf("LSI%d", i), Local: true, SortKey: entity.S(fmt.Sprintf("l%dsk", i))})
			}
		}, "Indexes", false, "6 local indexes"},
		"101 projected with markers": {func(t *entity.Table) {
			// 99 of the user's own: 101 once the two markers are added.
			t.Indexes[0].Projection = entity.Projection{Type: "INCLUDE", Attributes: many(99, "a")}
		}, "Projection", false, "101 non-key attributes"},
		"two KEYS_ONLY and 97 included": {func(t *entity.Table) {
			t.Indexes[0].Projection = entity.Projection{Type: "INCLUDE", Attributes: many(95, "a")}
			t.Indexes = append(t.Indexes, entity.Index{Name: "GSI2", PartitionKey: entity.S("g2pk"), Projection: entity.Projection{Type: "KEYS_ONLY"}},
				entity.Index{Name: "GSI3", PartitionKey: entity.S("g3pk"), Projection: entity.Projection{Type: "KEYS_ONLY"}})
		}, "Projection", false, "101 non-key attributes"},
		"read units 1<<62": {func(t *entity.Table) { t.Provisioned = &entity.Provisioned{Read: 1 << 62, Write: 1} }, "Provisioned", false, "at most 9007199254740991"},
		"index write units 2^53": {func(t *entity.Table) {
			t.Provisioned = &entity.Provisioned{Read: 1, Write: 1, Indexes: map[string]entity.Throughput{"GSI1": {Read: 1, Write: 1 << 53}}}
		}, "Provisioned.Indexes", false, "at most"},
		"TTL on the sort key": {func(t *entity.Table) { t.TTLAttribute = "sk" }, "TTLAttribute", false, "key attribute"},
		"TTL on an index key": {func(t *entity.Table) { t.TTLAttribute = "g1sk" }, "TTLAttribute", false, "key attribute"},
		"TTL on the marker":   {func(t *entity.Table) { t.TTLAttribute = entity.DefaultEntityAttribute }, "TTLAttribute", false, "marker attribute"},
		"TTL on the version":  {func(t *entity.Table) { t.EntityVersionAttribute = "ver"; t.TTLAttribute = "ver" }, "TTLAttribute", false, "marker attribute"},
		"TTL on a multi-attr key": {func(t *entity.Table) {
			t.Indexes[0] = entity.Index{Name: "GSI1", PartitionKeys: []entity.KeyAttribute{entity.S("ten"), entity.S("reg")}}
			t.TTLAttribute = "reg"
		}, "TTLAttribute", false, "key attribute"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			tb := base()
			if err := tb.Validate(); err != nil {
				t.Fatalf("the base table is refused: %v", err)
			}
			c.edit(tb)
			err := tb.Validate()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Validate = %v, want a *ddbmodel.ValidationError", err)
			}
			if ve.Attribute != c.attr || !strings.Contains(ve.Reason, c.reasonHas) {
				t.Errorf("Validate: Attribute %q, Reason %q; want %q and a reason containing %q", ve.Attribute, ve.Reason, c.attr, c.reasonHas)
			}
			_, err = entity.Define(tb, entity.Config[t4Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "I"}})
			if c.nameOnly {
				if err != nil {
					t.Errorf("Define refused the table for its name, which a DB may replace: %v", err)
				}
				return
			}
			if !errors.As(err, &ve) || ve.Attribute != c.attr {
				t.Errorf("Define = %v, want a *ddbmodel.ValidationError on %s", err, c.attr)
			}
		})
	}
}

// What DynamoDB accepts at the edges is accepted.
func TestTableLimitsAcceptedAtTheEdge(t *testing.T) {
	t.Parallel()
	attrs := make([]string, 98) // 100 with the two markers
	for i := range attrs {
		attrs[i] = fmt.Sprintf("a%d", i)
	}
	tb := &entity.Table{Name: "a.b", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
		Indexes:      []entity.Index{{Name: strings.Repeat("x", 255), PartitionKey: entity.S("g1pk"), Projection: entity.Projection{Type: "INCLUDE", Attributes: attrs}}},
		TTLAttribute: "expires",
		Provisioned:  &entity.Provisioned{Read: entity.MaxProvisionedUnits, Write: 1},
	}
	for i := range 5 {
		tb.Indexes = append(tb.Indexes, entity.Index{Name: fmt.Sprintf("LSI_%d-x", i), Local: true, SortKey: entity.S(fmt.Sprintf("l%dsk", i)), Projection: entity.Projection{Type: "ALL"}})
	}
	if err := tb.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
}

// Only the declared stream views exist: an unknown one does not compile
// (testdata/compilefail/streamnumber), and each view names its DynamoDB
// type.
func TestStreamViewsAreTheDeclaredOnes(t *testing.T) {
	t.Parallel()
	want := map[entity.StreamView]string{entity.NoStream: "none", entity.StreamKeysOnly: "KEYS_ONLY", entity.StreamNewImage: "NEW_IMAGE",
		entity.StreamOldImage: "OLD_IMAGE", entity.StreamNewAndOldImages: "NEW_AND_OLD_IMAGES"}
	for v, s := range want {
		if v.String() != s {
			t.Errorf("%v.String() = %q, want %q", v, v.String(), s)
		}
		tb := &entity.Table{Name: "things", PartitionKey: entity.S("pk"), Stream: v}
		if err := tb.Validate(); err != nil {
			t.Errorf("Validate with %v: %v", v, err)
		}
		if got := tb.CreateTableInput().StreamSpecification; (got == nil) != (v == entity.NoStream) {
			t.Errorf("%v: StreamSpecification %+v", v, got)
		}
	}
	var zero entity.Table
	if zero.Stream != entity.NoStream {
		t.Errorf("the zero Table's Stream is %v, want NoStream", zero.Stream)
	}
}

// t4PanicClient fails the test by panicking on any request.
type t4PanicClient struct{ entity.Client }

// Ensure checks the name it creates the table under, the DB's, not the
// model's: a model table named "t" is fine under a valid physical name,
// and a physical name DynamoDB refuses is refused before any request.
func TestEnsureChecksThePhysicalName(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "things", PartitionKey: entity.S("pk")}
	err := tb.Ensure(t.Context(), entity.NewDB(t4PanicClient{}, "ab"), 0)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "Name" || !strings.Contains(ve.Reason, `table name "ab"`) {
		t.Errorf("Ensure under the name ab = %v, want a *ddbmodel.ValidationError on Name", err)
	}
}

// pad and rev take integers: Define refuses them on a float composite
// (every put of 1.5 failed), and the lint's advice for an unpadded float
// is one that works.
func TestFloatCompositeTakesNoPad(t *testing.T) {
	t.Parallel()
	for _, sk := range []string{"SCORE#${score:pad(8)}", "SCORE#${score:rev(8)}#${id}"} {
		tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		_, err := entity.Define(tb, entity.Config[lintDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: sk}})
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Doc" || ve.Attribute != "score" || !strings.Contains(ve.Reason, "float64") || !strings.Contains(ve.Reason, "scaled integer") {
			t.Errorf("Define with %s = %v, want a *ddbmodel.ValidationError on Doc.score naming float64 and the fix", sk, err)
		}
	}
	tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	defDoc(tb, "Doc", "DOC#${id}", "SCORE#${score}#${id}")
	got := tb.Lint(entity.LintOptions{})
	if len(got) != 1 || got[0].Code != entity.LintUnpaddedNumber || strings.Contains(got[0].Message, "pad(W) (or") || !strings.Contains(got[0].Message, "pad and rev take integers only") {
		t.Errorf("Lint of an unpadded float = %v, want one unpadded-number finding whose advice is no pad(W) on the float", got)
	}
	// An integer keeps the pad advice.
	ti := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	defDoc(ti, "Doc", "DOC#${id}", "V#${version}")
	if got := ti.Lint(entity.LintOptions{}); len(got) != 1 || !strings.Contains(got[0].Message, "${version:pad(W)}") {
		t.Errorf("Lint of an unpadded int = %v, want the pad advice", got)
	}
}

// pad and rev render integers: on a field stored as text, "7" and "007"
// rendered one key, so the put of one replaced the other's item and a get
// of one read the other (helper-106 B2). Define refuses them, naming the
// attribute and the fix; integer fields, unixtime times and *int keep them.
func TestTextCompositeTakesNoPad(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ sk, attr, kind, why string }{
		{"SCORE#${owner:pad(8)}", "owner", "string", `"7" and "007"`},
		{"SCORE#${day:rev(8)}#${id}", "day", "string", `"7" and "007"`},
		{"C#${code:pad(4)}", "code", "entity_test.padCode", `"7" and "007"`},
		{"A#${anything:pad(4)}", "anything", "interface", `"7" and "007"`},
		{"AT#${at:pad(12)}", "at", "time.Time", "unixtime"},
	} {
		tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		_, err := entity.Define(tb, entity.Config[padDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: c.sk}})
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Doc" || ve.Attribute != c.attr || !strings.Contains(ve.Reason, c.kind) || !strings.Contains(ve.Reason, c.why) {
			t.Errorf("Define with %s = %v, want a *ddbmodel.ValidationError on Doc.%s naming %s and %s", c.sk, err, c.attr, c.kind, c.why)
		}
	}
	// Integers keep them, whatever their marshalling (a MarshalText of
	// an integer type writes its canonical digits), as do unixtime times.
	for _, sk := range []string{"V#${version:pad(8)}", "R#${rank:rev(4)}", "U#${unix:pad(12)}", "L#${level:pad(3)}", "P#${ptr:pad(3)}"} {
		tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		if _, err := entity.Define(tb, entity.Config[padDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: sk}}); err != nil {
			t.Errorf("Define with %s: %v", sk, err)
		}
	}
}

// padCode is text of its own marshalling: its kind is not known at Define.
type padCode string

func (c padCode) MarshalDynamo() (types.AttributeValue, error) {
	return &types.AttributeValueMemberS{Value: string(c)}, nil
}

func (c *padCode) UnmarshalDynamo(av types.AttributeValue) error {
	s, _ := av.(*types.AttributeValueMemberS)
	if s != nil {
		*c = padCode(s.Value)
	}
	return nil
}

// padLevel is an integer written as text by its MarshalText.
type padLevel int

func (l padLevel) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(l))), nil }

func (l *padLevel) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*l = padLevel(n)
	return err
}

type padDoc struct {
	ID       string    `dynamo:"id"`
	Owner    string    `dynamo:"owner"`
	Day      string    `dynamo:"day"`
	Code     padCode   `dynamo:"code"`
	Anything any       `dynamo:"anything"`
	At       time.Time `dynamo:"at"`
	Unix     time.Time `dynamo:"unix,unixtime"`
	Version  int       `dynamo:"version"`
	Rank     uint16    `dynamo:"rank"`
	Level    padLevel  `dynamo:"level"`
	Ptr      *int64    `dynamo:"ptr"`
}

// A pattern of an entity of another table is refused, and nothing is
// registered.
func TestAddAccessPatternsRefusesAnotherTable(t *testing.T) {
	t.Parallel()
	mine := &entity.Table{Name: "mine", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	other := &entity.Table{Name: "other", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	defDoc(mine, "Doc", "DOC#${id}", "DOC")
	foreign := entity.MustDefine(other, entity.Config[lintDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "DOC"}})
	ok := entity.GetPattern("own", "", entity.MustDefine(mine, entity.Config[lintPart]{Name: "Part", Key: entity.Key{Partition: "P#${id}", Sort: "P"}}).Get(entity.Values{"id": "p1"}))
	err := mine.AddAccessPatterns(ok, entity.GetPattern("foreign", "", foreign.Get(entity.Values{"id": "d1"})))
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "foreign" || !strings.Contains(ve.Reason, "reads table other, not table mine") {
		t.Errorf("AddAccessPatterns of another table's pattern = %v, want a *ddbmodel.ValidationError naming the pattern and both tables", err)
	}
	if n := len(mine.AccessPatterns()); n != 0 {
		t.Errorf("%d patterns registered after the refusal, want 0", n)
	}
	if err := mine.AddAccessPatterns(ok); err != nil {
		t.Errorf("the own pattern alone: %v", err)
	}
}

// Lint of a nil table is one invalid-table finding, not a panic.
func TestLintOfANilTable(t *testing.T) {
	t.Parallel()
	var tb *entity.Table
	got := tb.Lint(entity.LintOptions{})
	if len(got) != 1 || got[0].Code != entity.LintInvalidTable || got[0].Severity != entity.Error {
		t.Errorf("Lint of a nil table = %v, want one invalid-table error", got)
	}
	// A table changed after Define into one Define refuses is reported, not linted.
	ok := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	defDoc(ok, "Doc", "DOC#${id}", "DOC")
	ok.Indexes = append(ok.Indexes, entity.Index{Name: "G", PartitionKey: entity.S("GPK")})
	if got := ok.Lint(entity.LintOptions{}); len(got) != 1 || got[0].Code != entity.LintInvalidTable || !strings.Contains(got[0].Message, `index name "G"`) {
		t.Errorf("Lint of a table with index G = %v, want one invalid-table error naming it", got)
	}
}

// A SharesKeysWith entry naming no entity of the table (a typo) or the
// entity itself is a stale-shares warning, as a stale Allow is, with the
// nearest name; one naming a defined entity is not.
func TestLintStaleSharesKeysWith(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(tb, entity.Config[lintDoc]{Name: "User", Key: entity.Key{Partition: "U#${id}", Sort: "U"}, SharesKeysWith: []string{"Organisation"}})
	entity.MustDefine(tb, entity.Config[lintPart]{Name: "Organization", Key: entity.Key{Partition: "U#${id}", Sort: "U"}, SharesKeysWith: []string{"User", "Organization"}})
	got := tb.Lint(entity.LintOptions{})
	var stale []entity.Finding
	for _, f := range got {
		if f.Code == entity.LintStaleShares {
			stale = append(stale, f)
		}
	}
	if len(stale) != 2 || stale[0].Severity != entity.Warning || !slices.Equal(stale[0].Entities, []string{"Organization"}) || !strings.Contains(stale[0].Message, "names itself") ||
		!slices.Equal(stale[1].Entities, []string{"User"}) || !strings.Contains(stale[1].Message, `"Organisation"`) || !strings.Contains(stale[1].Message, `"Organization"`) {
		t.Errorf("stale-shares findings = %v, want Organization naming itself and User's typo with the nearest name", stale)
	}
	allowed := tb.Lint(entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintStaleShares, Entity: "User", Reason: "kept for the migration"}}})
	for _, f := range allowed {
		if f.Code == entity.LintStaleShares && slices.Contains(f.Entities, "User") && f.Allowed == "" {
			t.Errorf("an Allow does not cover %v", f)
		}
	}
}

// More global indexes than the default quota of 20 are accepted (the
// quota can be raised) and reported by Lint.
func TestLintIndexQuota(t *testing.T) {
	t.Parallel()
	build := func(n int) *entity.Table {
		tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		for i := range n {
			tb.Indexes = append(tb.Indexes, gsi(fmt.Sprintf("GSI%d", i)))
		}
		return tb
	}
	has := func(fs []entity.Finding) bool {
		return slices.ContainsFunc(fs, func(f entity.Finding) bool { return f.Code == entity.LintIndexQuota })
	}
	big := build(21)
	if err := big.Validate(); err != nil {
		t.Fatalf("Validate of 21 global indexes: %v", err)
	}
	if !has(big.Lint(entity.LintOptions{})) || has(build(20).Lint(entity.LintOptions{})) {
		t.Errorf("index-quota: want a finding for 21 global indexes and none for 20")
	}
}

// The collision of a computed sort key shows what computes it, not "".
// (Define refuses an index overlap only for an entity that recognizes
// unmarked items by their keys, as B does here.)
func TestOverlapMessageShowsAComputedKey(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{gsi("GSI")}}
	entity.MustDefine(tb, entity.Config[lintDoc]{Name: "A", Key: entity.Key{Partition: "A#${id}", Sort: "A"},
		Indexes: []entity.IndexKey[lintDoc]{{Index: "GSI", Partition: "O#${owner}", SortFunc: func(d lintDoc) (string, error) { return "X#" + d.Tag, nil }, SortUses: []string{"tag"}}}})
	_, err := entity.Define(tb, entity.Config[lintDoc]{Name: "B", Key: entity.Key{Partition: "B#${id}", Sort: "B"}, RecognizeUnmarked: true,
		Indexes: []entity.IndexKey[lintDoc]{{Index: "GSI", Partition: "O#${owner}", Sort: "X#${id}"}}})
	var ko *ddbmodel.KeyOverlapError
	if !errors.As(err, &ko) {
		t.Fatalf("Define = %v, want a *ddbmodel.KeyOverlapError", err)
	}
	if msg := ko.Error(); strings.Contains(msg, `""`) || !strings.Contains(msg, "computed (SortUses tag)") {
		t.Errorf("message %q shows no template for the computed key", msg)
	}
}
