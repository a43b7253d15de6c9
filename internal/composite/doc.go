// Package composite holds the values a request gives for key composites as
// a short list sorted by name, in place of a map: a request gives one to
// four composites, and a map of one costs ten times the bytes of the list.
package composite
