package query

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/composite"
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
// lo and hi giving different partitions, or no sort composite, is a
// *ddbmodel.ValidationError at Build:
//
//	// Lessons of modules m1 to m3 of course c1, every lesson of each.
//	q := query.Between(LessonsByCourse, LessonKey{CourseID: "c1", ModuleID: new("m1")}, LessonKey{CourseID: "c1", ModuleID: new("m3")})
//
// On a multi-attribute index, DynamoDB ranges over one sort attribute
// after equality on those before it: both bounds give the same sort
// attributes, with equal values but for the last, which is the range.
func Between[T, K any](key *entity.QueryKey[T, K], lo, hi K) Query[T] {
	q, l := typedBound(key, "Between", "low", lo)
	if q.s.err != nil {
		return q
	}
	hq, h := typedBound(key, "Between", "high", hi)
	if q.s.err = hq.s.err; q.s.err != nil {
		return q
	}
	if q.s.err = l.samePartition(key.Entity().Name(), h); q.s.err != nil {
		return q
	}
	if q.s.err = l.sameLeading(key.Entity().Name(), h); q.s.err != nil {
		return q
	}
	return q.Where(l.where).Between(l.bound, h.bound)
}

// Gt starts a query of key's entity on key's index whose sort key is
// greater than the key k gives (with a partial key, greater than every
// key under the prefix it renders): Query.Gt with k's sort composites, in
// the partition k gives.
func Gt[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	return oneBound(key, "Gt", k, Query[T].Gt)
}

// Ge starts a query of key's entity on key's index whose sort key is
// greater than or equal to the key k gives (with a partial key, from the
// first key under the prefix it renders): Query.Ge with k's sort
// composites, in the partition k gives.
func Ge[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	return oneBound(key, "Ge", k, Query[T].Ge)
}

// Lt starts a query of key's entity on key's index whose sort key is less
// than the key k gives (with a partial key, before every key under the
// prefix it renders): Query.Lt with k's sort composites, in the partition
// k gives.
func Lt[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	return oneBound(key, "Lt", k, Query[T].Lt)
}

// Le starts a query of key's entity on key's index whose sort key is less
// than or equal to the key k gives (with a partial key, up to the last key
// under the prefix it renders): Query.Le with k's sort composites, in the
// partition k gives.
func Le[T, K any](key *entity.QueryKey[T, K], k K) Query[T] {
	return oneBound(key, "Le", k, Query[T].Le)
}

// oneBound is a range of one bound: the query of key in k's partition,
// with the sort condition op gives for k's bound.
func oneBound[T, K any](key *entity.QueryKey[T, K], call string, k K, op func(Query[T], entity.Values) Query[T]) Query[T] {
	q, b := typedBound(key, call, "", k)
	if q.s.err != nil {
		return q
	}
	return op(q.Where(b.where), b.bound)
}

// typedKey is a key struct's values split for a range: where goes to
// Where (the partition composites, and on a multi-attribute index the sort
// attributes before the last given), bound to the range.
type typedKey struct {
	where, bound entity.Values
	part         entity.Values // the partition composites
	partKey      string        // the partition key they render ("" on a multi-attribute index)
	partErr      error         // why they do not render
	partAttr     string        // the partition key attribute
	sortAttr     string        // the sort key attribute (the first, on a multi-attribute index)
	multi        bool          // the key is a multi-attribute index's
	leading      []string      // on a multi-attribute index, the sort attributes in where
}

// typedBound starts the query of key and splits k for a range. which
// names the bound in messages ("low" or "high" for Between, "" for one
// bound). A nil key, or a bound giving no sort composite, leaves the error
// in the query.
func typedBound[T, K any](key *entity.QueryKey[T, K], call, which string, k K) (Query[T], typedKey) {
	if key == nil {
		q := New[T](nil)
		q.s.err = invalidf("query.%s needs a QueryKey (entity.QueryKeyOf), got nil", call)
		return q, typedKey{}
	}
	e := key.Entity()
	q := New(e).Index(key.Index())
	if e == nil || e.Table() == nil {
		return q, typedKey{} // Build refuses the nil entity
	}
	pk, sk, ok := modelOf(e).KeySpecs(key.Index())
	if !ok {
		return q, typedKey{} // Build refuses the index
	}
	ix, isIndex := e.Table().Index(key.Index())
	multi := isIndex && ix.MultiAttribute()
	refuse := func(format string, args ...any) (Query[T], typedKey) {
		q.s.err = &ddbmodel.ValidationError{Entity: e.Name(), Attribute: sk.Attribute, Reason: fmt.Sprintf(
			"query.%s(QueryKeyOf[%v]): ", call, reflect.TypeFor[K]()) + fmt.Sprintf(format, args...)}
		return q, typedKey{}
	}
	switch {
	case sk.Attribute == "":
		return refuse("%s has no sort key to bound", indexName(key.Index()))
	case sk.Template == nil && !multi:
		return refuse("the sort key %s is computed, so no composite bounds it; use BeginsWith or SortKey with explicit keys", sk.Attribute)
	case len(sk.Uses) == 0:
		return refuse("the sort key %s is the constant %q, the same for every item of the entity: there is no range to give", sk.Attribute, sk.Template.String())
	}
	tk := typedKey{where: entity.Values{}, bound: entity.Values{}, part: entity.Values{}, partAttr: pk.Attribute, sortAttr: sk.Attribute}
	vals := key.Values(k)
	for name, v := range vals {
		if slices.Contains(pk.Uses, name) {
			tk.part[name] = v
			tk.where[name] = v
		}
		// A composite of both keys is Where's for the partition and the
		// bound's for the sort key.
		if slices.Contains(sk.Uses, name) {
			tk.bound[name] = v
		}
	}
	if len(tk.bound) == 0 {
		bound := "the bound"
		if which != "" {
			bound = "the " + which + " bound"
		}
		return refuse("%s gives no composite of the sort key; a range bounds the sort key by at least its first composite, %s (a field of the key struct, set, or a pointer that is not nil)", bound, sk.Uses[0])
	}
	if multi {
		tk.multi = true
		// Equality on every sort attribute given but the last, which is
		// the range (the string form's Where and bound). A gap is left to
		// Build, which names it.
		last := ""
		for _, name := range sk.Uses {
			if _, ok := tk.bound[name]; ok {
				last = name
			}
		}
		for _, name := range sk.Uses {
			if v, ok := tk.bound[name]; ok && name != last {
				tk.where[name] = v
				tk.leading = append(tk.leading, name)
				delete(tk.bound, name)
			}
		}
	} else if pk.Template != nil {
		tk.partKey, tk.partErr = pk.Template.Render(modelOf(e).KeySource(composite.Of(tk.part)))
	}
	return q, tk
}

