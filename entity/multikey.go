package entity

// Multi-attribute index keys: a global index whose partition key is one to
// four native attributes of the item, and whose sort key is up to four more,
// in order (DynamoDB's multi-attribute keys). Nothing is rendered: the
// item's own attributes are the key, numbers stay numbers, and no
// "A#B#C" text is concatenated.
//
// What the library keeps true, as for template keys:
//
//   - Define checks that every key attribute is a stored field of T whose
//     stored type (S, N or B) is the index attribute's, and that the index
//     key is given no template.
//   - A put refuses a key attribute DynamoDB would refuse (an empty string
//     or binary, a NULL); a put without one of them leaves the item out of
//     the index when IndexKey.Sparse is set, and is refused otherwise.
//   - An update may set key attributes freely (its values are encoded as
//     the field's type, so they keep the attribute's type); removing one
//     (or setting it to a value a put leaves out, which removes it) makes
//     the item leave the index, which only a Sparse index allows.
//   - Entities sharing a multi-attribute index are kept apart by the
//     entity marker alone: no template separates their keys, so Define's
//     overlap analysis does not apply to the index, and queries skip the
//     items of other entities by marker (as on any shared partition).

import (
	"fmt"
	"slices"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
)

// MaxKeyAttributes is the most attributes DynamoDB takes in each role of a
// multi-attribute index key.
const MaxKeyAttributes = 4

// B declares a binary key attribute.
func B(name string) KeyAttribute { return KeyAttribute{Name: name, Type: types.ScalarAttributeTypeB} }

// MultiAttribute reports whether the index's key is made of native
// attributes (PartitionKeys, SortKeys) rather than one attribute per role.
func (ix Index) MultiAttribute() bool { return len(ix.PartitionKeys) > 0 || len(ix.SortKeys) > 0 }

// checkMulti checks a multi-attribute index of table.
func (ix Index) checkMulti(table string) error {
	bad := func(attr, format string, args ...any) error {
		return &ddbmodel.ValidationError{Attribute: attr, Reason: fmt.Sprintf("table %q: index %s: ", table, ix.Name) + fmt.Sprintf(format, args...)}
	}
	switch {
	case ix.Local:
		return bad("", "a local index cannot have a multi-attribute key")
	case ix.PartitionKey.Name != "" || ix.SortKey.Name != "":
		return bad("", "PartitionKeys and SortKeys replace PartitionKey and SortKey; leave those empty")
	case len(ix.PartitionKeys) == 0:
		return bad("", "a multi-attribute key needs one to %d PartitionKeys", MaxKeyAttributes)
	case len(ix.PartitionKeys) > MaxKeyAttributes || len(ix.SortKeys) > MaxKeyAttributes:
		return bad("", "at most %d attributes per role, got %d partition and %d sort", MaxKeyAttributes, len(ix.PartitionKeys), len(ix.SortKeys))
	}
	seen := map[string]bool{}
	for _, k := range slices.Concat(ix.PartitionKeys, ix.SortKeys) {
		switch {
		case k.Name == "":
			return bad("", "a key attribute has no name")
		case seen[k.Name]:
			return bad(k.Name, "the attribute is named twice in the key")
		}
		seen[k.Name] = true
		switch k.typ() {
		case types.ScalarAttributeTypeS, types.ScalarAttributeTypeN, types.ScalarAttributeTypeB:
		default:
			return bad(k.Name, "type %q; want S, N or B", k.Type)
		}
	}
	return nil
}

// multiKeySchema renders the index's key schema: its partition attributes
// (HASH) then its sort attributes (RANGE), in order, each declared with add.
func (ix Index) multiKeySchema(add func(KeyAttribute)) []types.KeySchemaElement {
	var ks []types.KeySchemaElement
	for _, k := range ix.PartitionKeys {
		add(k)
		ks = append(ks, types.KeySchemaElement{AttributeName: aws.String(k.Name), KeyType: types.KeyTypeHash})
	}
	for _, k := range ix.SortKeys {
		add(k)
		ks = append(ks, types.KeySchemaElement{AttributeName: aws.String(k.Name), KeyType: types.KeyTypeRange})
	}
	return ks
}

// KeyAttributes returns the key attributes of the table (index "") or of an
// index by role, in order: one partition attribute and at most one sort
// attribute, or for a multi-attribute index all of them.
//
// A nil *Table is a *ddbmodel.ValidationError.
func (t *Table) KeyAttributes(index string) (pk, sk []KeyAttribute, err error) {
	if t == nil {
		return nil, nil, nilTable("KeyAttributes")
	}
	one := func(k KeyAttribute) []KeyAttribute {
		if k.Name == "" {
			return nil
		}
		return []KeyAttribute{{Name: k.Name, Type: k.typ()}}
	}
	if index == "" {
		return one(t.PartitionKey), one(t.SortKey), nil
	}
	ix, ok := t.Index(index)
	switch {
	case !ok:
		return nil, nil, errtext.Errorf("table %q has no index %q", t.Name, index)
	case ix.MultiAttribute():
		norm := func(ks []KeyAttribute) []KeyAttribute {
			out := make([]KeyAttribute, len(ks))
			for i, k := range ks {
				out[i] = KeyAttribute{Name: k.Name, Type: k.typ()}
			}
			return out
		}
		return norm(ix.PartitionKeys), norm(ix.SortKeys), nil
	case ix.Local:
		return one(t.PartitionKey), one(ix.SortKey), nil
	}
	return one(ix.PartitionKey), one(ix.SortKey), nil
}

