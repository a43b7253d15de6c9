package entity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// checkKeyFields refuses, at Define, a key the entity renders on an
// attribute that T also stores as a field, unless its template is exactly
// ${field} (the field's own value, as a multi-attribute key takes it): a
// put would write the key over the field, and Get would decode the key as
// the field's value.
func (e *entityCore) checkKeyFields() error {
	for _, d := range e.allKeys {
		if e.fields[d.Attribute] == nil {
			continue
		}
		own := "${" + d.Attribute + "}"
		if d.Template != nil && d.Template.String() == own {
			d.ownField = true
			continue
		}
		what := "a key function (SortFunc)"
		if d.Template != nil {
			what = fmt.Sprintf("the template %q", d.Template.String())
		}
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: d.Attribute,
			Reason: fmt.Sprintf("Define: %v stores a field under the key attribute's name, and %s renders the key there: a put would write the key over the field; rename the field or the key attribute, or use the template %s (the field's own value)", e.sch.typ, what, own)}
	}
	return nil
}

// checkUnplacedIndexes refuses, at Define, an entity that is not placed on
// an index but whose items hold every key attribute of that index, as
// fields of T or as keys it renders for its other placements (a
// multi-attribute index keyed on GSI1PK and GSI1SK, which its GSI1
// placement writes): each put would place the item in the index silently,
// where no placement, overlap check, recognition or lint knows of it. The
// entity must be placed on the index (a template ${field}, the templates
// of the placement that writes the attributes, or an IndexKey with no
// template on a multi-attribute index), or the field renamed, or the index
// keyed on other attributes. An index keyed on the table's own key
// attributes alone (an inverted index) holds every item of the table by
// design and is not refused.
func (e *entityCore) checkUnplacedIndexes() error {
	placed := map[string]bool{}
	for _, d := range e.indexes {
		placed[d.name] = true
	}
	written := map[string]bool{}
	for _, d := range e.allKeys {
		written[d.Attribute] = true
	}
	for _, ix := range e.table.Indexes {
		if placed[ix.Name] {
			continue
		}
		pk, sk, err := e.table.KeyAttributes(ix.Name)
		if err != nil {
			continue
		}
		var stored []string
		all := true
		for _, k := range slices.Concat(pk, sk) {
			switch {
			case e.fields[k.Name] != nil:
				stored = append(stored, k.Name)
			case !written[k.Name]:
				all = false
			}
		}
		if !all {
			continue
		}
		if len(stored) == 0 && e.table.onTableKeys(slices.Concat(pk, sk)) {
			// An index keyed on the table's own key attributes (an
			// inverted index) holds every item of the table by design:
			// an entity queries it through a placement when it needs to.
			continue
		}
		if len(stored) == 0 {
			where := map[string]string{}
			for _, k := range e.placedKeys() {
				if _, seen := where[k.def.Attribute]; !seen {
					where[k.def.Attribute] = k.where
				}
			}
			var names, as []string
			for _, k := range slices.Concat(pk, sk) {
				names = append(names, k.Name)
				as = append(as, k.Name+" as "+where[k.Name])
			}
			how := "place the entity on it with the same templates, or key the index on other attributes"
			if ix.MultiAttribute() {
				how = "key the index on other attributes, or render those keys elsewhere (a multi-attribute key takes fields of T, not rendered keys)"
			}
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: names[0],
				Reason: fmt.Sprintf("Define: the entity has no placement on index %s, but it writes all of that index's key attributes %v (%s), so every such put would place the item in index %s unseen; %s", ix.Name, names, strings.Join(as, ", "), ix.Name, how)}
		}
		how := fmt.Sprintf("place the entity on it (IndexKey with the template ${%s})", stored[0])
		if ix.MultiAttribute() {
			how = "place the entity on it (an IndexKey naming the index, with no template)"
		}
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: stored[0],
			Reason: fmt.Sprintf("Define: the entity has no placement on index %s, but %v stores its key attribute(s) %v as fields, so every put would place the item in the index unseen; %s, or rename the field", ix.Name, e.sch.typ, stored, how)}
	}
	return nil
}

// onTableKeys reports whether every attribute of attrs is a key attribute
// of the table itself.
func (t *Table) onTableKeys(attrs []KeyAttribute) bool {
	for _, a := range attrs {
		if a.Name != t.PartitionKey.Name && a.Name != t.SortKey.Name {
			return false
		}
	}
	return true
}
