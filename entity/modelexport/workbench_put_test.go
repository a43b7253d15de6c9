package modelexport_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

// avCmp compares attribute values by their contents.
var avCmp = cmp.Exporter(func(reflect.Type) bool { return true })

// wbToItem turns a Workbench sample item back into the item it shows.
func wbToItem(t *testing.T, item wbItem) map[string]types.AttributeValue {
	t.Helper()
	out := map[string]types.AttributeValue{}
	for name, v := range item {
		out[name] = wbToAV(t, v)
	}
	return out
}

func wbToAV(t *testing.T, v map[string]any) types.AttributeValue {
	t.Helper()
	if len(v) != 1 {
		t.Fatalf("attribute value %v has %d types", v, len(v))
	}
	strs := func(x any) []string {
		var out []string
		for _, e := range x.([]any) {
			out = append(out, e.(string))
		}
		return out
	}
	bin := func(x any) []byte {
		b, err := base64.StdEncoding.DecodeString(x.(string))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for typ, x := range v {
		switch typ {
		case "S":
			return &types.AttributeValueMemberS{Value: x.(string)}
		case "N":
			return &types.AttributeValueMemberN{Value: x.(string)}
		case "B":
			return &types.AttributeValueMemberB{Value: bin(x)}
		case "BOOL":
			return &types.AttributeValueMemberBOOL{Value: x.(bool)}
		case "NULL":
			return &types.AttributeValueMemberNULL{Value: x.(bool)}
		case "SS":
			return &types.AttributeValueMemberSS{Value: strs(x)}
		case "NS":
			return &types.AttributeValueMemberNS{Value: strs(x)}
		case "BS":
			var bs [][]byte
			for _, e := range x.([]any) {
				bs = append(bs, bin(e))
			}
			return &types.AttributeValueMemberBS{Value: bs}
		case "M":
			m := map[string]types.AttributeValue{}
			for k, e := range x.(map[string]any) {
				m[k] = wbToAV(t, toTyped(t, e))
			}
			return &types.AttributeValueMemberM{Value: m}
		case "L":
			var l []types.AttributeValue
			for _, e := range x.([]any) {
				l = append(l, wbToAV(t, toTyped(t, e)))
			}
			return &types.AttributeValueMemberL{Value: l}
		}
		t.Fatalf("attribute value type %q", typ)
	}
	return nil
}

func toTyped(t *testing.T, x any) map[string]any {
	t.Helper()
	m, ok := x.(map[string]any)
	if !ok {
		t.Fatalf("element %v is no typed value", x)
	}
	return m
}

// workbenchOf exports tb and decodes the model through the documented
// schema.
func workbenchOf(t *testing.T, tb *entity.Table) wbTable {
	t.Helper()
	doc, err := modelexport.NoSQLWorkbench(tb)
	if err != nil {
		t.Fatal(err)
	}
	var wb wbModel
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&wb); err != nil {
		t.Fatalf("not a Workbench model: %v", err)
	}
	return wb.DataModel[0]
}

type spAddress struct {
	City string `dynamo:"city"`
	Zip  int    `dynamo:"zip"`
}

type spAccount struct {
	ID       string            `dynamo:"id"`
	Email    string            `dynamo:"email"`
	Plan     string            `dynamo:"plan"`
	Status   string            `dynamo:"status"`
	Score    int               `dynamo:"score"`
	Ratio    float64           `dynamo:"ratio"`
	Active   bool              `dynamo:"active"`
	Joined   time.Time         `dynamo:"joined"`
	Tags     []string          `dynamo:"tags"`
	Roles    []string          `dynamo:"roles,set"`
	Labels   map[string]string `dynamo:"labels"`
	Address  spAddress         `dynamo:"address"`
	Avatar   []byte            `dynamo:"avatar"`
	Nick     *string           `dynamo:"nick"`
	Expires  int64             `dynamo:"expires"`
	Version  int               `dynamo:"version"`
	Created  time.Time         `dynamo:"created"`
	Modified string            `dynamo:"modified"`
}

// accounts is a table of an entity with every kind of field, a TTL, a
// unique attribute, a lock, timestamps, a default and an Enum; its clock
// is entity.SampleTime, the sample's, so that a Put Build of the decoded
// sample renders the same timestamps.
func accounts(t *testing.T) (*entity.Table, *entity.Entity[spAccount]) {
	t.Helper()
	tb := &entity.Table{Name: "accounts", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expires",
		Indexes: []entity.Index{{Name: "ByScore", PartitionKey: entity.S("GSI1PK"), SortKey: entity.N("GSI1SK")}}}
	e, err := entity.Define(tb, entity.Config[spAccount]{Name: "Account", Version: "3",
		Key:     entity.Key{Partition: "ACCOUNT#${id}", Sort: "S#${status}"},
		Indexes: []entity.IndexKey[spAccount]{{Index: "ByScore", Partition: "PLAN#${plan}", Sort: "${score}"}},
		Attributes: map[string]entity.Attribute{
			"email":  {Unique: true, Required: true},
			"status": {Enum: []string{"ACTIVE", "CLOSED"}},
			"plan":   {Default: "free"},
		},
		Timestamps:    entity.Timestamps{Created: "created", Updated: "modified"},
		LockAttribute: "version",
		Now:           func() time.Time { return entity.SampleTime() },
	})
	if err != nil {
		t.Fatal(err)
	}
	return tb, e
}

