package entity

import (
	"fmt"
	"slices"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// DynamoDB's fixed limits on a table's declaration, as the Developer
// Guide's "Constraints" and "Quotas" pages give them. The number of global
// indexes (20 by default) is a quota an account can raise, so it is no
// limit here: Lint reports it (LintIndexQuota).
const (
	minNameLen            = 3   // a table or index name: 3 to 255 characters
	maxNameLen            = 255 // of a-z, A-Z, 0-9, '_', '-' and '.'
	maxLocalIndexes       = 5   // local secondary indexes per table
	maxProjectedNonKey    = 100 // NonKeyAttributes summed over all INCLUDE indexes
	defaultGlobalIndexCap = 20  // global secondary indexes per table, a default quota

	// MaxProvisionedUnits is the largest read or write capacity a
	// Provisioned declaration may give: 2^53-1, the largest integer that
	// every export (CloudFormation and NoSQL Workbench JSON, Terraform)
	// carries exactly (RFC 8259, section 6). DynamoDB's API documents only
	// a minimum of 1; any real capacity is far below this bound, which is
	// no account quota: a larger quota than the account's is refused by
	// DynamoDB itself.
	MaxProvisionedUnits = 1<<53 - 1
)

// validName reports whether s is a table or index name DynamoDB accepts.
func validName(s string) bool {
	if len(s) < minNameLen || len(s) > maxNameLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

func nameError(attr, what, name, table string) error {
	return &ddbmodel.ValidationError{Attribute: attr,
		Reason: fmt.Sprintf("table %q: %s name %q: DynamoDB takes %d to %d characters of a-z, A-Z, 0-9, '_', '-' and '.'", table, what, name, minNameLen, maxNameLen)}
}

// checkTableName refuses a physical table name DynamoDB refuses.
func checkTableName(name string) error {
	if validName(name) {
		return nil
	}
	return nameError("Name", "table", name, name)
}

// checkLimits refuses what DynamoDB refuses of a table's declaration,
// whatever the physical table name: index names, more than five local
// indexes, a local index on a table without a sort key, more than 100
// projected non-key attributes once the marker attributes are counted,
// and a TTL attribute that is a key or marker attribute. check calls it
// after its own checks.
func (t *Table) checkLimits() error {
	local := 0
	for _, ix := range t.Indexes {
		if !validName(ix.Name) {
			return nameError("Indexes", "index", ix.Name, t.Name)
		}
		if !ix.Local {
			continue
		}
		local++
		if t.SortKey.Name == "" {
			return &ddbmodel.ValidationError{Attribute: "Indexes",
				Reason: fmt.Sprintf("table %q: local index %q on a table without a sort key; DynamoDB takes local indexes only on a table with a sort key (use a global index)", t.Name, ix.Name)}
		}
	}
	if local > maxLocalIndexes {
		return &ddbmodel.ValidationError{Attribute: "Indexes",
			Reason: fmt.Sprintf("table %q has %d local indexes; DynamoDB takes at most %d", t.Name, local, maxLocalIndexes)}
	}
	if err := t.checkKeyRoles(); err != nil {
		return err
	}
	if err := t.checkAttributeNames(); err != nil {
		return err
	}
	in := t.CreateTableInput()
	projected := 0
	for _, ix := range in.GlobalSecondaryIndexes {
		projected += len(ix.Projection.NonKeyAttributes)
	}
	for _, ix := range in.LocalSecondaryIndexes {
		projected += len(ix.Projection.NonKeyAttributes)
	}
	if projected > maxProjectedNonKey {
		return &ddbmodel.ValidationError{Attribute: "Projection",
			Reason: fmt.Sprintf("table %q projects %d non-key attributes over its INCLUDE and KEYS_ONLY indexes, counting the two marker attributes each of them holds; DynamoDB takes at most %d in all", t.Name, projected, maxProjectedNonKey)}
	}
	return t.checkTTLAttribute()
}

// checkTTLAttribute refuses a TTL attribute that is a key attribute (a
// key holds no Unix seconds for long: DynamoDB would delete items by it)
// or a marker attribute (it holds the entity's name, never a number).
func (t *Table) checkTTLAttribute() error {
	a := t.TTLAttribute
	if a == "" {
		return nil
	}
	if a == t.EntityAttr() || a == t.EntityVersionAttr() {
		return &ddbmodel.ValidationError{Attribute: "TTLAttribute",
			Reason: fmt.Sprintf("table %q: the TTL attribute %q is a marker attribute, which holds the entity's name or version, never Unix seconds; name an attribute of its own", t.Name, a)}
	}
	keys := []string{t.PartitionKey.Name, t.SortKey.Name}
	for _, ix := range t.Indexes {
		keys = append(keys, ix.PartitionKey.Name, ix.SortKey.Name)
		for _, k := range slices.Concat(ix.PartitionKeys, ix.SortKeys) {
			keys = append(keys, k.Name)
		}
	}
	if slices.Contains(keys, a) {
		return &ddbmodel.ValidationError{Attribute: "TTLAttribute",
			Reason: fmt.Sprintf("table %q: the TTL attribute %q is a key attribute; an item's key would decide when DynamoDB deletes it: name an attribute of its own", t.Name, a)}
	}
	return nil
}

// validateAs is Validate for the table created under the physical name
// name (Ensure's db.Table(t.Name), or t.Name itself).
func (t *Table) validateAs(name string) error {
	if err := t.check(); err != nil {
		if _, typed := err.(*ddbmodel.ValidationError); typed {
			return err
		}
		return &ddbmodel.ValidationError{Reason: errtext.Detail(err)}
	}
	return checkTableName(name)
}

// maxAttrNameLen is the longest attribute name DynamoDB takes as a key,
// projected or TTL attribute: 1 to 255 bytes of UTF-8.
const maxAttrNameLen = 255

// checkKeyRoles refuses one attribute as both the partition and the sort
// key of the table or of an index (DynamoDB: "Two keys can not have the
// same name"); a local index's sort key is checked against the table's
// partition key, which the index shares.
func (t *Table) checkKeyRoles() error {
	same := func(where, pk, sk string) error {
		if pk == "" || pk != sk {
			return nil
		}
		return &ddbmodel.ValidationError{Attribute: pk,
			Reason: fmt.Sprintf("table %q: %s has %q as both partition and sort key; DynamoDB takes two attributes", t.Name, where, pk)}
	}
	if err := same("the table", t.PartitionKey.Name, t.SortKey.Name); err != nil {
		return err
	}
	for _, ix := range t.Indexes {
		pk := ix.PartitionKey.Name
		if ix.Local {
			pk = t.PartitionKey.Name
		}
		if err := same("index "+ix.Name, pk, ix.SortKey.Name); err != nil {
			return err
		}
	}
	return nil
}

// checkAttributeNames refuses a key, INCLUDE or TTL attribute name longer
// than DynamoDB takes (an empty one is refused where it is declared).
func (t *Table) checkAttributeNames() error {
	names := []struct{ field, name string }{
		{"PartitionKey", t.PartitionKey.Name}, {"SortKey", t.SortKey.Name}, {"TTLAttribute", t.TTLAttribute},
		{"EntityAttribute", t.EntityAttr()}, {"EntityVersionAttribute", t.EntityVersionAttr()},
	}
	for _, ix := range t.Indexes {
		for _, k := range slices.Concat([]KeyAttribute{ix.PartitionKey, ix.SortKey}, ix.PartitionKeys, ix.SortKeys) {
			names = append(names, struct{ field, name string }{"Indexes", k.Name})
		}
		for _, a := range ix.Projection.Attributes {
			names = append(names, struct{ field, name string }{"Projection", a})
		}
	}
	for _, n := range names {
		if len(n.name) > maxAttrNameLen {
			return &ddbmodel.ValidationError{Attribute: n.field,
				Reason: fmt.Sprintf("table %q: attribute name %.40q... is %d bytes; DynamoDB takes 1 to %d", t.Name, n.name, len(n.name), maxAttrNameLen)}
		}
	}
	return nil
}
