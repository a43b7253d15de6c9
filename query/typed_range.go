package query

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/keys"
)

// The typed sort-key ranges: each takes key structs of a QueryKey, whose
// partition composites select the partition (as By's do) and whose sort
// composites are the bound. A sort composite in a pointer field left nil
// ends the bound there, so that it stands for every key under the prefix
// the composites before it render, as a partial bound of the string form
// does. Each lowers to its string-form twin:
// New(e).Index(ix).Where(partition composites).Between(lo's sort
// composites, hi's), and Gt, Ge, Lt and Le likewise.

// Between starts a query of key's entity on key's index whose sort key
// runs from the key lo gives to the key hi gives, inclusive: Query.Between
// with the sort composites of lo and hi, in the partition they both give.
// lo and hi giving different partition composites, or no sort composite,
// is a *ddbmodel.ValidationError at Build:
//
//	// Lessons of modules m1 to m3 of course c1, every lesson of each.
//	m1, m3 := "m1", "m3"
//	q := query.Between(LessonsByCourse, LessonKey{CourseID: "c1", ModuleID: &m1}, LessonKey{CourseID: "c1", ModuleID: &m3})
func Between[T, K any](key *entity.QueryKey[T, K], lo, hi K) Query[T] {
	q, part, sortLo := typedBound(key, "Between", "low", lo)
	if q.s.err != nil {
		return q
	}
	hq, partHi, sortHi := typedBound(key, "Between", "high", hi)
	if q.s.err = hq.s.err; q.s.err != nil {
		return q
	}
	if q.s.err = samePartition(key, part, partHi); q.s.err != nil {
		return q
	}
	return q.Where(part.values).Between(sortLo, sortHi)
}

// Gt starts a query of key's entity on key's index whose sort key is
// greater than the key k gives (with a partial key, greater than every
// key under the prefix it renders): Query.Gt with k's sort composites, in
// the partition k gives.
func Gt[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	q, part, sort := typedBound(key, "Gt", "", k)
	if q.s.err != nil {
		return q
	}
	return q.Where(part.values).Gt(sort)
}

// Ge starts a query of key's entity on key's index whose sort key is
// greater than or equal to the key k gives (with a partial key, from the
// first key under the prefix it renders): Query.Ge with k's sort
// composites, in the partition k gives.
func Ge[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	q, part, sort := typedBound(key, "Ge", "", k)
	if q.s.err != nil {
		return q
	}
	return q.Where(part.values).Ge(sort)
}

// Lt starts a query of key's entity on key's index whose sort key is less
// than the key k gives (with a partial key, before every key under the
// prefix it renders): Query.Lt with k's sort composites, in the partition
// k gives.
func Lt[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	q, part, sort := typedBound(key, "Lt", "", k)
	if q.s.err != nil {
		return q
	}
	return q.Where(part.values).Lt(sort)
}

// Le starts a query of key's entity on key's index whose sort key is less
// than or equal to the key k gives (with a partial key, up to the last key
// under the prefix it renders): Query.Le with k's sort composites, in the
// partition k gives.
func Le[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	q, part, sort := typedBound(key, "Le", "", k)
	if q.s.err != nil {
		return q
	}
	return q.Where(part.values).Le(sort)
}

// partitionOf is the partition composites a bound gives.
type partitionOf struct{ values entity.Values }

// typedBound starts the query of key and splits k into its partition
// composites and its sort composites (the bound). which names the bound in
// messages ("low" or "high" for Between, "" for one bound). A nil key, or
// a bound giving no sort composite, leaves the error in the query.
func typedBound[T, K any](key *entity.QueryKey[T, K], call, which string, k K) (Query[T], partitionOf, entity.Values) {
	if key == nil {
		q := New[T](nil)
		q.s.err = invalidf("query.%s needs a QueryKey (entity.QueryKeyOf), got nil", call)
		return q, partitionOf{}, nil
	}
	e := key.Entity()
	q := New(e)
	if ix := key.Index(); ix != "" {
		q = q.Index(ix)
	}
	if e == nil {
		return q, partitionOf{}, nil // Build refuses the nil entity
	}
	pk, sk, ok := modelOf(e).KeySpecs(key.Index())
	if !ok {
		return q, partitionOf{}, nil // Build refuses the index
	}
	part, sort := entity.Values{}, entity.Values{}
	for name, v := range key.Values(k) {
		if slices.Contains(pk.Uses, name) {
			part[name] = v
		} else {
			sort[name] = v
		}
	}
	if len(sort) == 0 {
		bound := "the bound"
		if which != "" {
			bound = "the " + which + " bound"
		}
		why := fmt.Sprintf("a range bounds the sort key by at least its first composite, %s (a field of the key struct, set, or a pointer that is not nil)", firstOr(sk.Uses))
		if sk.Attribute == "" {
			why = fmt.Sprintf("%s has no sort key to bound", indexName(key.Index()))
		}
		q.s.err = &ddbmodel.ValidationError{Entity: e.Name(), Attribute: sk.Attribute, Reason: fmt.Sprintf(
			"query.%s(QueryKeyOf[%v]): %s gives no composite of the sort key; %s", call, reflect.TypeFor[K](), bound, why)}
	}
	return q, partitionOf{values: part}, sort
}

// firstOr names the first of uses for messages.
func firstOr(uses []string) string {
	if len(uses) == 0 {
		return "(none)"
	}
	return uses[0]
}

// samePartition refuses Between bounds in two partitions: a query reads
// one.
func samePartition[T, K any](key *entity.QueryKey[T, K], lo, hi partitionOf) error {
	for _, name := range sortedNames(keys.Values(lo.values)) {
		if !reflect.DeepEqual(lo.values[name], hi.values[name]) {
			return &ddbmodel.ValidationError{Entity: key.Entity().Name(), Attribute: name, Reason: fmt.Sprintf(
				"query.Between: the low bound gives %s %v and the high bound %v; a query reads one partition, so both bounds give the same partition composites",
				name, lo.values[name], hi.values[name])}
		}
	}
	return nil
}
