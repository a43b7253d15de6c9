package modelexport

import (
	"errors"
	"strings"
	"unicode"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/keys"
)

// presetNumbers gives the sample number to every composite that one of the
// entity's key templates renders as a number (a Number template, pad or
// rev), before any key is rendered: a string field that also feeds an N
// key (USER#${id} and ${id} on a number sort key) then gets one sample
// value that every template of the entity renders.
func presetNumbers(places []entity.Placement, values map[string]string) {
	for _, p := range places {
		for _, ks := range []entity.KeySpec{p.Partition, p.Sort} {
			if ks.Template == nil {
				continue
			}
			for _, c := range ks.Template.Composites() {
				f, _ := ks.Template.CompositeFormat(c)
				if ks.Template.Kind() == keys.Number || strings.HasPrefix(f, "pad(") || strings.HasPrefix(f, "rev(") {
					values[c] = sampleNumber
				}
			}
		}
	}
}

// presetEnums gives every composite whose attribute has an Enum rule its
// first Enum value, so that the sample item is one the entity's Put
// accepts (S#${status} with Enum OPEN, CLOSED renders S#OPEN, not
// S#status-1).
func presetEnums(enums map[string][]string, values map[string]string) {
	for c, vs := range enums {
		if _, set := values[c]; !set && len(vs) > 0 {
			values[c] = vs[0]
		}
	}
}

// presetKinds gives every composite that is a number or time field of the
// entity (see entity.Table.CompositeKinds) a sample of its kind, unless it
// has one: an int rendered as free text (V#${version}) gets the number 7,
// not text such as version-1 that no int holds.
func presetKinds(kinds map[string]string, values map[string]string) {
	for c, k := range kinds {
		if _, set := values[c]; set {
			continue
		}
		switch k {
		case "number":
			values[c] = sampleNumber
		case "time":
			values[c] = sampleTime
		}
	}
}

// textCandidates are the sample values tried in turn for a free-text
// composite c: its name followed by "-1", then forms without punctuation
// or symbols (a template may take "-" or "_" as a delimiter, which no
// value may hold), and finally a few short ones, in case a letter of them
// begins the literal that follows the composite.
func textCandidates(c string) []string {
	alnum := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, c)
	out := []string{c + "-1"}
	if alnum != "" {
		out = append(out, alnum+"1")
	}
	return append(out, "1", "x", "q", "z")
}

// sampleKeys renders every template of the entity's placements from sample
// values: values holds the preset ones (numbers, Enum values, times), and
// a free-text composite without one takes the first of its candidates that
// every template of the entity renders (so that all its keys agree and each
// parses back). keys are by placement and role, in order; a computed key
// has none.
func sampleKeys(places []entity.Placement, values map[string]string) (map[*keys.Template]string, error) {
	var tmpls []*keys.Template
	for _, p := range places {
		for _, ks := range []entity.KeySpec{p.Partition, p.Sort} {
			if ks.Attribute != "" && ks.Template != nil {
				tmpls = append(tmpls, ks.Template)
			}
		}
	}
	tried := map[string]int{} // free-text composite: index of its candidate
	for _, t := range tmpls {
		for _, c := range t.Composites() {
			if _, set := values[c]; set {
				continue
			}
			f, _ := t.CompositeFormat(c)
			switch {
			case strings.HasPrefix(f, "pad(") || strings.HasPrefix(f, "rev(") || t.Kind() == keys.Number:
				values[c] = sampleNumber
			case f == "time" || f == "date":
				values[c] = sampleTime
			default:
				values[c] = textCandidates(c)[0]
				tried[c] = 0
			}
		}
	}
	for {
		out := map[*keys.Template]string{}
		var failed error
		for _, t := range tmpls {
			src := keys.Strings{}
			for _, c := range t.Composites() {
				src[c] = values[c]
			}
			key, err := t.Render(src)
			if err != nil {
				failed = err
				break
			}
			out[t] = key
		}
		if failed == nil {
			return out, nil
		}
		var ve *keys.ValueError
		if !errors.As(failed, &ve) {
			return nil, failed
		}
		i, free := tried[ve.Composite]
		if !free || i+1 >= len(textCandidates(ve.Composite)) {
			return nil, failed
		}
		tried[ve.Composite] = i + 1
		values[ve.Composite] = textCandidates(ve.Composite)[i+1]
	}
}
