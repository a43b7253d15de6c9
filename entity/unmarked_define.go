package entity

import (
	"errors"
	"sort"

	"github.com/ddbmodel/ddbmodel"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// unmarkedSpacer is an entity that may recognise unmarked items: the key
// space it claims them by (the table key only), when it does.
type unmarkedSpacer interface {
	unmarkedSpace() (keySpace, bool)
}

// unmarkedSpace returns the key space by which the entity takes unmarked
// items as its own, its table key's templates, when it recognises them
// (Config.RecognizeUnmarked). SharesKeysWith does not apply to it: an
// unmarked item carries nothing else that tells two entities apart.
func (e *entityCore) unmarkedSpace() (keySpace, bool) {
	if !e.unmarked {
		return keySpace{}, false
	}
	ks := keySpace{}
	for _, d := range []*keyDef{e.pk, e.sk} {
		if d != nil {
			ks.keys = append(ks.keys, d.keySpec)
		}
	}
	return ks, true
}

// checkUnmarkedSpaces refuses an entity recognising unmarked items whose
// table key can be rendered by another entity's that recognises them too
// (the two declared SharesKeysWith, or Define's overlap check would have
// refused them already): both would take one unmarked item as their own,
// read it as both and write it as either. The error wraps the
// *ddbmodel.KeyOverlapError naming both. The caller holds t.mu.
func (t *Table) checkUnmarkedSpaces(d decoder) error {
	us, ok := d.(unmarkedSpacer)
	if !ok {
		return nil
	}
	mine, ok := us.unmarkedSpace()
	if !ok {
		return nil
	}
	others := make([]string, 0, len(t.entities))
	for n := range t.entities {
		others = append(others, n)
	}
	sort.Strings(others)
	for _, n := range others {
		o, ok := t.entities[n].(unmarkedSpacer)
		if !ok {
			continue
		}
		theirs, ok := o.unmarkedSpace()
		if !ok {
			continue
		}
		if err := t.checkOverlap(d.Name(), mine, map[string]keySpace{n: theirs}); err != nil {
			var ko *ddbmodel.KeyOverlapError
			if errors.As(err, &ko) {
				ko.BothUnmarked = true
			}
			return errtext.Errorf("%s and %s both recognise unmarked items (Config.RecognizeUnmarked) on keys both render, so both would take such an item as their own: %w", d.Name(), n, err)
		}
	}
	return nil
}