// A sample item is what a Put of the sample value writes: it decodes into
// the entity's type, and a write of the decoded value (at the lock
// version the sample was put at) writes it again byte for byte; the
// Workbench facet shows exactly that item.
func TestSampleIsWhatAPutWrites(t *testing.T) {
	t.Parallel()
	tb, e := accounts(t)
	item, _, err := tb.Sample("Account")
	if err != nil {
		t.Fatal(err)
	}
	v, err := tb.Decode(item)
	if err != nil {
		t.Fatalf("the sample item does not decode: %v", err)
	}
	acct, ok := v.(spAccount)
	if !ok {
		t.Fatalf("decoded %T, want spAccount", v)
	}
	acct.Version-- // the put of the sample value found version 0
	// The entity has a unique attribute, so a put's own Build is refused
	// (its Run writes the marker items with the item in one transaction);
	// Encode is the item the put writes.
	put, err := e.Encode(acct)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(put, item, avCmp); diff != "" {
		t.Errorf("the sample item is not what a Put of its value writes (-put +sample):\n%s", diff)
	}
	for _, a := range []string{"id", "email", "score", "ratio", "active", "joined", "tags", "roles", "labels", "address", "avatar", "nick", "GSI1PK", "GSI1SK"} {
		if _, ok := item[a]; !ok {
			t.Errorf("the sample item has no %s: %v", a, item)
		}
	}
	wb := workbenchOf(t, tb)
	if diff := cmp.Diff(item, wbToItem(t, wb.TableFacets[0].TableData[0]), avCmp); diff != "" {
		t.Errorf("the Workbench sample item is not Table.Sample's (-sample +workbench):\n%s", diff)
	}
}

// The sample carries what a Put writes besides the value's own fields:
// the TTL (SampleTime plus 30 days), the entity version, the lock version,
// the timestamps at SampleTime and the defaults; the unique value's
// marker item comes with it, carrying the TTL too, and follows the
// entities' items in the Workbench model.
func TestSampleCarriesTTLUniqueVersionAndTimestamps(t *testing.T) {
	t.Parallel()
	tb, _ := accounts(t)
	item, markers, err := tb.Sample("Account")
	if err != nil {
		t.Fatal(err)
	}
	ttl := strconv.FormatInt(entity.SampleTime().AddDate(0, 0, 30).Unix(), 10)
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	n := func(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }
	want := map[string]types.AttributeValue{
		"expires":          n(ttl),
		"__entity":         s("Account"),
		"__entity_version": s("3"),
		"version":          n("1"),
		"created":          s("2024-06-01T12:00:00Z"),
		"modified":         s("2024-06-01T12:00:00.000Z"),
		"plan":             s("free"),
		"status":           s("ACTIVE"),
		"email":            s("email-1"),
		"PK":               s("ACCOUNT#id-1"),
		"SK":               s("S#ACTIVE"),
		"GSI1PK":           s("PLAN#free"),
		"GSI1SK":           n("7"),
	}
	got := map[string]types.AttributeValue{}
	for k := range want {
		got[k] = item[k]
	}
	if diff := cmp.Diff(want, got, avCmp); diff != "" {
		t.Errorf("sample item (-want +got):\n%s", diff)
	}
	if len(markers) != 1 || !tb.IsUniqueMarker(markers[0]) {
		t.Fatalf("markers %v, want the unique email's", markers)
	}
	if diff := cmp.Diff(n(ttl), markers[0]["expires"], avCmp); diff != "" {
		t.Errorf("the marker's TTL (-want +got):\n%s", diff)
	}
	wb := workbenchOf(t, tb)
	if len(wb.TableData) != 2 {
		t.Fatalf("%d items in the Workbench model, want the account and its marker", len(wb.TableData))
	}
	if diff := cmp.Diff(markers[0], wbToItem(t, wb.TableData[1]), avCmp); diff != "" {
		t.Errorf("the Workbench marker item (-sample +workbench):\n%s", diff)
	}
}

type spAccountName struct {
	Name  string `dynamo:"name"`
	Since int    `dynamo:"since"`
}

