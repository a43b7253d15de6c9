package entity

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// indexPlacement is an IndexKey with its functions taking a pointer to the
// value (a *T) instead of T (see keyFuncOf and whenOf), so that define
// does not depend on T.
type indexPlacement struct {
	Index     string
	Partition string
	Sort      string
	SortFunc  func(v unsafe.Pointer) (string, error)
	SortUses  []string
	Sparse    bool
	When      func(v unsafe.Pointer) (bool, error)
}

// definition is the part of a Config that define checks and compiles
// without T: the keys, the indexes and the attribute rules.
type definition struct {
	Key             Key
	Indexes         []indexPlacement
	Attributes      map[string]Attribute
	Timestamps      Timestamps
	LockAttribute   string
	ExtraAttributes []string
}

// define is the body of Define that needs nothing of T: it checks cfg
// against the table and the entity's struct type (e.typ) and fills in the
// entity's keys, indexes, rules and schema, in the order Define reports
// its errors. defineUpgrades compiles Config.Upgrades, which depend on T.
func (e *entityCore) define(cfg definition, defineUpgrades func() error) error {
	table := e.table
	rt := e.typ
	if e.version == "" {
		e.version = "1"
	}
	if e.now == nil {
		e.now = time.Now
	}
	e.marker = &types.AttributeValueMemberS{Value: e.name}
	e.ver = &types.AttributeValueMemberS{Value: e.version}
	collectFields(rt, e.fields)
	e.fast = newFastEncoder(rt)
	// fail refuses the Config at Define, naming the attribute at fault
	// ("" when the fault is no one attribute's).
	fail := func(attr, format string, args ...any) error {
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: attr, Reason: "Define: " + fmt.Sprintf(format, args...)}
	}
	for _, name := range slices.Sorted(maps.Keys(e.fields)) {
		// guregu/dynamo panics encoding a pointer to a pointer.
		if ft := rt.FieldByIndex(e.fields[name]).Type; ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Pointer {
			return fail(name, "field %q of type %v: a pointer to a pointer cannot be stored; use one pointer", name, ft)
		}
	}

	var err error
	if e.pk, err = e.compileKey(table.PartitionKey, cfg.Key.Partition, nil, nil, expr.MaxPartitionKeyBytes); err != nil {
		return err
	}
	if table.SortKey.Name != "" {
		if e.sk, err = e.compileKey(table.SortKey, cfg.Key.Sort, nil, nil, expr.MaxSortKeyBytes); err != nil {
			return err
		}
	} else if cfg.Key.Sort != "" {
		return fail("", "table %q has no sort key but the entity gives the template %q", table.Name, cfg.Key.Sort)
	}
	seenIndex := map[string]bool{}
	for _, ik := range cfg.Indexes {
		ix, ok := table.Index(ik.Index)
		if !ok {
			names := make([]string, len(table.Indexes))
			for i, x := range table.Indexes {
				names[i] = x.Name
			}
			reason := fmt.Sprintf("Define: table %q has no index %q (its indexes: %s)", table.Name, ik.Index, strings.Join(names, ", "))
			if hint := suggest(ik.Index, names); hint != "" {
				reason += fmt.Sprintf("; did you mean %q?", hint)
			}
			return &ddbmodel.ValidationError{Entity: e.name, Reason: reason}
		}
		if seenIndex[ik.Index] {
			return fail("", "index %q given twice", ik.Index)
		}
		seenIndex[ik.Index] = true
		if ix.MultiAttribute() {
			d, err := e.multiIndexDef(ix, ik)
			if err != nil {
				return err
			}
			e.indexes = append(e.indexes, d)
			continue
		}
		d := &indexDef{name: ix.Name, local: ix.Local, sparse: ik.Sparse, when: ik.When}
		if ix.Local && ik.Partition != "" {
			return fail(ix.SortKey.Name, "index %q is local: it shares the table's partition key, so its IndexKey takes no Partition (got %q)", ix.Name, ik.Partition)
		}
		if !ix.Local {
			if d.pk, err = e.compileKey(ix.PartitionKey, ik.Partition, nil, nil, expr.MaxPartitionKeyBytes); err != nil {
				return err
			}
		}
		if ix.SortKey.Name != "" {
			if d.sk, err = e.compileKey(ix.SortKey, ik.Sort, ik.SortFunc, ik.SortUses, expr.MaxSortKeyBytes); err != nil {
				return err
			}
		} else if ik.Sort != "" || ik.SortFunc != nil {
			return fail("", "index %q has no sort key", ix.Name)
		}
		e.indexes = append(e.indexes, d)
	}

	nested := map[string]Attribute{}
	for name, a := range cfg.Attributes {
		idx, ok := e.fields[name]
		if !ok && isNestedRuleName(name) {
			nested[name] = a // resolved against the schema, once it is built
			continue
		}
		if !ok {
			reason := fmt.Sprintf("Define: an attribute rule names it, but %v has no field stored under that name", rt)
			if hint := suggest(name, slices.Collect(maps.Keys(e.fields))); hint != "" {
				reason += fmt.Sprintf(" (did you mean %q?)", hint)
			}
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: reason}
		}
		def, why := funcDefault(a.Default, rt.FieldByIndex(idx).Type)
		if why != "" {
			return fail(name, "Default %s", why)
		}
		a.Default = def
		r := &fieldRule{name: name, index: idx, typ: rt.FieldByIndex(idx).Type, Attribute: a, enum: enumSet(a.Enum)}
		if a.Default != nil {
			if _, isFunc := a.Default.(func() any); !isFunc {
				cv, why := defaultValue(a.Default, r.typ)
				if why != "" {
					return fail(name, "Default %s", why)
				}
				// A value the field holds that DynamoDB does not store
				// (a float64 beyond its numbers' range, NaN) would fail
				// every put relying on it: said here, once.
				if av, err := marshalValue(cv.Interface()); err == nil && av != nil {
					if err := checkValue(av); err != nil {
						return fail(name, "Default %s: %v; DynamoDB would refuse every put relying on it", defaultText(a.Default), err)
					}
				}
			}
		}
		e.rules = append(e.rules, r)
		e.byName[name] = r
		if a.Hidden {
			e.hidden = append(e.hidden, idx)
		}
	}
	slices.SortFunc(e.rules, func(a, b *fieldRule) int { return strings.Compare(a.name, b.name) })
	fieldOf := func(what, name string) (*fieldRule, error) {
		if name == "" {
			return nil, nil
		}
		idx, ok := e.fields[name]
		if !ok {
			reason := fmt.Sprintf("Define: %s attribute: %v has no field stored under that name", what, rt)
			if hint := suggest(name, slices.Collect(maps.Keys(e.fields))); hint != "" {
				reason += fmt.Sprintf(" (did you mean %q?)", hint)
			}
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: reason}
		}
		r := &fieldRule{name: name, index: idx, typ: rt.FieldByIndex(idx).Type}
		if rr, ok := e.byName[name]; ok {
			r.Attribute = rr.Attribute
		}
		return r, nil
	}
	for _, m := range []string{table.EntityAttr(), table.EntityVersionAttr()} {
		if _, stored := e.fields[m]; stored {
			return fail(m, "%v stores a field under %q, the table's marker attribute, which every put writes with the entity's name or version; rename the field or set the table's EntityAttribute/EntityVersionAttribute", rt, m)
		}
	}
	if e.lock, err = fieldOf("lock", cfg.LockAttribute); err != nil {
		return err
	}
	if e.lock != nil && !isInt(e.lock.typ) {
		return fail(cfg.LockAttribute, "lock attribute %q must be an integer field, not %v", cfg.LockAttribute, e.lock.typ)
	}
	e.lockAdd = lockRange(e.lock)
	if err := e.defineUniques(); err != nil {
		return err
	}
	if err := defineUpgrades(); err != nil {
		return err
	}
	if e.created, err = fieldOf("created timestamp", cfg.Timestamps.Created); err != nil {
		return err
	}
	if e.updated, err = fieldOf("updated timestamp", cfg.Timestamps.Updated); err != nil {
		return err
	}
	for _, r := range []*fieldRule{e.created, e.updated} {
		if r != nil && !isTimeField(r.typ) {
			return fail(r.name, "timestamp attribute %q must be time.Time, string or an integer, not %v", r.name, r.typ)
		}
	}
	e.allKeys = e.allKeyDefs()
	if err := e.checkMaintainedComposites(); err != nil {
		return err
	}
	if err := e.findTimes(rt); err != nil {
		return err
	}
	e.maintained = e.maintainedAttrs()
	e.writeGuard = e.newWriteGuard()
	for _, d := range e.allKeys {
		if !slices.Contains(e.keyAttrs, d.Attribute) {
			e.keyAttrs = append(e.keyAttrs, d.Attribute)
		}
	}
	e.putKeyAttrs = e.putKeyAttributes()
	if err := e.buildSchema(rt, cfg.ExtraAttributes); err != nil {
		return err
	}
	for _, r := range []*fieldRule{e.created, e.updated} {
		if r != nil && r.typ == timeType {
			n := e.sch.attrs[r.name]
			r.unixTime = n != nil && n.kind == "N"
		}
	}
	e.ownNames = e.storedAndMaintained()
	e.fromKeys = e.recoverableComposites()
	if err := e.checkIntegerFormats(rt); err != nil {
		return err
	}
	if err := e.defineNestedRules(nested); err != nil {
		return err
	}
	if err := e.checkMultiFields(); err != nil {
		return err
	}
	if err := e.checkKeyFields(); err != nil {
		return err
	}
	if err := e.checkKeyAttributeOnce(); err != nil {
		return err
	}
	if err := e.checkUnplacedIndexes(); err != nil {
		return err
	}
	if err := e.checkTTL(); err != nil {
		return err
	}
	if err := e.checkHiddenComposites(); err != nil {
		return err
	}
	e.keysOverlap = len(e.keyAttrs) < len(e.allKeys)
	for _, name := range e.keyAttrs {
		if e.fields[name] != nil || name == table.EntityAttr() || name == table.EntityVersionAttr() {
			e.keysOverlap = true
		}
	}
	e.assignSlots()
	e.markerBytes = len(table.EntityAttr()) + len(e.name) + len(table.EntityVersionAttr()) + len(e.version)
	for _, d := range e.allKeys {
		if d.Template != nil {
			e.keyBytes += len(d.Template.String()) + 24*len(d.Uses)
		}
	}
	return nil
}

