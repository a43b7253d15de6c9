// Package link lets a package of this module hand another of its packages
// a value that users of the public API cannot reach, without exported
// accessors, init-time hooks or values typed any.
//
// A public type embeds a Hidden[V] through an unexported field (an
// unexported alias of Hidden[V] names the field), so that its method set
// holds Hidden's unexported method. That method belongs to this package:
// only code that can import this package (the module's own packages) can
// reach the value, through Get. Users see neither the field nor a method.
package link

// Hidden carries a value of type V for the module's packages. Its zero
// value carries the zero V.
type Hidden[V any] struct{ v V }

func (h Hidden[V]) hidden() V { return h.v }

// New returns a Hidden carrying v.
func New[V any](v V) Hidden[V] { return Hidden[V]{v} }

// Holder is any type that embeds a Hidden[V]. It is sealed: its one
// method is unexported, so only embedding satisfies it.
type Holder[V any] interface{ hidden() V }

// Get returns the value that x's embedded Hidden carries.
func Get[V any](x Holder[V]) V { return x.hidden() }