// indexKeyNames returns the names of an index's key attributes.
func (t *Table) indexKeyNames(index string) []string {
	pk, sk, _ := t.KeyAttributes(index)
	var out []string
	for _, k := range slices.Concat(pk, sk) {
		out = append(out, k.Name)
	}
	return out
}

// multiIndex is an entity's place in a multi-attribute index.
type multiIndex struct {
	pk, sk []KeyAttribute // normalised types
}

func (m *multiIndex) attrs() []KeyAttribute { return slices.Concat(m.pk, m.sk) }

// specs describes the key as KeySpecs does: no template, the first
// attribute of each role, and all of the role's attributes in Uses.
func (m *multiIndex) specs() (pk, sk keySpec) {
	spec := func(ks []KeyAttribute) keySpec {
		if len(ks) == 0 {
			return keySpec{}
		}
		s := keySpec{Attribute: ks[0].Name, Number: ks[0].Type == types.ScalarAttributeTypeN}
		for _, k := range ks {
			s.Uses = append(s.Uses, k.Name)
		}
		return s
	}
	return spec(m.pk), spec(m.sk)
}

// multiIndexDef places the entity in the multi-attribute index ix. The
// fields are checked once the schema is built (checkMultiFields).
func (e *entityCore) multiIndexDef(ix Index, ik indexPlacement) (*indexDef, error) {
	if ik.Partition != "" || ik.Sort != "" || ik.SortFunc != nil || len(ik.SortUses) > 0 || ik.When != nil {
		return nil, &ddbmodel.ValidationError{Entity: e.name, Reason: fmt.Sprintf("Define: index %s has a multi-attribute key (the item's attributes %s): give it no template, SortFunc, SortUses or When", ix.Name, joinNames(ix))}
	}
	pk, sk, _ := e.table.KeyAttributes(ix.Name)
	return &indexDef{name: ix.Name, sparse: ik.Sparse, multi: &multiIndex{pk: pk, sk: sk}}, nil
}

func joinNames(ix Index) string {
	var out string
	for i, k := range slices.Concat(ix.PartitionKeys, ix.SortKeys) {
		if i > 0 {
			out += ", "
		}
		out += k.Name
	}
	return out
}

// checkMultiFields checks, at Define, that every attribute of the entity's
// multi-attribute indexes is a stored field of T of the attribute's type.
func (e *entityCore) checkMultiFields() error {
	for _, d := range e.indexes {
		if d.multi == nil {
			continue
		}
		for _, k := range d.multi.attrs() {
			n := e.sch.attrs[k.Name]
			if n == nil {
				return e.defineNameError(fmt.Sprintf("index %s's multi-attribute key", d.name), k.Name)
			}
			if !e.ownValueKey(k.Name) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: k.Name, Reason: fmt.Sprintf("Define: index %s: the attribute is also a key that a template renders; a multi-attribute key takes the item's own value, so the only template allowed on it is ${%s}", d.name, k.Name)}
			}
			if n.kind != string(k.Type) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: k.Name, Reason: fmt.Sprintf("Define: index %s: the key attribute is of type %s (%s), but %v stores the field as %v (%s)", d.name, k.Type, typeWord(k.Type), e.sch.typ, withArticle(n.typ), kindName(n))}
			}
		}
	}
	return nil
}

// ownValueKey reports whether every template key the entity renders on
// the attribute name (if any) is ${name}, which writes the field's own
// value: a multi-attribute key may then use it (the blog's created_at is
// both a template sort key and part of a multi-attribute key).
func (e *entityCore) ownValueKey(name string) bool {
	for _, d := range e.allKeys {
		if d.Attribute == name && (d.Template == nil || d.Template.String() != "${"+name+"}") {
			return false
		}
	}
	return true
}

func typeWord(t types.ScalarAttributeType) string {
	switch t {
	case types.ScalarAttributeTypeN:
		return "a number"
	case types.ScalarAttributeTypeB:
		return "a binary"
	}
	return "a string"
}

