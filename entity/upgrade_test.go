package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type upNote struct {
	ID     string `dynamo:"id"`
	Text   string `dynamo:"text"`
	Secret string `dynamo:"secret"`
}

type upNoteV1 struct {
	ID   string `dynamo:"id"`
	Body string `dynamo:"body"`
}

func upFromV1(o upNoteV1) (upNote, error) {
	if o.Body == "" {
		return upNote{}, errors.New("empty body")
	}
	return upNote{ID: o.ID, Text: o.Body, Secret: "s-" + o.ID}, nil
}

func upTable() *entity.Table { return &entity.Table{Name: "up", PartitionKey: entity.S("PK")} }

func TestDefineRefusesBadUpgrades(t *testing.T) {
	cases := []struct {
		name    string
		version string
		ups     []entity.Upgrade[upNote]
		want    string
	}{
		{"from the current version", "2", []entity.Upgrade[upNote]{entity.UpgradeFrom("2", upFromV1)}, `Upgrades[0] (from version "2"): the entity's own Version is "2"`},
		{"from the default version", "", []entity.Upgrade[upNote]{entity.UpgradeFrom("1", upFromV1)}, `Upgrades[0] (from version "1"): the entity's own Version is "1"`},
		{"two from one version", "3", []entity.Upgrade[upNote]{entity.UpgradeFrom("1", upFromV1), entity.UpgradeFrom("2", upFromV1), entity.UpgradeFrom("1", upFromV1)}, `Upgrades[2] (from version "1"): two upgrades read version "1"`},
		{"an empty version", "2", []entity.Upgrade[upNote]{entity.UpgradeFrom("", upFromV1)}, `Upgrades[0] (from version ""): an upgrade needs the version`},
		{"a zero Upgrade", "2", []entity.Upgrade[upNote]{{}}, `Upgrades[0] (from version ""): an upgrade needs the version`},
		{"a nil function", "2", []entity.Upgrade[upNote]{entity.UpgradeFrom[upNoteV1, upNote]("1", nil)}, `Upgrades[0] (from version "1"): the upgrade function is nil`},
		{"an old type not a struct", "2", []entity.Upgrade[upNote]{entity.UpgradeFrom("1", func(string) (upNote, error) { return upNote{}, nil })}, `the old type string is not a struct`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := upTable()
			_, err := entity.Define(tb, entity.Config[upNote]{Name: "Note", Version: c.version, Key: entity.Key{Partition: "N#${id}"}, Upgrades: c.ups})
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "Note" || ve.Attribute != tb.EntityVersionAttr() || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ddbmodel.ErrInvalid) {
				t.Fatalf("Define: %v; want a ValidationError naming Note, %s and %q", err, tb.EntityVersionAttr(), c.want)
			}
		})
	}
}

func upItem(tb *entity.Table, version string, attrs ...string) map[string]types.AttributeValue {
	item := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "N#a"}, tb.EntityAttr(): &types.AttributeValueMemberS{Value: "Note"}}
	if version != "" {
		item[tb.EntityVersionAttr()] = &types.AttributeValueMemberS{Value: version}
	}
	for i := 0; i+1 < len(attrs); i += 2 {
		item[attrs[i]] = &types.AttributeValueMemberS{Value: attrs[i+1]}
	}
	return item
}

func TestDecodeUpgradesOnlyVersionsWithAnUpgrade(t *testing.T) {
	tb := upTable()
	notes := entity.MustDefine(tb, entity.Config[upNote]{Name: "Note", Version: "2", Key: entity.Key{Partition: "N#${id}"},
		Attributes: map[string]entity.Attribute{"secret": {Hidden: true}},
		Upgrades:   []entity.Upgrade[upNote]{entity.UpgradeFrom("1", upFromV1)}})
	got, err := notes.Decode(upItem(tb, "1", "id", "a", "body", "hi"))
	if err != nil || got != (upNote{ID: "a", Text: "hi"}) {
		t.Errorf("version 1: %+v, %v (hidden fields zeroed)", got, err)
	}
	whole, ok, err := notes.Upgraded(upItem(tb, "1", "id", "a", "body", "hi"))
	if err != nil || !ok || whole != (upNote{ID: "a", Text: "hi", Secret: "s-a"}) {
		t.Errorf("Upgraded: %+v, %v, %v (hidden fields kept)", whole, ok, err)
	}
	for _, v := range []string{"2", "7", ""} {
		got, err := notes.Decode(upItem(tb, v, "id", "a", "text", "t", "body", "b"))
		if err != nil || got != (upNote{ID: "a", Text: "t"}) {
			t.Errorf("version %q: %+v, %v; want it decoded directly", v, got, err)
		}
		if _, ok, err := notes.Upgraded(upItem(tb, v, "id", "a")); ok || err != nil {
			t.Errorf("Upgraded of version %q: %v, %v", v, ok, err)
		}
	}
	_, err = notes.Decode(upItem(tb, "1", "id", "a"))
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || de.Entity != "Note" || de.Version != "2" || de.ItemVersion != "1" || de.Key != "PK=N#a" || !strings.Contains(err.Error(), "empty body") {
		t.Errorf("a failing upgrade: %v", err)
	}
	if _, ok, _ := notes.Upgraded(map[string]types.AttributeValue{tb.EntityAttr(): &types.AttributeValueMemberS{Value: "Other"}, tb.EntityVersionAttr(): &types.AttributeValueMemberS{Value: "1"}}); ok {
		t.Error("Upgraded took another entity's item")
	}
}

func TestOnlyUpdatesOfEntitiesWithUpgradesCarryTheVersionCondition(t *testing.T) {
	tb := upTable()
	plain := entity.MustDefine(tb, entity.Config[upNote]{Name: "Plain", Version: "2", Key: entity.Key{Partition: "P#${id}"}})
	notes := entity.MustDefine(tb, entity.Config[upNote]{Name: "Note", Version: "2", Key: entity.Key{Partition: "N#${id}"},
		Upgrades: []entity.Upgrade[upNote]{entity.UpgradeFrom("1", upFromV1)}})
	const guard = "attribute_not_exists(#__entity_version) OR #__entity_version = "
	key := entity.Values{"id": "a"}
	v := upNote{ID: "a", Text: "t"}
	for _, c := range []struct {
		what string
		cond func() (*string, error)
		want bool
	}{
		{"update", func() (*string, error) { in, err := notes.Update(key).Set("text", "x").Build(); return condOf(in, err) }, true},
		{"upsert", func() (*string, error) { in, err := notes.Upsert(v).Build(); return condOf(in, err) }, true},
		{"plain update", func() (*string, error) { in, err := plain.Update(key).Set("text", "x").Build(); return condOf(in, err) }, false},
		{"plain upsert", func() (*string, error) { in, err := plain.Upsert(v).Build(); return condOf(in, err) }, false},
		{"put", func() (*string, error) {
			in, err := notes.Put(v).Build()
			if err != nil {
				return nil, err
			}
			return in.ConditionExpression, nil
		}, false},
		{"delete", func() (*string, error) {
			in, err := notes.Delete(key).Build()
			if err != nil {
				return nil, err
			}
			return in.ConditionExpression, nil
		}, false},
	} {
		cond, err := c.cond()
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if got := strings.Contains(aws.ToString(cond), guard); got != c.want {
			t.Errorf("%s: condition %q; version condition %v, want %v", c.what, aws.ToString(cond), got, c.want)
		}
	}
}

func condOf(in *dynamodb.UpdateItemInput, err error) (*string, error) {
	if err != nil {
		return nil, err
	}
	return in.ConditionExpression, nil
}
