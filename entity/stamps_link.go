package entity

import (
	"fmt"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Stamps names the entity's Updated timestamp and lock attribute ("" for
// none): the attributes every put sets whatever the value.
func (m linked[T]) Stamps() (updated, lock string) {
	if m.e.updated != nil {
		updated = m.e.updated.name
	}
	return updated, lockName(m.e.lock)
}

// StoredNames lists T's stored attributes and the ExtraAttributes.
func (m linked[T]) StoredNames() []string { return m.e.sch.names() }

// ExtraNames lists the ExtraAttributes.
func (m linked[T]) ExtraNames() []string {
	out := make([]string, 0, len(m.e.sch.extra))
	for n := range m.e.sch.extra {
		out = append(out, n)
	}
	return out
}

// KeyLayoutFits reports whether item's table key fits the entity's key
// templates (see matchKeys).
func (m linked[T]) KeyLayoutFits(item map[string]types.AttributeValue) bool {
	return m.e.matchKeys(item) == nil
}

// PutItem returns the item a put of v (a T) writes: the item of
// Put(v).Build(), also for an entity with unique attributes (whose Build is
// refused, since Run writes the marker items with the item). With
// keepUpdated, v's Updated timestamp is kept as v holds it where a put sets
// it to now: the item a put wrote at the time v records, against which a
// stored item whose keys are built from that timestamp is checked. kept is
// false when v holds no time (zero), which the put then sets to now, as
// any put.
func (m linked[T]) PutItem(v any, keepUpdated bool) (item map[string]types.AttributeValue, kept bool, err error) {
	tv, ok := v.(T)
	if !ok {
		return nil, false, fmt.Errorf("entity %s: PutItem of a %T", m.e.name, v)
	}
	op := m.e.Put(tv)
	op.keepUpdated = keepUpdated
	if keepUpdated && m.e.updated != nil {
		kept = !reflect.ValueOf(&tv).Elem().FieldByIndex(m.e.updated.index).IsZero()
	}
	c, err := op.compile()
	if err != nil {
		return nil, false, err
	}
	return c.input(m.e.table.Name).Item, kept, nil
}
