package entity

import (
	"errors"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// An entity without Config.RecognizeUnmarked that meets an item without
// any marker under its key reports it one way for every operation: a
// *ddbmodel.ConditionError whose Err is ddbmodel.ErrUnmarked, holding the
// item, which is left unchanged. (Create reports ErrAlreadyExists.)

// refuseUnmarked returns the error of operation op of an entity that does
// not recognise unmarked items, when the item it read has no marker.
func (e *entityCore) refuseUnmarked(op string, item map[string]types.AttributeValue) error {
	if e.unmarked || len(item) == 0 || !e.table.Unmarked(item) {
		return nil
	}
	return &ddbmodel.ConditionError{Entity: e.name, Op: op, Err: errtext.Errorf("%s: %w", errtext.DescribeKey(e.tableKey(item)), ddbmodel.ErrUnmarked), Item: item}
}

// unmarkedOther reports whether the item a failed write returned has no
// marker while the entity does not take such items as its own.
func (f failure) unmarkedOther(old map[string]types.AttributeValue) bool {
	m := f.markerAttr
	if m == "" {
		m = f.plainMarker
	}
	if m == "" || f.unmarked || len(old) == 0 {
		return false
	}
	_, ok := old[m]
	return !ok
}

// versionZero is the condition of a put expecting lock version 0: no item
// under the key or, for an entity recognising unmarked items, an unmarked
// item without the lock attribute (other code's item has never been
// written by this entity: its version is 0). The put then writes version 1
// and the markers; a concurrent put of version 0 finds version 1 and fails
// with ErrVersionConflict.
func (e *entityCore) versionZero(w *expr.Writer) string {
	if !e.unmarked {
		return e.pkAbsent(w)
	}
	return e.pkAbsent(w) + " OR (attribute_not_exists(" + w.Name(e.table.EntityAttr()) + ") AND attribute_not_exists(" + w.Name(e.lock.name) + "))"
}

// keyed gives a *ddbmodel.ConditionError the table key of the
// item the write addressed (ConditionError.Key, which its text names),
// and puts the key before ErrUnmarked in the outcome of a condition that
// found an unmarked item, as a not-found error names it. Other errors are
// returned as they are.
func keyed(err error, key map[string]types.AttributeValue) error {
	var ce *ddbmodel.ConditionError
	if errors.As(err, &ce) {
		if ce.Key == nil {
			ce.Key = key
		}
		if ce.Err == ddbmodel.ErrUnmarked {
			ce.Err = errtext.Errorf("%s: %w", errtext.DescribeKey(key), ddbmodel.ErrUnmarked)
		}
	}
	return err
}

// unmarkedErr is the outcome of a failed condition that found the unmarked
// item old: ErrUnmarked, after the item's table key, so that a transaction
// action, an upsert or a batch names the item as a single-item write does.
func (f failure) unmarkedErr(old map[string]types.AttributeValue) error {
	if f.tab == nil {
		return ddbmodel.ErrUnmarked
	}
	key := map[string]types.AttributeValue{}
	for _, n := range f.tab.PrimaryKeyNames("") {
		key[n] = old[n]
	}
	return errtext.Errorf("%s: %w", errtext.DescribeKey(key), ddbmodel.ErrUnmarked)
}
