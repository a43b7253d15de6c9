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

// NoSQLWorkbench returns the table as a NoSQL Workbench data model (the
// JSON its data modeler imports and exports, format version 3.0): the
// table's key attributes, its global secondary indexes with their
// projections and its billing mode, one facet per entity, whose key
// aliases are the entity's table templates ("(computed)" for a SortFunc
// key), and one sample item per entity.
//
// A facet's sample item is exactly the item a Put of a sample value of
// the entity writes, as entity.Table.Sample renders it through the
// entity's own put compile, as Encode (nothing is sent; the clock is
// entity.SampleTime()): every attribute of the value, its keys on the table
// and on each index it is placed in, its TTL, timestamps, lock version,
// defaults, entity and entity version markers. The value is the entity's
// Config.Sample when it gives one, else one generated from its Go type
// (see entity.Table.Sample), so the sample item decodes into the entity's
// type and each index's view is populated as it would be. The marker
// items of its unique attributes follow the entities' items in the
// table's TableData (they belong to no facet). Entities that share table
// keys (Config.SharesKeysWith) get sample items under distinct keys. An
// entity that refuses its generated value makes the export fail, naming
// it: give it a Config.Sample.
//
// The table's NonKeyAttributes declare every attribute a sample item
// holds beyond the table's key, typed as the sample holds it (S, N, B,
// BOOL, NULL, M, L, SS, NS or BS), and every attribute an INCLUDE (or
// KEYS_ONLY, which projects the marker attributes) index projects, typed
// as the first entity storing it stores it (S when none does).
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
	markerAttrs := []string{marker, t.EntityVersionAttr()}
	var tableKey []string
	for _, k := range in.KeySchema {
		tableKey = append(tableKey, aws.ToString(k.AttributeName))
	}
	byEntity := map[string][]entity.Placement{}
	var names []string
	for _, p := range t.Placements() {
		if byEntity[p.Entity] == nil {
			names = append(names, p.Entity)
		}
		byEntity[p.Entity] = append(byEntity[p.Entity], p)
	}
	var markerData list
	for _, name := range names {
		sample, markers, err := t.Sample(name)
		if err != nil {
			return nil, errtext.Errorf("NoSQL Workbench export of table %q: entity %s: no sample item: %w", t.Name, name, err)
		}
		var keyOrder []string
		for _, p := range byEntity[name] {
			keyOrder = append(keyOrder, p.Partition.Attribute, p.Sort.Attribute)
		}
		item := obj{}
		var facetAttrs list
		for _, a := range itemOrder(sample, keyOrder, markerAttrs) {
			item = append(item, field{a, avNode(sample[a])})
			if !isKey[a] {
				addAttr(a, avType(sample[a]))
				facetAttrs = append(facetAttrs, a)
			}
		}
		for _, m := range markers {
			mi := obj{}
			for _, a := range itemOrder(m, tableKey, markerAttrs) {
				mi = append(mi, field{a, avNode(m[a])})
				addAttr(a, avType(m[a]))
			}
			markerData = append(markerData, mi)
		}
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
	data = append(data, markerData...)
	// Every attribute an index projects is declared, typed as the first
	// entity (in facet order) that stores it stores it: the format
	// resolves a projection's NonKeyAttributes against the table's.
	for _, ix := range in.GlobalSecondaryIndexes {
		for _, a := range ix.Projection.NonKeyAttributes {
			typ := attrType[a]
			for _, name := range names {
				if typ != "" {
					break
				}
				typ = t.AttributeTypes(name)[a]
			}
			addAttr(a, cmp.Or(typ, "S"))
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
