package entity_test

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
)

// attribute_type tests a put of T can make true build: the field's own
// stored type, any type of an interface field or an extra attribute, NULL
// of a pointer. (The impossible ones are rows of the bad-input matrix.)
func TestIsTypeTakesTheTypesAPutStores(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]entity.Condition{
		"number N":          entity.Attr("n").IsType(entity.TypeNumber),
		"named string S":    entity.Attr("alias").IsType(entity.TypeString),
		"time S":            entity.Attr("at").IsType(entity.TypeString),
		"unixtime N":        entity.Attr("unix").IsType(entity.TypeNumber),
		"binary B":          entity.Attr("bin").IsType(entity.TypeBinary),
		"bool BOOL":         entity.Attr("flag").IsType(entity.TypeBool),
		"list L":            entity.Attr("list").IsType(entity.TypeList),
		"map M":             entity.Attr("map").IsType(entity.TypeMap),
		"map value N":       entity.Attr("map.k").IsType(entity.TypeNumber),
		"set SS":            entity.Attr("tags").IsType(entity.TypeStringSet),
		"interface S":       entity.Attr("any").IsType(entity.TypeString),
		"interface M":       entity.Attr("any.x").IsType(entity.TypeMap),
		"extra attribute N": entity.Attr("legacy").IsType(entity.TypeNumber),
		"pointer NULL":      entity.Attr("ptr").IsType(entity.TypeNull),
		"typed":             mxTName.IsType(entity.TypeString).Condition(),
	} {
		if _, err := mxT.Put(mxTyped{ID: "a"}).If(c).Build(); err != nil {
			t.Errorf("%s: %v, want it to build", name, err)
		}
	}
}
