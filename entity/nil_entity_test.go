package entity_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type neDoc struct {
	ID    string `dynamo:"id"`
	Title string `dynamo:"title"`
}

// The methods of a nil *Entity, or of a zero one (not made by Define),
// that Get, Put and the other operations leave out answer without
// panicking: those returning an error return the "no entity"
// *ddbmodel.ValidationError the operations give, Name and Version "",
// Table nil and Is false.
func TestNilAndZeroEntityMethodsDoNotPanic(t *testing.T) {
	t.Parallel()
	item := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "D#1"}, "SK": &types.AttributeValueMemberS{Value: "D"},
		"__entity": &types.AttributeValueMemberS{Value: ""}, "id": &types.AttributeValueMemberS{Value: "1"},
	}
	for _, ent := range []struct {
		name string
		e    *entity.Entity[neDoc]
	}{{"nil", nil}, {"zero", &entity.Entity[neDoc]{}}} {
		e := ent.e
		errs := map[string]func() error{
			"Key":      func() error { _, err := e.Key(entity.Values{"id": "1"}); return err },
			"KeyOf":    func() error { _, err := e.KeyOf(neDoc{ID: "1"}); return err },
			"Decode":   func() error { _, err := e.Decode(item); return err },
			"Upgraded": func() error { _, _, err := e.Upgraded(item); return err },
		}
		for name, call := range errs {
			err := neCall(call)
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), "no entity") {
				t.Errorf("%s entity: %s: %v, want the no entity *ddbmodel.ValidationError", ent.name, name, err)
			}
		}
		others := map[string]func() (any, any){
			"Name":    func() (any, any) { return e.Name(), "" },
			"Version": func() (any, any) { return e.Version(), "" },
			"Table":   func() (any, any) { return e.Table(), (*entity.Table)(nil) },
			"Is":      func() (any, any) { return e.Is(item), false },
		}
		for name, call := range others {
			var got, want any
			if err := neCall(func() error { got, want = call(); return nil }); err != nil {
				t.Errorf("%s entity: %s: %v", ent.name, name, err)
			} else if got != want {
				t.Errorf("%s entity: %s = %#v, want %#v", ent.name, name, got, want)
			}
		}
	}
}

// neCall calls f, turning a panic into an error.
func neCall(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return f()
}
