package ddbmodel_test

import (
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
)

// TestCanceledTransactionTextSaysTheOutcome: the text of a canceled
// transaction says each failed action's outcome where it says more than
// DynamoDB's code (another entity's item, no item), so that a log shows
// the cause; a plain failed condition is said by the code alone.
func TestCanceledTransactionTextSaysTheOutcome(t *testing.T) {
	err := &ddbmodel.TxCanceledError{Reasons: []ddbmodel.CancelReason{
		{Index: 0, Op: "update", Entity: "Loan", Code: "ConditionalCheckFailed", Err: ddbmodel.ErrNotFound},
		{Index: 1, Op: "put", Entity: "Book", Code: "None"},
		{Index: 2, Op: "check", Entity: "Staff", Code: "ConditionalCheckFailed", Err: ddbmodel.ErrOtherEntity},
		{Index: 3, Op: "check", Entity: "Shelf", Code: "ConditionalCheckFailed", Err: ddbmodel.ErrConditionFailed},
	}}
	got := err.Error()
	for _, want := range []string{
		"#0 update Loan: ConditionalCheckFailed: " + strings.TrimPrefix(ddbmodel.ErrNotFound.Error(), "ddbmodel: "),
		"#2 check Staff: ConditionalCheckFailed: " + strings.TrimPrefix(ddbmodel.ErrOtherEntity.Error(), "ddbmodel: "),
		"#3 check Shelf: ConditionalCheckFailed",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "#1") || strings.Contains(got, "ConditionalCheckFailed: "+strings.TrimPrefix(ddbmodel.ErrConditionFailed.Error(), "ddbmodel: ")) {
		t.Errorf("text %q names an action that did not fail, or repeats a plain failed condition", got)
	}
	if n := strings.Count(got, "ddbmodel:"); n != 1 {
		t.Errorf("text %q has %d prefixes, want 1", got, n)
	}
}
