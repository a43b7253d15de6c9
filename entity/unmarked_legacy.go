package entity

import (
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/keys"
)

// Legacy items: ids only in the key.
//
// Code written against the raw SDK often keeps an item's ids only inside
// its key (PK "USER#123", SK "PROFILE", no id attribute). An unmarked item
// that lacks the attribute of a composite of its table key has it
// recovered from the key's text (keys.Template.Extract), converted to the
// field's Go type as a key composite given as text is (attrNode.valueOf),
// and encoded as a put encodes the field. The item is then read as if it
// held the attribute; putOfItemInto checks that a put of the value renders
// exactly the item's key, so a recovery that is lossy in a way the key
// shows is refused there. What the key cannot give is refused here, with
// the reason: a composite the key renders only as a shard number, a date
// composite of a time field (the time of day is not in the key), a
// composite of an index key alone (the item lacks it and its table key
// does not hold it, so its index keys would come from a zero value).

// recoverComposites returns item with the attributes of its table key's
// composites that it lacks recovered from the key, and their names; item
// itself (not a copy) and no names when it lacks none. The error, naming
// the entity and the attribute, wraps ddbmodel.ErrMissingComposites.
func (e *entityCore) recoverComposites(item map[string]types.AttributeValue) (map[string]types.AttributeValue, []string, error) {
	var missing []string
	for _, d := range []*keyDef{e.pk, e.sk} {
		if d == nil {
			continue
		}
		for _, name := range d.Uses {
			if _, ok := item[name]; !ok && !slices.Contains(missing, name) {
				missing = append(missing, name)
			}
		}
	}
	if len(missing) == 0 {
		return item, nil, nil
	}
	found := map[string]string{}
	for _, d := range []*keyDef{e.pk, e.sk} {
		if d == nil || d.Template == nil {
			continue
		}
		text, ok := itemSource(item).Lookup(d.Attribute)
		if !ok {
			continue // matchKeys reports a missing key attribute
		}
		got, err := d.Template.Extract(text)
		if err != nil {
			return nil, nil, errtext.Errorf("%s: key attribute %s: %w", e.name, d.Attribute, err)
		}
		for _, name := range missing {
			v, ok := got[name]
			if !ok {
				continue
			}
			if prev, seen := found[name]; seen && prev != v {
				return nil, nil, e.unrecoverable(name, d.Attribute, "its key attributes hold two different values of it ("+prev+" and "+v+")", keys.ErrNoMatch)
			}
			found[name] = v
		}
	}
	out := maps.Clone(item)
	for _, name := range missing {
		v, ok := found[name]
		if !ok {
			return nil, nil, e.unrecoverable(name, e.keyOf(name), "the key renders it only as a shard number, a hash of its value", ddbmodel.ErrMissingComposites)
		}
		d := e.keyOf(name)
		node := e.sch.attrs[name]
		if node == nil {
			return nil, nil, e.unrecoverable(name, d, "it is no field of the entity's type, so its Go type is unknown", ddbmodel.ErrMissingComposites)
		}
		if node.base == timeType && e.dateOnly(name) {
			return nil, nil, e.unrecoverable(name, d, "the key renders it as a date, without the time of day the field holds", ddbmodel.ErrMissingComposites)
		}
		av, _, err := node.valueOf(v, true)
		if err != nil {
			return nil, nil, e.unrecoverable(name, d, "the key's text "+strconv.Quote(v)+" is no "+node.goType()+": "+errtext.Detail(err), keys.ErrNoMatch)
		}
		out[name] = av
	}
	return out, missing, nil
}

// keyOf names the table key attribute whose template uses composite name.
func (e *entityCore) keyOf(name string) string {
	if e.sk != nil && slices.Contains(e.sk.Uses, name) && !slices.Contains(e.pk.Uses, name) {
		return e.sk.Attribute
	}
	return e.pk.Attribute
}

// dateOnly reports whether a table key template renders composite name
// as a date and none renders it whole.
func (e *entityCore) dateOnly(name string) bool {
	date := false
	for _, d := range []*keyDef{e.pk, e.sk} {
		if d == nil || d.Template == nil {
			continue
		}
		switch f, ok := d.Template.CompositeFormat(name); {
		case !ok:
		case f == "date":
			date = true
		case !strings.HasPrefix(f, "shard"):
			return false
		}
	}
	return date
}

// unrecoverable is the error for composite name, which an unmarked item
// lacks and its key attribute keyAttr cannot give back: sentinel is
// ddbmodel.ErrMissingComposites when the key does not hold the value, and
// keys.ErrNoMatch when it holds none the entity's type can have (the key
// is not one a value of T renders).
func (e *entityCore) unrecoverable(name, keyAttr, why string, sentinel error) error {
	return errtext.Errorf("%s: the item has no attribute %s, a composite of its key %s, and it cannot be recovered from the key: %s: %w",
		e.name, name, keyAttr, why, sentinel)
}

// checkIndexComposites refuses an unmarked item lacking the attribute of a
// composite of an index key that a put of its value writes: the key would
// come from the field's zero value, not from the item. (A composite of the
// table key is recovered before; a sparse index the value is not in has
// no key in put.)
func (e *entityCore) checkIndexComposites(item, put map[string]types.AttributeValue) error {
	for _, ix := range e.indexes {
		for _, d := range []*keyDef{ix.pk, ix.sk} {
			if d == nil || put[d.Attribute] == nil {
				continue
			}
			for _, name := range d.Uses {
				if _, ok := item[name]; ok {
					continue
				}
				if e.sch.special[name] || reflect.DeepEqual(item[d.Attribute], put[d.Attribute]) {
					continue
				}
				return errtext.Errorf("%s: the item has no attribute %s, a composite of index %s's key %s that its table key does not hold: a put of its value would write that key from a zero value: %w",
					e.name, name, ix.name, d.Attribute, ddbmodel.ErrMissingComposites)
			}
		}
	}
	return nil
}
