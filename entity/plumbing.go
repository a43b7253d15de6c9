package entity

import (
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/link"
	"github.com/ddbmodel/ddbmodel/keys"
)

// entityLink is the embedded field through which query and txn reach an
// entity's side of internal/contract (see package internal/link): users see
// neither the field nor its method.
type entityLink = link.Hidden[contract.Entity[Condition]]

// linked implements contract.Entity for an entity.
type linked[T any] struct{ e *Entity[T] }

var _ contract.Entity[Condition] = linked[struct{}]{}

func (m linked[T]) attrSchema() *schema { return m.e.sch }

func (m linked[T]) KeySpecs(index string) (pk, sk contract.KeySpec, ok bool) {
	return m.e.keySpecs(index)
}

func (m linked[T]) KeySource(values composite.List) keys.Source { return m.e.keySource(values) }

func (m linked[T]) OwnFilter() Condition { return m.e.ownFilter() }

func (m linked[T]) RecognizesUnmarked() bool { return m.e.unmarked }

func (m linked[T]) SharesKeysWith() string { return m.e.sharesKeysWith() }

func (m linked[T]) QueryPlans() *sync.Map { return m.e.queryPlans }

func (m linked[T]) IndexKeyFits(item map[string]types.AttributeValue, index string) bool {
	return m.e.indexKeyFits(item, index)
}

func (m linked[T]) Attributes(c Condition) []string { return c.attributes() }

func (m linked[T]) RenderCondition(c Condition, w *expr.Writer, others ...contract.Entity[Condition]) (string, error) {
	s, err := schemaFor(holders(m, others))
	if err != nil {
		return "", err
	}
	return c.render(w, s)
}

func (m linked[T]) ProjectionPath(name string, w *expr.Writer, others ...contract.Entity[Condition]) (string, error) {
	s, err := schemaFor(holders(m, others))
	if err != nil {
		return "", err
	}
	ref, err := s.resolve(name, "Project")
	if err != nil {
		return "", err
	}
	return w.Path(ref.path), nil
}

func (m linked[T]) FieldPath(f interface{ Path() string }) string {
	if h, ok := f.(interface{ markedPath() string }); ok {
		return h.markedPath()
	}
	return f.Path()
}

func (m linked[T]) AttributeValue(attr string, v any, loose bool, others ...contract.Entity[Condition]) (types.AttributeValue, error) {
	return attributeValue(holders(m, others), attr, v, loose)
}

// holders lists first and the others as schema holders; an other that is
// not an entity's (it cannot be: only this package implements
// contract.Entity) is nil, which schemaFor refuses.
func holders(first schemaHolder, others []contract.Entity[Condition]) []schemaHolder {
	out := make([]schemaHolder, 0, 1+len(others))
	out = append(out, first)
	for _, o := range others {
		h, _ := o.(schemaHolder)
		out = append(out, h)
	}
	return out
}
