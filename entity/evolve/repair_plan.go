package evolve

import (
	"maps"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// repairModel is what a repair needs to know of an entity beside a put of
// an item's value; Of computes it once.
type repairModel struct {
	tb *entity.Table
	// updated and lock name the entity's Updated timestamp and lock
	// attribute ("" for none): every put changes them.
	updated, lock string
	// stored lists, sorted, the attributes a write of the entity may store
	// beside keys and markers (T's fields, ExtraAttributes).
	stored []string
	// extra lists, sorted, the ExtraAttributes: T does not hold them, so
	// a put of a decoded value lacks them, but a repair keeps them.
	extra []string
	// uniques lists the entity's unique attributes, whose marker items
	// name the table key of the item holding the value.
	uniques []string
	// fromStamp maps each key attribute whose template is built from the
	// Updated timestamp or the lock attribute to that attribute.
	fromStamp map[string]string
	// keysFromUpdated is set when a key is built from the Updated
	// timestamp: an item is then checked against a put at the time it
	// records (check), not at now, which renders that key anew each time.
	keysFromUpdated bool
	// opaque holds the key attributes whose dependence cannot be told
	// from a template: those of an index with a When function, and keys
	// a function computes.
	opaque map[string]bool
}

func modelOf[T any](e *entity.Entity[T]) *repairModel {
	m := &repairModel{fromStamp: map[string]string{}, opaque: map[string]bool{}}
	if e == nil {
		return m
	}
	m.tb = e.Table()
	m.updated, m.lock = contract.Of(e).Stamps()
	m.uniques = m.tb.UniqueAttributes(e.Name())
	m.stored = slices.Sorted(slices.Values(contract.Of(e).StoredNames()))
	m.extra = slices.Sorted(slices.Values(contract.Of(e).ExtraNames()))
	for _, p := range m.tb.Placements() {
		if p.Entity != e.Name() || p.MultiAttribute {
			continue
		}
		for _, k := range []entity.KeySpec{p.Partition, p.Sort} {
			if k.Attribute == "" {
				continue
			}
			for _, stamp := range []string{m.updated, m.lock} {
				if stamp != "" && slices.Contains(k.Uses, stamp) {
					m.fromStamp[k.Attribute] = stamp
					m.keysFromUpdated = m.keysFromUpdated || stamp == m.updated
				}
			}
			if p.When || k.Template == nil {
				m.opaque[k.Attribute] = true
			}
		}
	}
	return m
}

// Moves reports whether the repair of f moves the item to another table
// key (its kinds include StalePrimaryKey): BuildMove compiles it.
func (f *Finding) Moves() bool { return slices.Contains(f.Kinds, StalePrimaryKey) }

// refusal returns why Repair does not rewrite f; nil when it does.
func (f *Finding) refusal() error {
	if f.Err != nil {
		return f.Err
	}
	var kinds []Kind
	for _, k := range f.Kinds {
		if !k.repairable() && k != StalePrimaryKey && k != PutChanges && !uniqueKinds(k) {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) > 0 || len(f.Kinds) == 0 {
		if f.Hint != "" {
			return errtext.Errorf("%w: [%s]: %s", ErrNotRepairable, kindsText(kinds), f.Hint)
		}
		return errtext.Errorf("%w: [%s]", ErrNotRepairable, kindsText(kinds))
	}
	m := f.model
	if m == nil {
		m = &repairModel{}
	}
	if f.Moves() && len(m.uniques) > 0 {
		return errtext.Errorf("%w: [%s]: the entity's unique attributes (%s) have marker items naming the item's table key, which a move does not rewrite", ErrNotRepairable, StalePrimaryKey, strings.Join(m.uniques, ", "))
	}
	if slices.Contains(f.Kinds, OldVersion) {
		// A migration writes the whole put image of the upgraded value
		// (migrate.go), so the put's other changes are its point; when
		// that value has another table key, the move puts that image at
		// the new key (repaired holds it). It writes the item alone: a
		// unique value or a TTL it changes would leave the value's marker
		// item behind (another item could then take the new value, or
		// the marker expire before its holder).
		return m.markersUnchanged(f)
	}
	for _, c := range f.Changes {
		if c.Wanted == nil && m.kept(c.Attribute) {
			// Only the decoded value lacks it: Build writes key
			// attributes alone and BuildMove copies the item as read.
			continue
		}
		if c.Attribute != m.updated && c.Attribute != m.lock {
			return errtext.Errorf("%w: [%s]: a put of the value also changes attribute %q, which is neither the Updated timestamp nor the lock attribute", ErrNotRepairable, PutChanges, c.Attribute)
		}
	}
	for _, d := range f.Diffs {
		if stamp := m.fromStamp[d.Attribute]; stamp == m.updated && f.stampKept {
			// Checked against a put at the item's own Updated time
			// (check): the key is rendered from the time stored, which
			// the repair keeps.
			continue
		}
		if stamp := m.fromStamp[d.Attribute]; stamp != "" {
			return errtext.Errorf("%w: [%s]: key attribute %q is built from %q, which every put sets anew, so the key a put renders is never the one stored", ErrNotRepairable, PutChanges, d.Attribute, stamp)
		}
	}
	return nil
}

// markersUnchanged refuses the migration f of an item of an entity with
// unique attributes when the upgraded value changes a unique value or the
// TTL, which its marker items carry: the repair's single write would not
// move them. nil otherwise.
func (m *repairModel) markersUnchanged(f *Finding) error {
	if len(m.uniques) == 0 {
		return nil
	}
	ttlAttr := ""
	if m.tb != nil {
		ttlAttr = m.tb.TTLAttribute
	}
	for _, c := range slices.Concat(f.Diffs, f.Changes) {
		if slices.Contains(m.uniques, c.Attribute) || c.Attribute != "" && c.Attribute == ttlAttr {
			return errtext.Errorf("%w: [%s]: the upgraded value changes %q, which the marker items of the entity's unique attributes (%s) carry, and a migration writes the item alone; write the upgraded value with the entity's Put (Get returns it upgraded), which moves the markers in the same transaction", ErrNotRepairable, OldVersion, c.Attribute, strings.Join(m.uniques, ", "))
		}
	}
	return nil
}

// kept reports whether a put of a decoded value lacks attribute n only
// because T does not hold it: n is declared in ExtraAttributes or lies
// outside the model. A repair keeps such an attribute as stored. (T's own
// fields, Hidden ones included, are not kept: a put really rewrites them.)
func (m *repairModel) kept(n string) bool {
	if _, ok := slices.BinarySearch(m.extra, n); ok {
		return true
	}
	_, ok := slices.BinarySearch(m.stored, n)
	return !ok && m.tb != nil
}

// writes lists the attributes the repair of f writes: every differing key
// attribute, the lock attribute as a put sets it (a repair is a write:
// a writer holding the version read before it then fails), and the
// Updated timestamp as a put sets it when a differing key may be built
// from it (a When function or a key function reads the whole value).
func (f *Finding) writes() []Diff {
	if slices.Contains(f.Kinds, OldVersion) {
		// A migration writes every attribute the put of the upgraded
		// value changes (migrate.go).
		return slices.Concat(f.Diffs, f.Changes)
	}
	out := slices.Clone(f.Diffs)
	m := f.model
	if m == nil {
		return out
	}
	opaque := slices.ContainsFunc(f.Diffs, func(d Diff) bool { return m.opaque[d.Attribute] })
	for _, c := range f.Changes {
		if c.Attribute == m.lock || c.Attribute == m.updated && opaque {
			out = append(out, c)
		}
	}
	return out
}

// unchanged renders into w the condition that the item is as read: every
// attribute as read, every key and marker attribute it lacked still
// absent, and every attribute the entity may store that it lacked still
// absent. The last matters to Build as much as to BuildMove: a write
// adding a stored attribute (status = "open" under an index's When) may
// change which index keys a put writes, and a repair computed from the
// read would undo that write's index keys.
func (f *Finding) unchanged(w *expr.Writer) string {
	var conds []string
	for _, n := range slices.Sorted(maps.Keys(f.Item)) {
		conds = append(conds, w.Name(n)+" = "+w.Value(f.Item[n]))
	}
	for _, n := range f.absent {
		conds = append(conds, "attribute_not_exists("+w.Name(n)+")")
	}
	if f.model != nil {
		for _, n := range f.model.stored {
			if f.Item[n] == nil && !slices.Contains(f.absent, n) {
				conds = append(conds, "attribute_not_exists("+w.Name(n)+")")
			}
		}
	}
	return strings.Join(conds, " AND ")
}

// repaired returns the item as the repair of f leaves it: the item read
// with the attributes it writes (writes) set or removed.
func (f *Finding) repaired() map[string]types.AttributeValue {
	item := maps.Clone(f.Item)
	for _, d := range f.writes() {
		if d.Wanted == nil {
			delete(item, d.Attribute)
		} else {
			item[d.Attribute] = d.Wanted
		}
	}
	return item
}
