package query

import (
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/link"
)

// By starts a query of key's entity on key's index (or table) with the
// composites k gives: New(e).Index(key.Index()).Where(key.Values(k)).
// A key struct of another entity does not compile.
//
//	q := query.By(ArticlesByAuthor, ByAuthor{AuthorID: "ana"})
func By[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	if key == nil {
		q := New[T](nil)
		q.s.err = invalidf("query.By needs a QueryKey (entity.QueryKeyOf), got nil")
		return q
	}
	q := New(key.Entity()).Index(key.Index())
	// Where(key.Values(k)), without the map: the key struct's composites
	// are distinct and sorted, and Where was never called.
	// A QueryKey QueryKeyOf did not make has none: its query has no
	// entity, which Build refuses.
	if list, ok := link.Get[any](key).(func(K) composite.List); ok {
		q.s.where = list(k)
	}
	return q
}

// Matching adds typed filters (all must hold): Filter with their
// conjunction. A condition on another entity's field does not compile.
func (q Query[T]) Matching(cs ...entity.Cond[T]) Query[T] {
	return q.Filter(conjoin(cs).Condition())
}

// ProjectFields reads only the given fields: Project with their paths.
func (q Query[T]) ProjectFields(fs ...entity.AnyField[T]) Query[T] {
	paths := make([]string, len(fs))
	for i, f := range fs {
		switch {
		case f == nil:
			// "": Build refuses an empty name.
		case f.Entity() == nil:
			paths[i] = f.Path()
		default:
			// The path the field's operations use, so that a handle
			// MapField.Key refused is reported as they report it. An
			// entity never defined has no model: Build refuses it.
			if m := modelOf(f.Entity()); m != nil {
				paths[i] = m.FieldPath(f)
			} else {
				paths[i] = f.Path()
			}
		}
	}
	return q.Project(paths...)
}

// Matching adds typed filters (all must hold): Filter with their
// conjunction.
func (s Scanner[T]) Matching(cs ...entity.Cond[T]) Scanner[T] {
	return s.Filter(conjoin(cs).Condition())
}

func conjoin[T any](cs []entity.Cond[T]) entity.Cond[T] {
	// A zero start, so that a zero condition among cs is refused at
	// Build (And refuses zero arguments) rather than dropped.
	return entity.Cond[T]{}.And(cs...)
}
