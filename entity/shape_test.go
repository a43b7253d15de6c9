package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type shapeNode struct {
	Name string     `dynamo:"name"`
	Next *shapeNode `dynamo:"next"`
}

type shapeTree []shapeTree

type shapeSelf struct {
	//lint:ignore U1000 the embedded field is the recursion Define must refuse; no test reads it
	*shapeSelf
	X string `dynamo:"x"`
}

type shapeMap map[string]shapeMap

type shapeAny struct {
	Name string `dynamo:"name"`
	Next any    `dynamo:"next"`
}

type shapeList struct {
	Kids []shapeList `dynamo:"kids"`
}

// A type whose stored shape has no end (it holds itself, through a
// pointer, a slice, a map or an embedded struct), or lists and maps nested
// deeper than DynamoDB's 32 levels, is refused at Define with a
// *ddbmodel.ValidationError naming the entity and the attribute, instead
// of looping or failing on the first put. 31 levels, and recursion through
// an interface field, are defined.
func TestDefineRefusesTypesWithoutEnd(t *testing.T) {
	t.Parallel()
	table := func() *entity.Table { return &entity.Table{Name: "t", PartitionKey: entity.S("PK")} }
	type row struct {
		ID   string                                                            `dynamo:"id"`
		Deep [][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][]int `dynamo:"deep"`
	}
	type tooDeep struct {
		ID   string                                                              `dynamo:"id"`
		Deep [][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][][]int `dynamo:"deep"`
	}
	type holds struct {
		ID   string    `dynamo:"id"`
		Tree shapeTree `dynamo:"tree"`
	}
	type holdsMap struct {
		ID string   `dynamo:"id"`
		M  shapeMap `dynamo:"m"`
	}
	type embeds struct {
		ID string    `dynamo:"id"`
		S  shapeSelf `dynamo:"s"`
	}
	type nested struct {
		ID   string    `dynamo:"id"`
		List shapeList `dynamo:"list"`
	}
	type linked struct {
		ID   string    `dynamo:"id"`
		Head shapeNode `dynamo:"head"`
	}
	type viaAny struct {
		ID   string   `dynamo:"id"`
		Head shapeAny `dynamo:"head"`
	}
	key := entity.Key{Partition: "X#${id}"}
	bad := map[string]struct {
		attr string
		err  error
	}{}
	_, err := entity.Define(table(), entity.Config[linked]{Name: "Linked", Key: key})
	bad["pointer to itself"] = struct {
		attr string
		err  error
	}{"head", err}
	_, err = entity.Define(table(), entity.Config[holds]{Name: "Linked", Key: key})
	bad["slice of itself"] = struct {
		attr string
		err  error
	}{"tree", err}
	_, err = entity.Define(table(), entity.Config[holdsMap]{Name: "Linked", Key: key})
	bad["map of itself"] = struct {
		attr string
		err  error
	}{"m", err}
	_, err = entity.Define(table(), entity.Config[embeds]{Name: "Linked", Key: key})
	bad["embeds itself"] = struct {
		attr string
		err  error
	}{"s", err}
	_, err = entity.Define(table(), entity.Config[nested]{Name: "Linked", Key: key})
	bad["list of itself"] = struct {
		attr string
		err  error
	}{"list", err}
	_, err = entity.Define(table(), entity.Config[tooDeep]{Name: "Linked", Key: key})
	bad["32 levels"] = struct {
		attr string
		err  error
	}{"deep", err}
	for name, b := range bad {
		var ve *ddbmodel.ValidationError
		if !errors.Is(b.err, ddbmodel.ErrInvalid) || !errors.As(b.err, &ve) || ve.Entity != "Linked" || ve.Attribute != b.attr {
			t.Errorf("%s: err = %v, want a *ValidationError naming Linked and %s", name, b.err, b.attr)
		} else if !strings.Contains(b.err.Error(), "Define") {
			t.Errorf("%s: %v does not say Define", name, b.err)
		}
	}
	if _, err := entity.Define(table(), entity.Config[row]{Name: "Row", Key: key}); err != nil {
		t.Errorf("31 levels: %v", err)
	}
	if _, err := entity.Define(table(), entity.Config[viaAny]{Name: "Any", Key: key}); err != nil {
		t.Errorf("recursion through an interface field: %v", err)
	}
}
