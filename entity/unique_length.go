package entity

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// checkLength refuses a unique value too long for its marker item's
// partition key (DynamoDB's limit, less the marker's prefix), naming the
// entity, the attribute, the value's length and the longest it may be.
func (e *entityCore) checkLength(u *uniqueDef, text string) error {
	base := len(uniquePrefix+e.name+"#"+u.attr) + 1 // UNIQUE#E#a#
	room, need := expr.MaxPartitionKeyBytes-base, len(text)
	if _, rendered := u.markerTemplate(text); len(rendered) != len(text) {
		// A value holding "#" stands hex encoded after "HEX#": each byte
		// takes two.
		room, need = (expr.MaxPartitionKeyBytes-base-len(uniqueHexLiteral))/2, len(text)
	}
	if need <= room {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: u.attr,
		Reason: fmt.Sprintf("a unique value of %d bytes is longer than its marker item's key allows: at most %d bytes (DynamoDB's %d-byte partition key, less the marker's prefix)", len(text), room, expr.MaxPartitionKeyBytes),
		Err:    &ddbmodel.LimitError{Entity: e.name, What: "unique value bytes", Limit: room, Got: len(text)}}
}

// checkUniqueValues refuses an item holding a unique value that its
// marker item's key cannot carry (checkLength): invalid input, said before
// any read and by the Build and Encode that never write a marker.
func (e *entityCore) checkUniqueValues(item map[string]types.AttributeValue) error {
	for _, u := range e.uniques {
		if text, ok := uniqueText(u.attr, item); ok {
			if err := e.checkLength(u, text); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkUniqueSet refuses an update's value for the whole attribute attr
// when attr is unique and its marker item's key cannot carry the value
// (checkLength): invalid input, said by Build and before Run reads.
func (e *entityCore) checkUniqueSet(attr string, av types.AttributeValue) error {
	for _, u := range e.uniques {
		if u.attr != attr || isNull(av) {
			continue
		}
		if text, ok := avText(av); ok {
			return e.checkLength(u, text)
		}
	}
	return nil
}
