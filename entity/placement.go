package entity

import (
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Placement is how one entity addresses its items on the table (Index "")
// or on one index: the templates of the partition and sort key, as
// [Table.Placements] gives them. A multi-attribute index key has no
// Template; its Uses lists the role's attributes.
type Placement struct {
	Entity    string
	Index     string // "" for the table's primary key
	Partition KeySpec
	Sort      KeySpec // zero when the table or index has no sort key
	// Sparse: an item is left out of the index when a composite is
	// missing. When: Config's IndexKey.When decides membership as well.
	Sparse, When bool
	// MultiAttribute: the index key is the item's own attributes.
	MultiAttribute bool
}

// Placements returns how every entity defined on the table places its
// items: entities sorted by name, each with the table first and then its
// indexes in the order the table declares them. It is what [Table.Lint]
// checks and what a generated design document lists. A nil *Table has
// none.
func (t *Table) Placements() []Placement {
	if t == nil {
		return nil
	}
	var out []Placement
	for _, m := range t.models() {
		out = append(out, m.places...)
	}
	return out
}

// models returns what the table knows of each entity, sorted by name.
func (t *Table) models() []entityModel {
	t.mu.RLock()
	defer t.mu.RUnlock()
	out := make([]entityModel, 0, len(t.entities))
	for _, d := range t.entities {
		out = append(out, d.model())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// entityModel is what Lint and Placements read of an entity.
type entityModel struct {
	name   string
	places []Placement
	// fields describes the stored fields that key composites name.
	fields map[string]compositeField
}

// compositeField is what the lint needs of a key composite's field.
type compositeField struct {
	goType string
	number bool // an integer or a float, stored as a number
	float  bool // a float: no pad or rev renders it
	time   bool // a time.Time
	// always: every item holds it (a composite of the table key, a
	// Required attribute, or a number or bool field a put always stores).
	always bool
	// filled: the library writes it into every item (a Default, a
	// timestamp or the lock attribute), so every item holds it too.
	filled string
	// enum is the attribute's Enum rule, if any.
	enum []string
}

func (e *entityCore) model() entityModel {
	m := entityModel{name: e.name, fields: map[string]compositeField{}}
	order := map[string]int{}
	for i, ix := range e.table.Indexes {
		order[ix.Name] = i
	}
	pk, sk, _ := e.keySpecs("")
	m.places = append(m.places, Placement{Entity: e.name, Partition: pk, Sort: sk})
	idx := slices.Clone(e.indexes)
	sort.SliceStable(idx, func(i, j int) bool { return order[idx[i].name] < order[idx[j].name] })
	for _, d := range idx {
		pk, sk, _ := e.keySpecs(d.name)
		m.places = append(m.places, Placement{Entity: e.name, Index: d.name, Partition: pk, Sort: sk,
			Sparse: d.sparse, When: d.when != nil, MultiAttribute: d.multi != nil})
	}
	rt := e.typ
	for _, p := range m.places {
		for _, name := range slices.Concat(p.Partition.Uses, p.Sort.Uses) {
			idx, ok := e.fields[name]
			if !ok {
				continue
			}
			f := rt.FieldByIndex(idx)
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			_, opts, _ := strings.Cut(f.Tag.Get("dynamo"), ",")
			flags := strings.Split(opts, ",")
			n := e.sch.attrs[name]
			cf := compositeField{goType: f.Type.String(), time: ft == timeType}
			cf.number = !cf.time && n != nil && n.kind == "N"
			cf.float = cf.number && isFloatKind(ft)
			cf.always = slices.Contains(e.pk.Uses, name) || (e.sk != nil && slices.Contains(e.sk.Uses, name)) ||
				e.byName[name] != nil && e.byName[name].Required ||
				f.Type.Kind() != reflect.Pointer && !slices.Contains(flags, "omitempty") && n != nil && (cf.number || n.kind == "BOOL")
			cf.filled, cf.enum = e.filledBy(name), e.enumOf(name)
			m.fields[name] = cf
		}
	}
	return m
}
