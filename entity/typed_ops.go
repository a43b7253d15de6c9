package entity

// Apply adds typed changes to the update, in order. Each lowers to the
// string form (Set, SetIfNotExists, Add, Remove, Append, Prepend,
// DeleteFromSet) of its handle's path, so it is checked and encoded exactly
// as that form is and costs the same. A zero Change[T]{} (no change) is
// refused at Build rather than dropped.
func (op UpdateOp[T]) Apply(changes ...Change[T]) UpdateOp[T] {
	for _, c := range changes {
		if c.path == "" && c.kind == actSet && c.val == nil {
			op = op.add(action{actSet, "", zeroChange{}}) // refused at Build
			continue
		}
		// The handle copied c.val when it made the change (see Change):
		// the action is the string form's, without copying it again.
		op = op.add(action{c.kind, c.path, c.val})
	}
	return op
}

// zeroChange is the value of the action a zero Change[T]{} given to Apply
// stands for, which Build refuses rather than dropping it.
type zeroChange struct{}

// Ensure adds typed conditions (all must hold) for the update to happen:
// If with their conjunction.
func (op UpdateOp[T]) Ensure(cs ...Cond[T]) UpdateOp[T] { return op.If(conds(cs, "Ensure").c) }

// Ensure adds typed conditions (all must hold) for the write to happen:
// If with their conjunction.
func (op PutOp[T]) Ensure(cs ...Cond[T]) PutOp[T] { return op.If(conds(cs, "Ensure").c) }

// Ensure adds typed conditions (all must hold) for the delete to happen:
// If with their conjunction.
func (op DeleteOp[T]) Ensure(cs ...Cond[T]) DeleteOp[T] { return op.If(conds(cs, "Ensure").c) }