// checkHiddenComposites refuses a Hidden attribute that a key is built
// from: a decoded value holds its zero, so a put of the value read (the
// usual read-modify-write) would render the key without it: refused, a
// key of another item, or an item leaving a sparse index unnoticed.
func (e *entityCore) checkHiddenComposites() error {
	indexes := []string{""} // the table key
	for _, ix := range e.indexes {
		indexes = append(indexes, ix.name)
	}
	for _, index := range indexes {
		pk, sk, _ := e.keySpecs(index)
		for _, d := range []keySpec{pk, sk} {
			for _, name := range d.Uses {
				if r := e.byName[name]; r != nil && r.Hidden {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: name,
						Reason: fmt.Sprintf("Define: Hidden: the %s key is built from %s, which a decoded value would hold as its zero value, so a put of an item read would write another key; leave Hidden off", d.Attribute, name)}
				}
			}
		}
	}
	return nil
}

// checkMaintainedComposites refuses the attributes the entity maintains
// where they would break a key or each other: the lock version in any key
// (every write increments it, which no key rendered at the write follows),
// the updated timestamp in the table key (every update would move the
// item), and one attribute named for two of them.
func (e *entityCore) checkMaintainedComposites() error {
	roles := map[string]string{}
	for _, m := range []struct {
		what string
		r    *fieldRule
	}{{"lock attribute", e.lock}, {"created timestamp", e.created}, {"updated timestamp", e.updated}} {
		if m.r == nil {
			continue
		}
		if other, ok := roles[m.r.name]; ok {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: m.r.name, Reason: fmt.Sprintf("Define: %q is named as the %s and as the %s; each needs an attribute of its own", m.r.name, other, m.what)}
		}
		roles[m.r.name] = m.what
	}
	for _, d := range e.allKeys {
		for _, u := range d.Uses {
			switch {
			case e.lock != nil && u == e.lock.name && d.Attribute != u:
				// (An index key attribute that is the lock field itself
				// is the stored version: DynamoDB indexes the new one.)
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: u, Reason: fmt.Sprintf("Define: key attribute %s is built from the lock attribute %q, which every write increments, so the key would go stale; build keys from other attributes (filter on the version instead)", d.Attribute, u)}
			case e.updated != nil && u == e.updated.name && (d == e.pk || d == e.sk):
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: u, Reason: fmt.Sprintf("Define: table key attribute %s is built from the updated timestamp %q, which every update sets to now, so every update would move the item to a new key; build the table key from attributes that identify the item (an index key may use it)", d.Attribute, u)}
			}
		}
	}
	return nil
}
