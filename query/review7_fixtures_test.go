// The fixtures of the tests of review 7's findings (conflicting settings,
// BeginsWith against a template's literal, orderings of times stored as
// text).

package query_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type Visit struct {
	SiteID  string    `dynamo:"siteId"`
	VisitID string    `dynamo:"visitId"`
	Status  string    `dynamo:"status"`
	At      time.Time `dynamo:"at"`
	Expires time.Time `dynamo:"expires,unixtime"`
}

func newVisits(t *testing.T) *entity.Entity[Visit] {
	t.Helper()
	table := &entity.Table{
		Name: "visits", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}},
	}
	e, err := entity.Define(table, entity.Config[Visit]{
		Name: "Visit",
		Key:  entity.Key{Partition: "SITE#${siteId}", Sort: "VISIT#${visitId}"},
		Indexes: []entity.IndexKey[Visit]{
			{Index: "GSI1", Partition: "SITE#${siteId}", Sort: "AT#${at:time}"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// refused checks that err is a *ddbmodel.ValidationError naming entity
// and attr (when attr is not empty) whose text holds every part.
func refused(t *testing.T, err error, entityName, attr string, parts ...string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a *ddbmodel.ValidationError, got %v", err)
	}
	if ve.Entity != entityName {
		t.Errorf("entity %q, want %q (%v)", ve.Entity, entityName, err)
	}
	if attr != "" && ve.Attribute != attr {
		t.Errorf("attribute %q, want %q (%v)", ve.Attribute, attr, err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not say %q", err, p)
		}
	}
}
