package entity

// A zero operation (an UpdateOp[T]{}, or one of a nil *Entity[T]) calls a
// few methods on its nil entity, which answer without it and leave the
// refusal to Build (errNoEntity). entityCore's methods, promoted through
// Entity[T], cannot be called on a nil *Entity[T] (reaching the embedded
// core dereferences it), so these are Entity[T]'s own and pass a nil core
// on.

// core returns the entity's core, nil for a nil entity.
func (e *Entity[T]) core() *entityCore {
	if e == nil {
		return nil
	}
	return &e.entityCore
}

// defined is entityCore.defined for an entity that may be nil.
func (e *Entity[T]) defined() bool { return e.core().defined() }

// topName is entityCore.topName for an entity that may be nil.
func (e *Entity[T]) topName(name string) string { return e.core().topName(name) }

// canonicalNumber is entityCore.canonicalNumber for an entity that may be
// nil.
func (e *Entity[T]) canonicalNumber(name string, v any) any {
	return e.core().canonicalNumber(name, v)
}
