package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// A condition that cannot be rendered (IN over 100 values, a value that
// does not encode) is a *ValidationError naming the attribute, and nothing
// is sent.
func TestBadConditionIsTyped(t *testing.T) {
	t.Parallel()
	players := definePlayers(newTable())
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	many := make([]any, 101)
	for i := range many {
		many[i] = i
	}
	for name, cond := range map[string]entity.Condition{
		"IN over 100 values":         entity.Attr("score").In(many...),
		"IN without values":          entity.Attr("score").In(),
		"value that does not encode": entity.Attr("score").Eq(func() {}),
	} {
		_, err := players.Update(entity.Values{"id": "p1"}).Set("name", "x").If(cond).Run(context.Background(), db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != "score" || !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s: err = %v, want *ValidationError on score", name, err)
		}
	}
}
