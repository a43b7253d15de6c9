package entity_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// Every exported method of *entity.Table, called on a nil *Table, returns
// instead of panicking: a method with an error returns a
// *ddbmodel.ValidationError saying the table is nil, the others their zero
// value (Lint its one invalid-table finding). MustAddAccessPatterns is left
// out: it panics on AddAccessPatterns's error by contract.
func TestNilTableMethodsDoNotPanic(t *testing.T) {
	t.Parallel()
	item := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "A#1"}, "__entity": &types.AttributeValueMemberS{Value: "A"}}
	db := entity.NewDB(&tableCalls{}, "things")
	cases := []struct {
		name string
		call func(tb *entity.Table) (results []any, err error)
	}{
		{"EntityAttr", func(tb *entity.Table) ([]any, error) { return []any{tb.EntityAttr()}, nil }},
		{"EntityVersionAttr", func(tb *entity.Table) ([]any, error) { return []any{tb.EntityVersionAttr()}, nil }},
		{"Index", func(tb *entity.Table) ([]any, error) { ix, ok := tb.Index("GSI1"); return []any{ix, ok}, nil }},
		{"KeyNames", func(tb *entity.Table) ([]any, error) { pk, sk, err := tb.KeyNames(""); return []any{pk, sk}, err }},
		{"KeyAttributes", func(tb *entity.Table) ([]any, error) { pk, sk, err := tb.KeyAttributes(""); return []any{pk, sk}, err }},
		{"PrimaryKeyNames", func(tb *entity.Table) ([]any, error) { return []any{tb.PrimaryKeyNames("GSI1")}, nil }},
		{"EntityOf", func(tb *entity.Table) ([]any, error) { n, v, err := tb.EntityOf(item); return []any{n, v}, err }},
		{"Decode", func(tb *entity.Table) ([]any, error) { v, err := tb.Decode(item); return []any{v}, err }},
		{"Entities", func(tb *entity.Table) ([]any, error) { return []any{tb.Entities()}, nil }},
		{"UniqueAttributes", func(tb *entity.Table) ([]any, error) { return []any{tb.UniqueAttributes("A")}, nil }},
		{"CreateTableInput", func(tb *entity.Table) ([]any, error) { return []any{tb.CreateTableInput()}, nil }},
		{"PrefixOverlaps", func(tb *entity.Table) ([]any, error) { return []any{tb.PrefixOverlaps()}, nil }},
		{"Placements", func(tb *entity.Table) ([]any, error) { return []any{tb.Placements()}, nil }},
		{"AddAccessPatterns", func(tb *entity.Table) ([]any, error) { return nil, tb.AddAccessPatterns() }},
		{"AccessPatterns", func(tb *entity.Table) ([]any, error) { return []any{tb.AccessPatterns()}, nil }},
		{"IndexThroughput", func(tb *entity.Table) ([]any, error) { tp, ok := tb.IndexThroughput("GSI1"); return []any{tp, ok}, nil }},
		{"Validate", func(tb *entity.Table) ([]any, error) { return nil, tb.Validate() }},
		{"TimeToLiveInput", func(tb *entity.Table) ([]any, error) { return []any{tb.TimeToLiveInput()}, nil }},
		{"Ensure", func(tb *entity.Table) ([]any, error) { return nil, tb.Ensure(t.Context(), db, time.Second) }},
		{"Unexpired", func(tb *entity.Table) ([]any, error) { return []any{tb.Unexpired()}, nil }},
		{"UnexpiredAt", func(tb *entity.Table) ([]any, error) { return []any{tb.UnexpiredAt(time.Unix(1, 0))}, nil }},
		{"IsUniqueMarker", func(tb *entity.Table) ([]any, error) { return []any{tb.IsUniqueMarker(item)}, nil }},
		{"IsUniqueMarker of a marker-like item", func(tb *entity.Table) ([]any, error) {
			return []any{tb.IsUniqueMarker(map[string]types.AttributeValue{"": &types.AttributeValueMemberS{Value: "UNIQUE#A#b"}})}, nil
		}},
		{"Unmarked", func(tb *entity.Table) ([]any, error) { return []any{tb.Unmarked(item)}, nil }},
		{"Lint", func(tb *entity.Table) ([]any, error) {
			fs := tb.Lint(entity.LintOptions{})
			if len(fs) != 1 || fs[0].Code != entity.LintInvalidTable || !strings.Contains(fs[0].Message, "nil") {
				return nil, fmt.Errorf("Lint = %v, want one %s finding naming the nil table", fs, entity.LintInvalidTable)
			}
			return nil, nil
		}},
	}
	// The methods that return an error.
	wantErr := map[string]bool{"KeyNames": true, "KeyAttributes": true, "EntityOf": true, "Decode": true,
		"AddAccessPatterns": true, "Validate": true, "Ensure": true}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var (
				results []any
				err     error
			)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%s on a nil *Table panicked: %v", c.name, r)
					}
				}()
				results, err = c.call(nil)
			}()
			if wantErr[c.name] {
				var ve *ddbmodel.ValidationError
				if !errors.As(err, &ve) || !strings.Contains(ve.Reason, "nil *entity.Table") {
					t.Errorf("%s: err = %v, want a *ddbmodel.ValidationError saying the table is nil", c.name, err)
				}
			} else if err != nil {
				t.Error(err)
			}
			for i, r := range results {
				if r != nil && !reflect.ValueOf(r).IsZero() {
					t.Errorf("%s: result %d = %#v, want the zero value", c.name, i, r)
				}
			}
		})
	}
}