// checkMultiKey checks, on a put, the item's values of a multi-attribute
// index key: each present one must be a value DynamoDB takes in an index
// key; a missing one leaves the item out of a sparse index and is refused
// otherwise.
func (e *entityCore) checkMultiKey(d *indexDef, item map[string]types.AttributeValue) error {
	var missing []string
	for _, k := range d.multi.attrs() {
		av, ok := item[k.Name]
		if !ok {
			missing = append(missing, k.Name)
			continue
		}
		if why := badKeyValue(av, k); why != "" {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: k.Name, Reason: fmt.Sprintf("index %s: %s", d.name, why)}
		}
	}
	if len(missing) > 0 && !d.sparse {
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: missing[0],
			Reason: fmt.Sprintf("index %s is not sparse: a put must give every attribute of its key", d.name),
			Err:    &ddbmodel.MissingCompositesError{Entity: e.name, KeyAttribute: "index " + d.name, Missing: missing}}
	}
	if len(missing) > 0 {
		return nil // not in the sparse index: its key has no size
	}
	return e.checkMultiKeySize(d, "", func(name string) types.AttributeValue { return item[name] })
}

// badKeyValue says why av cannot be the value of key attribute k, or "".
func badKeyValue(av types.AttributeValue, k KeyAttribute) string {
	switch x := av.(type) {
	case *types.AttributeValueMemberS:
		if k.Type != types.ScalarAttributeTypeS {
			break
		}
		if x.Value == "" {
			return "an index key attribute cannot be an empty string"
		}
		return ""
	case *types.AttributeValueMemberN:
		if k.Type == types.ScalarAttributeTypeN {
			return ""
		}
	case *types.AttributeValueMemberB:
		if k.Type != types.ScalarAttributeTypeB {
			break
		}
		if len(x.Value) == 0 {
			return "an index key attribute cannot be an empty binary"
		}
		return ""
	}
	return fmt.Sprintf("the key attribute is of type %s, got %s", k.Type, avKind(av))
}

// multiIndexKey keeps a multi-attribute index true on update: setting its
// attributes needs nothing (their values are encoded as the fields'), a
// value DynamoDB refuses in a key is refused here, and removing one takes
// the item out of the index, which only a sparse index allows.
func (p *updatePlan) multiIndexKey(d *indexDef) error {
	e := p.e
	for _, k := range d.multi.attrs() {
		kind, ok := p.touched.get(k.Name)
		if !ok {
			continue
		}
		if kind == actRemove && !d.sparse {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: k.Name, Reason: fmt.Sprintf("removing it (or setting a value a put leaves out) takes the item out of index %s, whose multi-attribute key it is part of; the index is not sparse", d.name)}
		}
		for i, a := range p.acts {
			if a.attr != k.Name || p.vals[i] == nil || a.kind == actRemove {
				continue
			}
			if why := badKeyValue(p.vals[i], k); why != "" {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: k.Name, Reason: fmt.Sprintf("%s: index %s: %s", actionNames[a.kind], d.name, why)}
			}
		}
	}
	// The values the update sets are part of each role's size; the stored
	// item's other key attributes can only add to it.
	return e.checkMultiKeySize(d, "update: ", p.setKeyValue)
}

// setKeyValue returns the value the update sets attribute name to, or nil
// when it does not know it (no Set of it, or an Add or a Set if absent,
// whose outcome depends on the stored item).
func (p *updatePlan) setKeyValue(name string) types.AttributeValue {
	var v types.AttributeValue
	for i, a := range p.acts {
		if a.attr == name && a.kind == actSet {
			v = p.vals[i]
		}
	}
	return v
}

// isMultiIndex reports whether the entity's place in index is a
// multi-attribute key.
func (e *entityCore) isMultiIndex(index string) bool {
	for _, d := range e.indexes {
		if d.name == index {
			return d.multi != nil
		}
	}
	return false
}

// attributeValue is how query encodes the values of a multi-attribute key
// condition: as a put of the entities' field attr encodes them.
func attributeValue(entities []schemaHolder, attr string, v any, loose bool) (types.AttributeValue, error) {
	s, err := schemaFor(entities)
	if err != nil {
		return nil, err
	}
	ref, err := s.resolve(attr, "key condition")
	if err != nil {
		return nil, err
	}
	if ref.node == nil {
		return nil, s.invalid(attr, "key condition", "not a stored field")
	}
	if err := s.sameEncoding(attr); err != nil {
		return nil, err
	}
	av, _, err := ref.node.valueOf(v, loose)
	if err != nil {
		return nil, &ddbmodel.ValidationError{Entity: s.entity, Attribute: attr, Reason: "key condition value", Err: err}
	}
	if av != nil {
		// NaN, infinities and numbers out of DynamoDB's range, text that
		// is no UTF-8: refused here, as in a condition or a put.
		if err := checkValue(av); err != nil {
			return nil, &ddbmodel.ValidationError{Entity: s.entity, Attribute: attr, Reason: "key condition value", Err: err}
		}
	}
	if err := s.valueCheck(attr, ref, av, false); err != nil {
		return nil, err
	}
	return av, nil
}
