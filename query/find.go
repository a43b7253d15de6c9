package query

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/contract"
)

// Find starts a query of e's items on the key that values select: the table
// or the one index of e whose partition key composites values fill, with
// any other values a leading part of that key's sort composites (a prefix,
// as Where makes it). It is Where on the index found:
//
//	query.Find(Lessons, entity.Values{"courseId": "c1", "moduleId": "m1"})
//
// When no key fits (a partition composite missing, or a value that is no
// leading sort composite of the key), or more than one does, the query
// holds a *ddbmodel.ValidationError naming the candidates, returned by
// Build and the run methods before any request is sent; name the index
// with New(e).Index(...) then. The choice is made from the names of the
// values only, and is pure: Build shows it (IndexName).
func Find[T any](e *entity.Entity[T], values entity.Values) Query[T] {
	q := New(e)
	if e == nil || e.Table() == nil {
		return q.Where(values) // compile reports the nil or zero entity
	}
	index, err := findIndex(e, values)
	if err != nil {
		q.s.err = err
		return q
	}
	return q.Index(index).Where(values)
}

// findIndex picks the key of e whose composites values fill.
func findIndex(e Member, values entity.Values) (string, error) {
	table := e.Table()
	candidates := []string{""}
	for _, ix := range table.Indexes {
		candidates = append(candidates, ix.Name)
	}
	var fits, why, at, used []string
	for _, index := range candidates {
		pk, sk, ok := modelOf(e).KeySpecs(index)
		if !ok {
			continue
		}
		var reason string
		var names []string
		if ix, ok := table.Index(index); ok && ix.MultiAttribute() {
			reason, names = fitsMultiKey(ix, values)
		} else {
			reason, names = fitsKey(pk, sk, values)
		}
		used = appendNew(used, keyNames(table, index, pk, sk)...)
		if reason == "" {
			fits = append(fits, index)
		} else {
			why = append(why, indexName(index)+" ("+reason+")")
			at = appendNew(at, names...)
		}
	}
	given := sortedNames(values)
	switch len(fits) {
	case 1:
		return fits[0], nil
	case 0:
		at = atFault(at, given, used, values)
		return "", &ddbmodel.ValidationError{Entity: e.Name(), Attribute: strings.Join(at, ","),
			Reason: fmt.Sprintf("Find: no key of %s is selected by the values given; candidates: %s", e.Name(), strings.Join(why, "; "))}
	}
	named := make([]string, len(fits))
	for i, f := range fits {
		named[i] = indexName(f)
	}
	return "", &ddbmodel.ValidationError{Entity: e.Name(), Attribute: strings.Join(given, ","),
		Reason: fmt.Sprintf("Find: the values given select several keys: %s; name one with Index", strings.Join(named, ", "))}
}

// fitsKey returns why values do not select the key pk, sk, or "" when they
// do: they give every partition composite, and the rest are the leading
// sort composites. It also returns the names at fault: the composites
// missing, or the values given that do not fit.
func fitsKey(pk, sk contract.KeySpec, values entity.Values) (string, []string) {
	if pk.Template == nil {
		return "partition key " + pk.Attribute + " is computed", nil
	}
	var missing []string
	for _, c := range pk.Template.Composites() {
		if _, ok := values[c]; !ok && !slices.Contains(missing, c) {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return "needs " + strings.Join(missing, ", "), missing
	}
	var rest []string
	for _, name := range sortedNames(values) {
		if !pk.Template.Uses(name) {
			rest = append(rest, name)
		}
	}
	if len(rest) == 0 {
		return "", nil
	}
	if sk.Template == nil {
		return "takes no " + strings.Join(rest, ", "), rest
	}
	var lead []string
	for _, c := range sk.Template.Composites() {
		if len(lead) == len(rest) {
			break
		}
		if pk.Template.Uses(c) || slices.Contains(lead, c) {
			continue
		}
		if _, ok := values[c]; !ok {
			break
		}
		lead = append(lead, c)
	}
	if len(lead) != len(rest) {
		var extra []string
		for _, r := range rest {
			if !slices.Contains(lead, r) {
				extra = append(extra, r)
			}
		}
		return strings.Join(extra, ", ") + " not leading sort composites of " + sk.Attribute, extra
	}
	return "", nil
}

// fitsMultiKey is fitsKey for a multi-attribute index: values give every
// partition attribute, and the rest are a leading run of sort attributes.
func fitsMultiKey(ix entity.Index, values entity.Values) (string, []string) {
	var missing []string
	for _, a := range ix.PartitionKeys {
		if _, ok := values[a.Name]; !ok {
			missing = append(missing, a.Name)
		}
	}
	if len(missing) > 0 {
		return "needs " + strings.Join(missing, ", "), missing
	}
	rest := len(values) - len(ix.PartitionKeys)
	for i, a := range ix.SortKeys {
		if i == rest {
			break
		}
		if _, ok := values[a.Name]; !ok {
			return "the values are not partition attributes and a leading run of sort attributes", multiKeyExtra(ix, values)
		}
	}
	if rest > len(ix.SortKeys) {
		return "the values are not partition attributes and a leading run of sort attributes", multiKeyExtra(ix, values)
	}
	return "", nil
}
