package modelexport_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

// The NoSQL Workbench data model (format 3.0), as its documentation and
// its exported files describe it. Decoding refuses any other field.
type wbModel struct {
	ModelName     string
	ModelMetadata struct {
		Author, DateCreated, DateLastModified, Description, AWSService, Version string
	}
	DataModel []wbTable
}

type wbAttr struct{ AttributeName, AttributeType string }

type wbKeys struct {
	PartitionKey wbAttr
	SortKey      *wbAttr
}

// wbItem is a sample item: attribute -> {type: value}, the value a
// string ("S", "N", "B"), a bool ("BOOL", "NULL"), an object ("M") or a
// list ("L", "SS", "NS", "BS"), as DynamoDB's JSON writes them.
type wbItem map[string]map[string]any

type wbTable struct {
	TableName        string
	KeyAttributes    wbKeys
	NonKeyAttributes []wbAttr
	TableFacets      []struct {
		FacetName         string
		KeyAttributeAlias struct{ PartitionKeyAlias, SortKeyAlias string }
		TableData         []wbItem
		NonKeyAttributes  []string
		DataAccess        struct{ MySql struct{} }
	}
	GlobalSecondaryIndexes []struct {
		IndexName     string
		KeyAttributes wbKeys
		Projection    struct {
			ProjectionType   string
			NonKeyAttributes []string
		}
	}
	TableData   []wbItem
	DataAccess  struct{ MySql struct{} }
	BillingMode string
	// ProvisionedCapacitySettings is a provisioned table's capacity (its
	// models also hold AutoScalingRead and AutoScalingWrite, which the
	// export does not write).
	ProvisionedCapacitySettings *struct {
		ProvisionedThroughput struct{ ReadCapacityUnits, WriteCapacityUnits int64 }
	}
}

// schemaOf turns a Workbench key declaration back into a KeySchema.
func schemaOf(k wbKeys) []types.KeySchemaElement {
	ks := []types.KeySchemaElement{{AttributeName: aws.String(k.PartitionKey.AttributeName), KeyType: types.KeyTypeHash}}
	if k.SortKey != nil {
		ks = append(ks, types.KeySchemaElement{AttributeName: aws.String(k.SortKey.AttributeName), KeyType: types.KeyTypeRange})
	}
	return ks
}

