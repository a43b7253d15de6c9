package entity

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
