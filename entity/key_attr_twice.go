package entity

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel"
)

// placedKey is one key the entity renders, with where it goes.
type placedKey struct {
	def   *keyDef
	where string // "the table's partition key", "index GSI1's sort key"
}

// placedKeys lists the keys the entity renders: the table's, then each
// index placement's, in declaration order.
func (e *entityCore) placedKeys() []placedKey {
	out := []placedKey{{e.pk, "the table's partition key"}}
	if e.sk != nil {
		out = append(out, placedKey{e.sk, "the table's sort key"})
	}
	for _, d := range e.indexes {
		if d.pk != nil {
			out = append(out, placedKey{d.pk, fmt.Sprintf("index %s's partition key", d.name)})
		}
		if d.sk != nil {
			out = append(out, placedKey{d.sk, fmt.Sprintf("index %s's sort key", d.name)})
		}
	}
	return out
}

// checkKeyAttributeOnce refuses, at Define, two placements that render one
// key attribute in different ways: an index keyed on the table's
// attributes in swapped roles, or two indexes sharing an attribute with
// different templates. An item holds one value per attribute, so a put
// would write one template's value and the other placement (a Get by key,
// the index's queries, the lint and the exported model) would describe a
// layout no item has. The same template twice (an index sharing the
// table's partition key, say) renders one value and is accepted; a key
// function (SortFunc) cannot be compared and is refused beside any other
// placement of its attribute.
func (e *entityCore) checkKeyAttributeOnce() error {
	placed := e.placedKeys()
	for i, a := range placed {
		for _, b := range placed[:i] {
			if a.def == b.def || a.def.Attribute != b.def.Attribute {
				continue
			}
			if a.def.Template != nil && b.def.Template != nil && a.def.Template.String() == b.def.Template.String() {
				continue
			}
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.def.Attribute,
				Reason: fmt.Sprintf("Define: %s and %s are both the attribute %s, rendered as %s and as %s; an item holds one value there, so a put would write one and the other placement would never find the item; give the placements the same template, or key the index on other attributes",
					b.where, a.where, a.def.Attribute, keyText(b.def), keyText(a.def))}
		}
	}
	return nil
}

// keyText describes how a key is rendered, for error texts.
func keyText(d *keyDef) string {
	if d.Template == nil {
		return "a key function"
	}
	return fmt.Sprintf("%q", d.Template.String())
}
