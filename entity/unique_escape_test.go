package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// A unique value holding the marker key's delimiter ("#", legal in an
// e-mail address) is stored: its marker key encodes it, injectively, and
// Table.Decode gives it back.
func TestUniqueValueWithDelimiter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqUnmarkedModel(t) // no index key built from the e-mail
	db := entitytest.NewDB(t, table)
	const email = "a#b@x.io"
	if _, err := users.Create(uqUser{ID: "u1", Email: email}).Run(ctx, db); err != nil {
		t.Fatalf("create with %q: %v", email, err)
	}
	_, err := users.Create(uqUser{ID: "u2", Email: email}).Run(ctx, db)
	var ue *ddbmodel.UniqueError
	if !errors.As(err, &ue) || ue.Attribute != "email" || ue.Value != email {
		t.Fatalf("second create with %q: %v, want a UniqueError", email, err)
	}
	if _, err := users.Create(uqUser{ID: "u3", Email: "a"}).Run(ctx, db); err != nil {
		t.Fatalf("create with a prefix of the value: %v", err)
	}
	out, err := db.Client.Scan(ctx, &dynamodb.ScanInput{TableName: &db.TableName})
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, it := range out.Items {
		if v, err := table.Decode(it); err == nil {
			if m, ok := v.(entity.UniqueMarker); ok {
				found[m.Value] = m.Owner
			}
		}
	}
	if len(found) != 2 || found[email] == "" || found["a"] == "" {
		t.Errorf("markers decoded: %v", found)
	}
	if _, err := users.Update(entity.Values{"id": "u1"}).Set("email", "c@x").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Create(uqUser{ID: "u2", Email: email}).Run(ctx, db); err != nil {
		t.Errorf("%q is free again: %v", email, err)
	}
}
