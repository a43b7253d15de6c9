package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type prDevice struct {
	Device string `dynamo:"device"`
	Label  string `dynamo:"label"`
}

type prSession struct {
	User    string `dynamo:"user"`
	ID      string `dynamo:"id"`
	Device  string `dynamo:"device"`
	Expires int64  `dynamo:"expires"`
}

// A filter on a global index may use only what the index projects: a
// KEYS_ONLY or INCLUDE index holds no other attribute, so SkipExpired (the
// TTL attribute) or a filter on another attribute is refused at Build,
// naming the attribute and the way out; an index projecting it, an ALL
// index and a local index (which fetches from the table) are accepted.
func TestFilterOnAnAttributeTheIndexDoesNotProject(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "proj", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expires",
		Indexes: []entity.Index{
			{Name: "KeysOnly", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK"), Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}},
			{Name: "WithTTL", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK"), Projection: entity.Projection{Type: types.ProjectionTypeInclude, Attributes: []string{"expires"}}},
			{Name: "All", PartitionKey: entity.S("GSI3PK"), SortKey: entity.S("GSI3SK")},
			{Name: "Local", Local: true, SortKey: entity.S("LSI1SK"), Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}},
		}}
	sessions := entity.MustDefine(table, entity.Config[prSession]{
		Name: "Session",
		Key:  entity.Key{Partition: "USER#${user}", Sort: "SESSION#${id}"},
		Indexes: []entity.IndexKey[prSession]{
			{Index: "KeysOnly", Partition: "DEVICE#${device}", Sort: "SESSION#${id}"},
			{Index: "WithTTL", Partition: "DEVICE#${device}", Sort: "SESSION#${id}"},
			{Index: "All", Partition: "DEVICE#${device}", Sort: "SESSION#${id}"},
			{Index: "Local", Sort: "DEVICE#${device}"},
		},
	})
	devices := entity.MustDefine(table, entity.Config[prDevice]{
		Name:    "Device",
		Key:     entity.Key{Partition: "DEVICE#${device}", Sort: "DEVICE"},
		Indexes: []entity.IndexKey[prDevice]{{Index: "KeysOnly", Partition: "DEVICE#${device}", Sort: "DEVICE"}},
	})
	q := func(index string) query.Query[prSession] {
		q := query.New(sessions).Index(index)
		if index == "Local" {
			return q.Where(entity.Values{"user": "u"})
		}
		return q.Where(entity.Values{"device": "d"})
	}
	cases := []struct {
		name   string
		build  func() error
		attr   string // the refusal's attribute; "" when accepted
		reason string
	}{
		{"SkipExpired on a KEYS_ONLY index", func() error { _, err := q("KeysOnly").SkipExpired().Build(); return err }, "expires", "SkipExpired on index KeysOnly"},
		{"a filter on a KEYS_ONLY index", func() error { _, err := q("KeysOnly").Filter(entity.Attr("user").Eq("u")).Build(); return err }, "user", "does not project"},
		{"a scan of a KEYS_ONLY index with SkipExpired", func() error { _, err := query.Scan(sessions).Index("KeysOnly").SkipExpired().Build(); return err }, "expires", "SkipExpired on index KeysOnly"},
		// A collection's refusal names the member storing the attribute.
		{"a collection's filter on a KEYS_ONLY index", func() error {
			_, err := query.Of(sessions, devices).Index("KeysOnly").Where(entity.Values{"device": "d"}).Filter(entity.Attr("label").Eq("x")).Build()
			return err
		}, "label", "does not project"},
		{"SkipExpired on an index projecting the TTL", func() error { _, err := q("WithTTL").SkipExpired().Build(); return err }, "", ""},
		{"a filter on an index projecting the TTL", func() error { _, err := q("WithTTL").Filter(entity.Attr("expires").Gt(1)).Build(); return err }, "", ""},
		{"SkipExpired on an ALL index", func() error { _, err := q("All").SkipExpired().Build(); return err }, "", ""},
		{"SkipExpired on a local index", func() error { _, err := q("Local").SkipExpired().Build(); return err }, "", ""},
		{"SkipExpired on the table", func() error {
			_, err := query.New(sessions).Where(entity.Values{"user": "u"}).SkipExpired().Build()
			return err
		}, "", ""},
	}
	for _, c := range cases {
		err := c.build()
		if c.attr == "" {
			if err != nil {
				t.Errorf("%s: %v, want it built", c.name, err)
			}
			continue
		}
		var ve *ddbmodel.ValidationError
		want := "Session"
		if c.attr == "label" {
			want = "Device"
		}
		if !errors.As(err, &ve) || ve.Entity != want || ve.Attribute != c.attr || !strings.Contains(ve.Reason, c.reason) || !strings.Contains(ve.Reason, "Projection.Attributes") {
			t.Errorf("%s: %v, want a *ddbmodel.ValidationError on %s.%s saying %q and the way out", c.name, err, want, c.attr, c.reason)
		}
	}
}

// SkipExpired of an entity that stores no TTL attribute, on an index not
// projecting it, says that none of its items expires rather than advising
// to project an attribute the entity does not store.
func TestSkipExpiredOfAnEntityWithoutTheTTLAttribute(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "proj2", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expires",
		Indexes: []entity.Index{{Name: "KeysOnly", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK"), Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}}}}
	devices := entity.MustDefine(table, entity.Config[prDevice]{
		Name:    "Device",
		Key:     entity.Key{Partition: "DEVICE#${device}", Sort: "DEVICE"},
		Indexes: []entity.IndexKey[prDevice]{{Index: "KeysOnly", Partition: "LABEL#${label}", Sort: "DEVICE#${device}"}},
	})
	for name, build := range map[string]func() error{
		"query": func() error {
			_, err := query.New(devices).Index("KeysOnly").Where(entity.Values{"label": "x"}).SkipExpired().Build()
			return err
		},
		"scan": func() error { _, err := query.Scan(devices).Index("KeysOnly").SkipExpired().Build(); return err },
	} {
		err := build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Device" || ve.Attribute != "expires" ||
			!strings.Contains(ve.Reason, "Device stores no TTL attribute expires") || strings.Contains(ve.Reason, "Projection.Attributes") {
			t.Errorf("%s: %v, want a ValidationError saying Device stores no TTL attribute", name, err)
		}
	}
}