// samePartition refuses Between bounds in two partitions: a query reads
// one. Template keys compare as rendered (two times of one instant in
// other zones render one key); a low bound whose partition does not render
// is left to Build, which names the composite.
func (lo typedKey) samePartition(entityName string, hi typedKey) error {
	if hi.partErr != nil && lo.partErr == nil {
		return &ddbmodel.ValidationError{Entity: entityName, Reason: "query.Between: the high bound's partition key", Err: hi.partErr}
	}
	if lo.partErr != nil || hi.partErr != nil {
		return nil
	}
	if lo.partKey != "" || hi.partKey != "" {
		if lo.partKey == hi.partKey {
			return nil
		}
		return &ddbmodel.ValidationError{Entity: entityName, Attribute: lo.partAttr, Reason: fmt.Sprintf(
			"query.Between: the low bound's partition is %q and the high bound's %q; a query reads one partition, so both bounds give the same partition composites",
			lo.partKey, hi.partKey)}
	}
	return sameValues(entityName, "partition", lo.part, hi.part)
}

// sameLeading refuses Between bounds on a multi-attribute sort key that
// differ before their last attribute, which DynamoDB cannot range over.
func (lo typedKey) sameLeading(entityName string, hi typedKey) error {
	if !lo.multi {
		return nil
	}
	if !slices.Equal(lo.leading, hi.leading) || !sameNames(lo.bound, hi.bound) {
		return &ddbmodel.ValidationError{Entity: entityName, Attribute: lo.sortAttr, Reason: fmt.Sprintf(
			"query.Between: the low bound gives the sort attributes %s and the high bound %s; on a multi-attribute key DynamoDB ranges over one attribute after equality on those before it, so both bounds give the same attributes",
			strings.Join(lo.sortNames(), ", "), strings.Join(hi.sortNames(), ", "))}
	}
	return sameValues(entityName, "sort", pick(lo.where, lo.leading), pick(hi.where, hi.leading))
}

// sortNames lists the sort attributes a multi-attribute bound gives, in
// key order.
func (tk typedKey) sortNames() []string {
	return append(slices.Clone(tk.leading), sortedNames(keys.Values(tk.bound))...)
}

// sameValues refuses two bounds giving one attribute different values;
// times compare as instants.
func sameValues(entityName, role string, lo, hi entity.Values) error {
	for _, name := range sortedNames(keys.Values(lo)) {
		a, b := lo[name], hi[name]
		if ta, ok := a.(time.Time); ok {
			if tb, ok := b.(time.Time); ok && ta.Equal(tb) {
				continue
			}
		} else if reflect.DeepEqual(a, b) {
			continue
		}
		what := "a query reads one partition, so both bounds give the same partition composites"
		if role == "sort" {
			what = "on a multi-attribute key DynamoDB ranges over the last sort attribute given, after equality on those before it, so both bounds give the same values for those"
		}
		return &ddbmodel.ValidationError{Entity: entityName, Attribute: name, Reason: fmt.Sprintf(
			"query.Between: the low bound gives %s %v and the high bound %v; %s", name, a, b, what)}
	}
	return nil
}

// pick returns the values of names in vs.
func pick(vs entity.Values, names []string) entity.Values {
	out := entity.Values{}
	for _, n := range names {
		out[n] = vs[n]
	}
	return out
}

// sameNames reports whether a and b name the same attributes.
func sameNames(a, b entity.Values) bool {
	for n := range a {
		if _, ok := b[n]; !ok {
			return false
		}
	}
	return len(a) == len(b)
}
