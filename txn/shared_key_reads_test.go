package txn_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

type sharedPerson struct {
	Name string `dynamo:"name"`
	Age  int    `dynamo:"age"`
}

type sharedOrg struct {
	Name  string `dynamo:"name"`
	Seats int    `dynamo:"seats"`
}

// Two entities whose items may share a key (SharesKeysWith): a check or a
// read of one never passes on, or returns, the other's item.
func TestChecksAndReadsNeverUseAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "accounts", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	people := entity.MustDefine(tb, entity.Config[sharedPerson]{Name: "Person",
		Key: entity.Key{Partition: "ACCT#${name}", Sort: "#A"}, SharesKeysWith: []string{"Org"}})
	orgs := entity.MustDefine(tb, entity.Config[sharedOrg]{Name: "Org",
		Key: entity.Key{Partition: "ACCT#${name}", Sort: "#A"}, SharesKeysWith: []string{"Person"}})
	db := entitytest.NewDB(t, tb)
	ctx := t.Context()
	if _, err := people.Put(sharedPerson{Name: "ann", Age: 3}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := orgs.Put(sharedOrg{Name: "acme", Seats: 10}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	ann, acme, nobody := entity.Values{"name": "ann"}, entity.Values{"name": "acme"}, entity.Values{"name": "nobody"}

	// A check holds on the entity's own item, and on no item as DynamoDB
	// evaluates a condition on a missing item.
	for name, c := range map[string]struct {
		check entity.WriteOp
		holds bool
	}{
		"exists, own item":                   {orgs.Check(acme, entity.Attr("seats").Exists()), true},
		"comparison, own item":               {orgs.Check(acme, entity.Attr("seats").Eq(10)), true},
		"comparison fails, own item":         {orgs.Check(acme, entity.Attr("seats").Eq(11)), false},
		"not exists, no item":                {orgs.Check(nobody, entity.Attr("seats").NotExists()), true},
		"exists, no item":                    {orgs.Check(nobody, entity.Attr("name").Exists()), false},
		"exists, another entity's item":      {orgs.Check(ann, entity.Attr("name").Exists()), false},
		"not exists, another entity's item":  {orgs.Check(ann, entity.Attr("seats").NotExists()), false},
		"negation, another entity's item":    {orgs.Check(ann, entity.Not(entity.Attr("seats").Eq(1))), false},
		"own attribute, another entity's":    {people.Check(acme, entity.Attr("name").Eq("acme")), false},
		"comparison holds, own person's key": {people.Check(ann, entity.Attr("age").Eq(3)), true},
	} {
		err := txn.Write(c.check).Run(ctx, db)
		if c.holds && err != nil {
			t.Errorf("%s: %v, want the check to hold", name, err)
		}
		if !c.holds {
			var tc *ddbmodel.TxCanceledError
			if !errors.As(err, &tc) {
				t.Errorf("%s: err = %v, want a *ddbmodel.TxCanceledError", name, err)
			}
		}
	}
	// The reason names another entity's item.
	err := txn.Write(orgs.Check(ann, entity.Attr("name").Exists())).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("check on another entity's item: err = %v, want ddbmodel.ErrOtherEntity", err)
	}
	in, err := txn.Write(orgs.Check(ann, entity.Attr("name").Exists())).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToString(in.TransactItems[0].ConditionCheck.ConditionExpression); got != "(attribute_not_exists(#PK) OR #__entity = :v0) AND (attribute_exists(#name))" {
		t.Errorf("check condition = %s", got)
	}

	// A read transaction and a batch get report another entity's item as
	// not found, as Get does.
	if _, err := orgs.Get(ann).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("Get of an Org on a Person's key: err = %v, want ErrNotFound", err)
	}
	tx, err := txn.Get(orgs.Get(ann), orgs.Get(acme)).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	batch, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, orgs.Get(ann), orgs.Get(acme))
	if err != nil {
		t.Fatal(err)
	}
	for name, items := range map[string]txn.Items{"read transaction": tx, "batch get": batch} {
		if items.Found(0) || items.Raw(0) != nil {
			t.Errorf("%s: found the Person's item as an Org: %v", name, items.Raw(0))
		}
		if _, err := txn.Decode(items, 0, orgs); !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("%s: Decode of the Person's key as an Org: err = %v, want ErrNotFound", name, err)
		}
		if got, err := txn.Decode(items, 1, orgs); err != nil || got.Seats != 10 {
			t.Errorf("%s: Decode of the Org: %+v, %v", name, got, err)
		}
	}
}
