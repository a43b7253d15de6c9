package entity

import (
	"maps"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/keys"
)

// Ids read back from keys.
//
// A read of a KEYS_ONLY or INCLUDE index, or one that projects a few
// attributes, returns an item's key attributes but not always the fields
// they are rendered from: a ticket read from a KEYS_ONLY index holds
// PK "TICKET#t-1" and no "id". Decoding such an item fills each field a
// key template renders whole from the key's text, converted to the
// field's Go type as a key composite given as text is, so the value read
// holds its ids and can be got, updated or deleted by them. An attribute
// the item holds is never replaced; a composite the key renders only in
// part (a shard number, the date of a time) or that does not parse is left
// as the item has it (absent: the zero value).

// keyComposite is one composite of one of the entity's key templates that
// names a stored field of T: what idsFromKeys may recover.
type keyComposite struct {
	name string // the composite, a stored attribute of T
	attr string // the key attribute whose template renders it
	tpl  *keys.Template
	node *attrNode
}

// recoverableComposites lists, at Define, the composites of the entity's
// key templates (table and indexes) that a key renders whole and that
// name a field of T.
func (e *entityCore) recoverableComposites() []keyComposite {
	var out []keyComposite
	for _, d := range e.allKeys {
		if d.Template == nil || d.fn != nil {
			continue
		}
		for _, name := range d.Uses {
			node := e.sch.attrs[name]
			if node == nil {
				continue
			}
			switch f, _ := d.Template.CompositeFormat(name); {
			case f == "date" && node.base == timeType, strings.HasPrefix(f, "shard"):
				continue
			}
			out = append(out, keyComposite{name: name, attr: d.Attribute, tpl: d.Template, node: node})
		}
	}
	return out
}

// idsFromKeys returns item with the composites it lacks read from its key
// attributes (see "Ids read back from keys" above); item itself, not a
// copy, when it lacks none or none can be read.
func (e *entityCore) idsFromKeys(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	var out map[string]types.AttributeValue
	var parsed map[string]keys.Strings
	for _, c := range e.fromKeys {
		if _, ok := item[c.name]; ok {
			continue
		}
		if out != nil {
			if _, ok := out[c.name]; ok {
				continue
			}
		}
		if _, ok := item[c.attr]; !ok {
			continue // no key to read it from (an index the item is not in)
		}
		got, ok := parsed[c.attr]
		if !ok {
			if text, found := itemSource(item).Lookup(c.attr); found {
				got, _ = c.tpl.Extract(text)
			}
			if parsed == nil {
				parsed = map[string]keys.Strings{}
			}
			parsed[c.attr] = got
		}
		v, ok := got[c.name]
		if !ok {
			continue
		}
		av, _, err := c.node.valueOf(v, true)
		if err != nil {
			continue
		}
		if out == nil {
			out = maps.Clone(item)
		}
		out[c.name] = av
	}
	if out == nil {
		return item
	}
	return out
}