// TestNoSQLWorkbenchRoundTrips reads each example's Workbench model back
// through the documented schema (no unknown field) and checks it against
// the model: the table's and each index's keys and projection, the billing
// mode, one facet per entity with its templates as aliases, and sample
// items whose every key is one the entity's own template renders, typed as
// the attribute is declared.
func TestNoSQLWorkbenchRoundTrips(t *testing.T) {
	t.Parallel()
	for _, m := range models {
		if m.name == "blog" {
			continue // a multi-attribute index: refused (TestGoldenExports)
		}
		t.Run(m.name, func(t *testing.T) {
			doc, err := modelexport.NoSQLWorkbench(m.table)
			if err != nil {
				t.Fatal(err)
			}
			var wb wbModel
			dec := json.NewDecoder(bytes.NewReader(doc))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&wb); err != nil {
				t.Fatalf("not a Workbench model: %v", err)
			}
			in := m.table.CreateTableInput()
			if wb.ModelMetadata.AWSService != "Amazon DynamoDB" || wb.ModelMetadata.Version != "3.0" || len(wb.DataModel) != 1 {
				t.Fatalf("metadata %+v, %d tables", wb.ModelMetadata, len(wb.DataModel))
			}
			tb := wb.DataModel[0]
			attrType := map[string]string{}
			for _, d := range in.AttributeDefinitions {
				attrType[aws.ToString(d.AttributeName)] = string(d.AttributeType)
			}
			if tb.TableName != aws.ToString(in.TableName) || tb.BillingMode != string(in.BillingMode) {
				t.Errorf("table %q billing %q, want %q %q", tb.TableName, tb.BillingMode, aws.ToString(in.TableName), in.BillingMode)
			}
			if diff := diffSchema(schemaOf(tb.KeyAttributes), in.KeySchema); diff != "" {
				t.Errorf("table key: %s", diff)
			}
			if len(tb.GlobalSecondaryIndexes) != len(in.GlobalSecondaryIndexes) {
				t.Fatalf("%d indexes, want %d", len(tb.GlobalSecondaryIndexes), len(in.GlobalSecondaryIndexes))
			}
			for i, ix := range tb.GlobalSecondaryIndexes {
				want := in.GlobalSecondaryIndexes[i]
				if ix.IndexName != aws.ToString(want.IndexName) || ix.Projection.ProjectionType != string(want.Projection.ProjectionType) ||
					!slices.Equal(ix.Projection.NonKeyAttributes, want.Projection.NonKeyAttributes) {
					t.Errorf("index %d: %+v, want %s %v", i, ix, aws.ToString(want.IndexName), want.Projection)
				}
				if diff := diffSchema(schemaOf(ix.KeyAttributes), want.KeySchema); diff != "" {
					t.Errorf("index %s key: %s", ix.IndexName, diff)
				}
				for _, a := range []*wbAttr{&ix.KeyAttributes.PartitionKey, ix.KeyAttributes.SortKey} {
					if a != nil && a.AttributeType != attrType[a.AttributeName] {
						t.Errorf("index %s: %s typed %s, want %s", ix.IndexName, a.AttributeName, a.AttributeType, attrType[a.AttributeName])
					}
				}
			}
			declared := map[string]string{tb.KeyAttributes.PartitionKey.AttributeName: tb.KeyAttributes.PartitionKey.AttributeType}
			if sk := tb.KeyAttributes.SortKey; sk != nil {
				declared[sk.AttributeName] = sk.AttributeType
			}
			for _, a := range tb.NonKeyAttributes {
				declared[a.AttributeName] = a.AttributeType
			}
			byEntity := map[string][]entity.Placement{}
			for _, p := range m.table.Placements() {
				byEntity[p.Entity] = append(byEntity[p.Entity], p)
			}
			if len(tb.TableFacets) != len(byEntity) || len(tb.TableData) < len(byEntity) {
				t.Fatalf("%d facets and %d items, want one per entity (%d)", len(tb.TableFacets), len(tb.TableData), len(byEntity))
			}
			// After the entities' items come their unique values' marker
			// items, each typed as declared.
			for _, item := range tb.TableData[len(byEntity):] {
				if !m.table.IsUniqueMarker(wbToItem(t, item)) {
					t.Errorf("item %v after the entities' is no unique marker", item)
				}
				for name, av := range item {
					if typ, ok := declared[name]; !ok || len(av) != 1 || av[typ] == nil {
						t.Errorf("marker item: attribute %s = %v is not declared as %q", name, av, typ)
					}
				}
			}
			for i, f := range tb.TableFacets {
				places := byEntity[f.FacetName]
				if places == nil {
					t.Fatalf("facet %s is no entity", f.FacetName)
				}
				if f.KeyAttributeAlias.PartitionKeyAlias != places[0].Partition.Template.String() ||
					places[0].Sort.Template != nil && f.KeyAttributeAlias.SortKeyAlias != places[0].Sort.Template.String() {
					t.Errorf("facet %s aliases %+v, want its table templates", f.FacetName, f.KeyAttributeAlias)
				}
				if len(f.TableData) != 1 {
					t.Fatalf("facet %s: %d sample items, want 1", f.FacetName, len(f.TableData))
				}
				item := f.TableData[0]
				if !reflect.DeepEqual(tb.TableData[i], item) {
					t.Errorf("facet %s: the table's item %d differs from the facet's", f.FacetName, i)
				}
				// The sample item is the entity's Table.Sample, which
				// decodes into its type.
				want, _, err := m.table.Sample(f.FacetName)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(want, wbToItem(t, item), avCmp); diff != "" {
					t.Errorf("facet %s: the sample item is not Table.Sample's (-want +got):\n%s", f.FacetName, diff)
				}
				if _, err := m.table.Decode(want); err != nil {
					t.Errorf("facet %s: the sample item does not decode: %v", f.FacetName, err)
				}
				if item[m.table.EntityAttr()]["S"] != f.FacetName {
					t.Errorf("facet %s: marker %v", f.FacetName, item[m.table.EntityAttr()])
				}
				for name, av := range item {
					typ, ok := declared[name]
					if !ok || len(av) != 1 || av[typ] == nil {
						t.Errorf("facet %s: attribute %s = %v is not declared as %q", f.FacetName, name, av, typ)
					}
				}
				for _, p := range places {
					for _, ks := range []entity.KeySpec{p.Partition, p.Sort} {
						if ks.Template == nil {
							continue
						}
						if _, held := item[ks.Attribute]; !held && p.Sparse {
							continue // the sample is not in this sparse index
						}
						v, _ := item[ks.Attribute][attrType[ks.Attribute]].(string)
						if !ks.Template.Renders(v) {
							t.Errorf("facet %s: %s = %q is not a key %q renders", f.FacetName, ks.Attribute, v, ks.Template)
						}
					}
				}
			}
		})
	}
}

// TestNoSQLWorkbenchRefusesWhatItCannotDeclare checks the refusals: a
// local secondary index and a multi-attribute key, each named.
func TestNoSQLWorkbenchRefusesWhatItCannotDeclare(t *testing.T) {
	t.Parallel()
	lsi := &entity.Table{Name: "things", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByDate", Local: true, SortKey: entity.S("LSK")}}}
	multi := &entity.Table{Name: "things", PartitionKey: entity.S("PK"),
		Indexes: []entity.Index{{Name: "ByTwo", PartitionKeys: []entity.KeyAttribute{entity.S("a"), entity.S("b")}}}}
	for _, c := range []struct {
		tb   *entity.Table
		want string
	}{{lsi, "ByDate"}, {multi, "ByTwo"}} {
		if _, err := modelexport.NoSQLWorkbench(c.tb); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want a refusal naming %s", err, c.want)
		}
	}
}

func diffSchema(got, want []types.KeySchemaElement) string {
	if len(got) != len(want) {
		return "different length"
	}
	for i := range got {
		if aws.ToString(got[i].AttributeName) != aws.ToString(want[i].AttributeName) || got[i].KeyType != want[i].KeyType {
			return aws.ToString(got[i].AttributeName) + " " + string(got[i].KeyType) + " != " + aws.ToString(want[i].AttributeName) + " " + string(want[i].KeyType)
		}
	}
	return ""
}
