package entity

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/keys"
)

// The codes of [Table.Lint]'s findings on index membership, beside
// LintSparseAlwaysIn.
const (
	// LintSparseNoWayIn: a placement is Sparse, but no item can ever
	// enter it: a composite of its key has an Enum none of whose values
	// the template accepts (each is refused, for instance for holding the
	// delimiter that follows it), so a put that sets the attribute fails
	// and a put without it leaves the item out.
	LintSparseNoWayIn = "sparse-no-way-in"
	// LintWhenNotSparse: a placement gives When but is not Sparse. Puts
	// and updates apply When to sparse placements only, so it is ignored:
	// every item enters the index, and a put without the key's composites
	// fails instead of leaving the item out.
	LintWhenNotSparse = "when-not-sparse"
)

// lintMembership checks what decides whether an item enters the index of
// placement p.
func lintMembership(m entityModel, p Placement) []Finding {
	if p.Index == "" {
		return nil
	}
	if p.When && !p.Sparse {
		return []Finding{{Severity: Error, Code: LintWhenNotSparse, Entities: []string{p.Entity}, Index: p.Index,
			Templates: []string{placementKey(p)},
			Message: fmt.Sprintf("%s's placement in index %s gives When, but is not Sparse, so When is ignored: every item enters it, and a put without its composites fails; set Sparse: true",
				p.Entity, p.Index)}}
	}
	if !p.Sparse || p.MultiAttribute {
		return nil
	}
	var out []Finding
	for _, ks := range []KeySpec{p.Partition, p.Sort} {
		if ks.Template == nil {
			continue
		}
		for _, c := range ks.Template.Composites() {
			f := m.fields[c]
			if len(f.enum) == 0 || slices.ContainsFunc(f.enum, func(v string) bool { return !refusesValue(m, ks.Template, c, v) }) {
				continue
			}
			out = append(out, Finding{Severity: Error, Code: LintSparseNoWayIn, Entities: []string{p.Entity}, Index: p.Index,
				Templates: []string{placementKey(p)},
				Message: fmt.Sprintf("no %s item can enter index %s: %s refuses every value the Enum of %s allows (%s), so a put that sets %s fails and one without it leaves the item out",
					p.Entity, p.Index, ks.Template, c, strings.Join(f.enum, ", "), c)})
		}
	}
	return out
}

// refusesValue reports whether template t refuses v as the value of
// composite c whatever the other composites hold. It renders the key with
// a plain value for each other composite, and answers true only when the
// error names c, so a doubt leaves the model unflagged.
func refusesValue(m entityModel, t *keys.Template, c, v string) bool {
	src := keys.Strings{}
	for _, o := range t.Composites() {
		switch {
		case o == c:
			src[o] = v
		case m.fields[o].time:
			src[o] = "2000-01-02T03:04:05Z"
		default:
			src[o] = "1"
		}
	}
	_, err := t.Render(src)
	var ve *keys.ValueError
	return errors.As(err, &ve) && ve.Composite == c
}

// filledBy names the rule by which the library writes attribute name into
// every item, or "" when none does.
func (e *entityCore) filledBy(name string) string {
	switch {
	case e.byName[name] != nil && e.byName[name].Default != nil:
		return "its Default"
	case e.created != nil && e.created.name == name:
		return "the Created timestamp"
	case e.updated != nil && e.updated.name == name:
		return "the Updated timestamp"
	case e.lock != nil && e.lock.name == name:
		return "the lock attribute"
	}
	return ""
}

// enumOf returns the Enum rule of attribute name.
func (e *entityCore) enumOf(name string) []string {
	if r := e.byName[name]; r != nil {
		return r.Enum
	}
	return nil
}
