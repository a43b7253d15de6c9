package entity_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type umInvoice struct {
	ID        string     `dynamo:"id"`
	Status    string     `dynamo:"status"`
	OverdueAt *time.Time `dynamo:"overdueAt"`
}

// An upsert whose value leaves an index key's composite zero (taking a
// Default, which an existing item keeps) or out (a sparse composite) is
// refused with a MissingCompositesError that says why, not only "give a
// value for each" (helper-111 L1).
func TestAnUpsertMissingCompositesSaysWhy(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "um", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
	}}
	invoices := entity.MustDefine(table, entity.Config[umInvoice]{
		Name: "Invoice", Key: entity.Key{Partition: "INV#${id}", Sort: "#I"},
		Indexes: []entity.IndexKey[umInvoice]{
			{Index: "GSI1", Partition: "STATUS#${status}", Sort: "INV#${id}"},
			{Index: "GSI2", Partition: "OVERDUE", Sort: "${overdueAt:time}#${id}", Sparse: true},
		},
		Attributes: map[string]entity.Attribute{"status": {Default: "draft"}},
	})
	due := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name    string
		v       umInvoice
		missing string
		why     string // what the reason says
	}{
		{"a Defaulted composite left zero", umInvoice{ID: "i1", OverdueAt: &due}, "status", "its Default is written only where the item lacks it"},
		{"a sparse composite left out", umInvoice{ID: "i1", Status: "sent"}, "overdueAt", "take the item out with an Update that removes overdueAt"},
	} {
		_, err := invoices.Upsert(c.v).Build()
		var me *ddbmodel.MissingCompositesError
		if !errors.As(err, &me) || !me.Upsert || len(me.Missing) != 1 || me.Missing[0] != c.missing || len(me.Reasons) != 1 ||
			!strings.Contains(me.Reasons[0], c.why) || !strings.Contains(err.Error(), c.why) || strings.Contains(err.Error(), "(give a value for each)") {
			t.Errorf("%s: err = %v, want a MissingCompositesError (Upsert) for %s saying %q", c.name, err, c.missing, c.why)
		}
	}
	if _, err := invoices.Upsert(umInvoice{ID: "i1", Status: "sent", OverdueAt: &due}).Build(); err != nil {
		t.Errorf("upsert giving every composite: %v", err)
	}
}
