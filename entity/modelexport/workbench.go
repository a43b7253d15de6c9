package modelexport

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// Sample composite values: what a sample item's keys are rendered from.
const (
	sampleNumber = "7"
	sampleTime   = "2024-06-01T12:00:00Z"
)

// NoSQLWorkbench returns the table as a NoSQL Workbench data model (the
// JSON its data modeler imports and exports, format version 3.0): the
// table's key attributes, its global secondary indexes with their
// projections and its billing mode, one facet per entity, whose key
// aliases are the entity's table templates, and one sample item per
// entity. A sample item holds the entity marker and every key the entity
// renders, on the table and on each index it is placed in, rendered by its
// own templates from sample values (a composite's first Enum value, the
// number 7 for a number key, pad, rev or a number field, 2024-06-01T12:00:00Z
// for a time, else its name followed by "-1", or a form of it without
// punctuation where a template of the entity takes "-" or "_" as a
// delimiter, which no value may hold), so that every sample key parses
// back by its template and the model opens in AWS's tool with each
// index's view populated. A computed sort key
// (SortFunc) has no sample value; a facet's alias says "(computed)".
//
// A sample item is therefore not the whole item a Put of those sample
// values writes: it leaves out the composite attributes themselves
// (articleId beside ARTICLE#articleId-1), the entity version attribute,
// defaults and timestamps. The export reads the model's templates and
// Enum rules, not a value of each entity's Go type, and a composite's
// stored type (a string, a number, a time of some layout) is the Go
// field's, which the templates do not tell; writing a guessed type would
// show an item the entity could not decode. The keys it does hold are
// those such a Put renders, so each index's view is populated as it
// would be.
//
// The table's NonKeyAttributes declare every attribute a sample item holds
// beyond the table's key and every attribute an INCLUDE (or KEYS_ONLY,
// which projects the marker attributes) index projects; a projected
// attribute that is no key attribute is declared as a string (S), since
// the table declares no type for it.
//
// A provisioned table's capacity is the model's
// ProvisionedCapacitySettings (ProvisionedThroughput, no auto scaling).
// The format, as its documentation and the models it exports show it, has
// no field for a global index's own capacity nor for a stream, so those
// are left out: the CloudFormation and Terraform exports declare them.
// Nor has it one for auto scaling: a table whose Provisioned.AutoScaled is
// set is written with its declared units, those auto scaling starts the
// table at, as if they were fixed; the design document and the other
// exports say that auto scaling manages them.
//
// Workbench models have no local secondary indexes: a table with one is
// refused with an error naming it, as is a multi-attribute index key,
// which the format cannot declare either.
func NoSQLWorkbench(t *entity.Table) ([]byte, error) {
	in, err := input(t)
	if err != nil {
		return nil, err
	}
	if len(in.LocalSecondaryIndexes) > 0 {
		return nil, &ddbmodel.ValidationError{Reason: fmt.Sprintf("NoSQL Workbench export of table %q: a Workbench model has no local secondary indexes; the table has %s", t.Name, aws.ToString(in.LocalSecondaryIndexes[0].IndexName))}
	}
	for _, ix := range t.Indexes {
		if ix.MultiAttribute() {
			return nil, &ddbmodel.ValidationError{Reason: fmt.Sprintf("NoSQL Workbench export of table %q: index %s has a multi-attribute key, which a Workbench model cannot declare", t.Name, ix.Name)}
		}
	}
	attrType := map[string]string{}
	for _, d := range in.AttributeDefinitions {
		attrType[aws.ToString(d.AttributeName)] = string(d.AttributeType)
	}
	keyAttrs := func(ks []types.KeySchemaElement) obj {
		o := obj{}
		for _, k := range ks {
			role := "PartitionKey"
			if k.KeyType == types.KeyTypeRange {
				role = "SortKey"
			}
			name := aws.ToString(k.AttributeName)
			o = append(o, field{role, obj{{"AttributeName", name}, {"AttributeType", attrType[name]}}})
		}
		return o
	}
	isKey := map[string]bool{}
	for _, k := range in.KeySchema {
		isKey[aws.ToString(k.AttributeName)] = true
	}
	var (
		facets   list
		data     list
		nonKey   []string
		nonKeyTy = map[string]string{}
		addAttr  = func(name, typ string) {
			if isKey[name] || nonKeyTy[name] != "" {
				return
			}
			nonKeyTy[name] = typ
			nonKey = append(nonKey, name)
		}
	)
	marker := t.EntityAttr()
	addAttr(marker, "S")
	byEntity := map[string][]entity.Placement{}
	var names []string
	for _, p := range t.Placements() {
		if byEntity[p.Entity] == nil {
			names = append(names, p.Entity)
		}
		byEntity[p.Entity] = append(byEntity[p.Entity], p)
	}
	for _, name := range names {
		item := obj{}
		var facetAttrs list
		values := map[string]string{}
		presetNumbers(byEntity[name], values)
		presetEnums(t.EnumValues(name), values)
		presetKinds(t.CompositeKinds(name), values)
		sampled, err := sampleKeys(byEntity[name], values)
		if err != nil {
			return nil, errtext.Errorf("NoSQL Workbench export of table %q: entity %s: no sample key: %w", t.Name, name, err)
		}
		for _, p := range byEntity[name] {
			for _, ks := range []entity.KeySpec{p.Partition, p.Sort} {
				if ks.Attribute == "" {
					continue
				}
				if ks.Template == nil {
					continue // computed: no sample value
				}
				item = append(item, field{ks.Attribute, obj{{attrType[ks.Attribute], sampled[ks.Template]}}})
				if !isKey[ks.Attribute] {
					addAttr(ks.Attribute, attrType[ks.Attribute])
					facetAttrs = append(facetAttrs, ks.Attribute)
				}
			}
		}
		item = append(item, field{marker, obj{{"S", name}}})
		facetAttrs = append(facetAttrs, marker)
		table := byEntity[name][0]
		alias := obj{{"PartitionKeyAlias", aliasOf(table.Partition)}}
		if table.Sort.Attribute != "" {
			alias = append(alias, field{"SortKeyAlias", aliasOf(table.Sort)})
		}
		facets = append(facets, obj{
			{"FacetName", name},
			{"KeyAttributeAlias", alias},
			{"TableData", list{item}},
			{"NonKeyAttributes", facetAttrs},
			{"DataAccess", obj{{"MySql", obj{}}}},
		})
		data = append(data, item)
	}
	// Every attribute an index projects is declared: the format resolves
	// a projection's NonKeyAttributes against the table's.
	for _, ix := range in.GlobalSecondaryIndexes {
		for _, a := range ix.Projection.NonKeyAttributes {
			addAttr(a, cmp.Or(attrType[a], "S"))
		}
	}
	var nka list
	for _, n := range nonKey {
		nka = append(nka, obj{{"AttributeName", n}, {"AttributeType", nonKeyTy[n]}})
	}
	tbl := obj{
		{"TableName", aws.ToString(in.TableName)},
		{"KeyAttributes", keyAttrs(in.KeySchema)},
		{"NonKeyAttributes", nka},
		{"TableFacets", facets},
	}
	if len(in.GlobalSecondaryIndexes) > 0 {
		var ixs list
		for _, ix := range in.GlobalSecondaryIndexes {
			ixs = append(ixs, obj{{"IndexName", aws.ToString(ix.IndexName)}, {"KeyAttributes", keyAttrs(ix.KeySchema)}, {"Projection", projection(ix.Projection)}})
		}
		tbl = append(tbl, field{"GlobalSecondaryIndexes", ixs})
	}
	tbl = append(tbl, field{"TableData", data}, field{"DataAccess", obj{{"MySql", obj{}}}}, field{"BillingMode", string(in.BillingMode)})
	if p := in.ProvisionedThroughput; p != nil {
		tbl = append(tbl, field{"ProvisionedCapacitySettings", obj{{"ProvisionedThroughput", throughputObj(p)}}})
	}
	model := obj{
		{"ModelName", t.Name},
		{"ModelMetadata", obj{
			{"Author", "ddbmodel"},
			{"DateCreated", ""},
			{"DateLastModified", ""},
			{"Description", fmt.Sprintf("DynamoDB table %s, generated by ddbmodel from its model", t.Name)},
			{"AWSService", "Amazon DynamoDB"},
			{"Version", "3.0"},
		}},
		{"DataModel", list{tbl}},
	}
	var b strings.Builder
	writeJSON(&b, model, "")
	b.WriteByte('\n')
	return []byte(b.String()), nil
}

// aliasOf is a facet's key alias: the key's template, or "(computed)".
func aliasOf(ks entity.KeySpec) string {
	if ks.Template == nil {
		return "(computed)"
	}
	return ks.Template.String()
}