// Entities that share their table keys (SharesKeysWith) get sample items
// under distinct keys, in Table.Sample and in the Workbench model.
func TestSharedKeysSamplesDiffer(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "accounts", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	for _, name := range []string{"User", "Org", "Bot"} {
		others := map[string][]string{"User": {"Org", "Bot"}, "Org": {"Bot"}}[name]
		entity.MustDefine(tb, entity.Config[spAccountName]{Name: name, Key: entity.Key{Partition: "ACCOUNT#${name}", Sort: "V#${since}"}, SharesKeysWith: others})
	}
	seen := map[string]string{}
	for _, name := range tb.Entities() {
		item, _, err := tb.Sample(name)
		if err != nil {
			t.Fatal(err)
		}
		key := item["PK"].(*types.AttributeValueMemberS).Value + " " + item["SK"].(*types.AttributeValueMemberS).Value
		if other, dup := seen[key]; dup {
			t.Errorf("%s and %s have the same sample key %s", name, other, key)
		}
		seen[key] = name
	}
	wb := workbenchOf(t, tb)
	keys := map[[2]any]bool{}
	for _, it := range wb.TableData {
		keys[[2]any{it["PK"]["S"], it["SK"]["S"]}] = true
	}
	if len(keys) != 3 {
		t.Errorf("Workbench sample keys %v, want 3 distinct", keys)
	}
}

type spPriced struct {
	ID     string  `dynamo:"id"`
	Price  int     `dynamo:"price"`
	Weight float64 `dynamo:"weight,omitempty"`
	OnSale bool    `dynamo:"onSale"`
	Notes  []int   `dynamo:"notes"`
}

// A projected attribute is declared with its real type: a number is N, a
// bool BOOL, a list L, whether the sample item holds it or not (weight is
// omitempty and zero in Config.Sample's value).
func TestProjectedAttributesTyped(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "prices", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "ByID", PartitionKey: entity.S("GSI1PK"), Projection: entity.Projection{Type: "INCLUDE", Attributes: []string{"price", "weight", "onSale", "notes"}}}}}
	entity.MustDefine(tb, entity.Config[spPriced]{Name: "Priced", Key: entity.Key{Partition: "P#${id}", Sort: "P"},
		Indexes: []entity.IndexKey[spPriced]{{Index: "ByID", Partition: "ID#${id}"}},
		Sample:  func() spPriced { return spPriced{ID: "p1", Price: 100, OnSale: true, Notes: []int{1}} }})
	wb := workbenchOf(t, tb)
	got := map[string]string{}
	for _, a := range wb.NonKeyAttributes {
		got[a.AttributeName] = a.AttributeType
	}
	want := map[string]string{"price": "N", "weight": "N", "onSale": "BOOL", "notes": "L"}
	for a, typ := range want {
		if got[a] != typ {
			t.Errorf("%s declared %q, want %q (all: %v)", a, got[a], typ, got)
		}
	}
	if _, held := wb.TableData[0]["weight"]; held {
		t.Errorf("the sample holds weight, which Config.Sample's value leaves out: %v", wb.TableData[0])
	}
}

type spChecked struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
}

// A generated sample the entity refuses is a ValidationError naming the
// entity and saying to set Config.Sample; with Config.Sample the export
// works, and a panicking Config.Sample is an error too.
func TestSampleRefusedSaysSetConfigSample(t *testing.T) {
	t.Parallel()
	check := func(v *spChecked) error {
		if !strings.Contains(v.Email, "@") {
			return errors.New("email needs an @")
		}
		return nil
	}
	cases := []struct {
		name   string
		sample func() spChecked
		want   string // "" for success
	}{
		{"generated", nil, "set Config.Sample"},
		{"given", func() spChecked { return spChecked{ID: "c1", Email: "a@example.com"} }, ""},
		{"panics", func() spChecked { panic("boom") }, "boom"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := &entity.Table{Name: "checked", PartitionKey: entity.S("PK")}
			entity.MustDefine(tb, entity.Config[spChecked]{Name: "Checked", Key: entity.Key{Partition: "C#${id}"}, Validate: check, Sample: c.sample})
			_, _, err := tb.Sample("Checked")
			_, wbErr := modelexport.NoSQLWorkbench(tb)
			if c.want == "" {
				if err != nil || wbErr != nil {
					t.Fatalf("Sample: %v; NoSQLWorkbench: %v", err, wbErr)
				}
				return
			}
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "Checked" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Sample: %v, want a ValidationError of Checked saying %q", err, c.want)
			}
			if !errors.As(wbErr, &ve) || !strings.Contains(wbErr.Error(), "Checked") {
				t.Errorf("NoSQLWorkbench: %v, want the refusal naming Checked", wbErr)
			}
		})
	}
	if _, _, err := (*entity.Table)(nil).Sample("X"); err == nil {
		t.Error("Sample of a nil table: no error")
	}
	if _, _, err := (&entity.Table{Name: "t", PartitionKey: entity.S("PK")}).Sample("X"); err == nil {
		t.Error("Sample of an unknown entity: no error")
	}
}

// Every entity of the example models has a sample item that decodes into
// its type: those whose rules refuse a generated value (a real e-mail
// address, a ULID, consistent counters) give Config.Sample.
func TestExampleEntitiesHaveSamples(t *testing.T) {
	t.Parallel()
	for _, m := range models {
		for _, name := range m.table.Entities() {
			item, _, err := m.table.Sample(name)
			if err != nil {
				t.Errorf("%s: %v", m.name, err)
				continue
			}
			if _, err := m.table.Decode(item); err != nil {
				t.Errorf("%s: %s's sample does not decode: %v", m.name, name, err)
			}
		}
	}
}
