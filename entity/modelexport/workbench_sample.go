package modelexport

import (
	"strings"

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
