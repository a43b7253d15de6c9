package entity

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel"
)

// given is c's condition; for a zero Cond[T]{}, which holds no condition,
// a condition that Build refuses, naming use (Ensure, Check, And, Or,
// Not): dropping it would silently change what the caller wrote
// (Status.Eq("a").Or(Cond[T]{}) would become status = "a").
func (c Cond[T]) given(use string) Condition {
	if c.c.IsZero() {
		return Condition{&condNode{op: "zero", other: use}}
	}
	return c.c
}

// refusedCond is a condition that Build refuses with reason: what the
// caller built cannot mean what it says (an Or of nothing, a Not of an
// empty Condition).
func refusedCond(reason string) Condition {
	return Condition{&condNode{op: "zero", cmp: reason}}
}

// zeroCondErr is Build's refusal of a zero Cond[T]{} given to n.other, or
// of a refusedCond.
func zeroCondErr(s *schema, n *condNode) error {
	if n.cmp != "" {
		return &ddbmodel.ValidationError{Entity: s.entity, Reason: n.cmp}
	}
	return &ddbmodel.ValidationError{Entity: s.entity, Reason: fmt.Sprintf(
		"%s was given a zero entity.Cond (no condition), which would be dropped silently; make conditions with the entity's field handles (Field.Eq, ...)", n.other)}
}
