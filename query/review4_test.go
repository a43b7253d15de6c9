package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type r4Order struct {
	ShopID string `dynamo:"shopId"`
	ID     string `dynamo:"id"`
	Total  int    `dynamo:"total"`
	Status string `dynamo:"status"`
	Note   string `dynamo:"note"`
}

type r4Refund struct {
	ShopID string `dynamo:"shopId"`
	ID     string `dynamo:"id"`
	Total  string `dynamo:"total"` // the same name, stored as S
	Status string `dynamo:"status"`
	Note   string `dynamo:"note"`
}

func r4Shop(t *testing.T) (*entity.Entity[r4Order], *entity.Entity[r4Refund]) {
	t.Helper()
	table := &entity.Table{Name: "shop", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	orders, err := entity.Define(table, entity.Config[r4Order]{
		Name: "Order", Key: entity.Key{Partition: "SHOP#${shopId}", Sort: "ORDER#${id}"},
		Indexes:    []entity.IndexKey[r4Order]{{Index: "GSI1", Partition: "STATUS#${status}", Sort: "ORDER#${id}"}},
		Attributes: map[string]entity.Attribute{"status": {Enum: []string{"open", "paid"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	refunds, err := entity.Define(table, entity.Config[r4Refund]{
		Name: "Refund", Key: entity.Key{Partition: "SHOP#${shopId}", Sort: "REFUND#${id}"},
		Attributes: map[string]entity.Attribute{"status": {Enum: []string{"asked", "done"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return orders, refunds
}

// r4Invalid wants a ValidationError naming entity and attribute whose text
// says each of want.
func r4Invalid(t *testing.T, what string, err error, ent, attr string, want ...string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != attr || !strings.Contains(ve.Entity, ent) {
		t.Errorf("%s: err = %v, want a ValidationError of %s naming %s", what, err, ent, attr)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: %v, want it to say %q", what, err, w)
		}
	}
}

// TestReview4CollectionFilterOnADifferentlyStoredName: a collection filter
// on a name its entities store differently is refused, whatever their
// order; a name stored alike keeps working.
func TestReview4CollectionFilterOnADifferentlyStoredName(t *testing.T) {
	t.Parallel()
	orders, refunds := r4Shop(t)
	shop := entity.Values{"shopId": "s1"}
	for what, c := range map[string]query.Collection{
		"orders first":  query.Of(orders, refunds).Where(shop).Filter(entity.Attr("total").Gt(5)),
		"refunds first": query.Of(refunds, orders).Where(shop).Filter(entity.Attr("total").Gt("5")),
	} {
		_, err := c.Build()
		r4Invalid(t, what, err, "Order", "total", "ambiguous", "int", "string")
	}
	if _, err := query.Of(orders, refunds).Where(shop).Filter(entity.Attr("note").Eq("x")).Build(); err != nil {
		t.Errorf("a filter on a name stored alike: %v", err)
	}
	if _, err := query.Of(orders, refunds).Where(shop).Filter(entity.Attr("total").Exists()).Build(); err != nil {
		t.Errorf("a filter without a value: %v", err)
	}
}

// TestReview4EnumOnQueryValues: a key, filter or condition value outside
// the attribute's Enum can match no item a put wrote: refused with the
// error a put gives. In a collection, a value another entity allows stays.
func TestReview4EnumOnQueryValues(t *testing.T) {
	t.Parallel()
	orders, refunds := r4Shop(t)
	_, err := query.New(orders).Index("GSI1").Where(entity.Values{"status": "shipped"}).Build()
	r4Invalid(t, "key value", err, "Order", "status", `"shipped" is not one of open, paid`)
	_, err = query.New(orders).Where(entity.Values{"shopId": "s1"}).Filter(entity.Attr("status").Eq("shipped")).Build()
	r4Invalid(t, "filter value", err, "Order", "status", `"shipped" is not one of open, paid`)
	_, err = query.New(orders).Where(entity.Values{"shopId": "s1"}).Filter(entity.Attr("status").In("lost", "shipped")).Build()
	r4Invalid(t, "filter In values all outside the Enum", err, "Order", "status", `"lost"`)
	_, err = orders.Update(entity.Values{"shopId": "s1", "id": "1"}).Set("note", "n").If(entity.Attr("status").Eq("shipped")).Build()
	r4Invalid(t, "condition value", err, "Order", "status", `"shipped" is not one of open, paid`)
	_, err = orders.Put(r4Order{ShopID: "s1", ID: "1", Status: "shipped"}).Build()
	r4Invalid(t, "put (the reference)", err, "Order", "status", `"shipped" is not one of open, paid`)
	for what, build := range map[string]func() error{
		"key value in the enum": func() error {
			_, err := query.New(orders).Index("GSI1").Where(entity.Values{"status": "paid"}).Build()
			return err
		},
		// Comparisons that may still match items holding a value outside
		// the Enum (written before it narrowed) are not refused.
		"filter In with one value in the Enum": func() error {
			_, err := query.New(orders).Where(entity.Values{"shopId": "s1"}).Filter(entity.Attr("status").In("open", "shipped")).Build()
			return err
		},
		"filter Ne of a value outside the Enum": func() error {
			_, err := query.New(orders).Where(entity.Values{"shopId": "s1"}).Filter(entity.Attr("status").Ne("shipped")).Build()
			return err
		},
		"filter value another entity allows": func() error {
			_, err := query.Of(orders, refunds).Where(entity.Values{"shopId": "s1"}).Filter(entity.Attr("status").Eq("done")).Build()
			return err
		},
	} {
		if err := build(); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	_, err = query.Of(orders, refunds).Where(entity.Values{"shopId": "s1"}).Filter(entity.Attr("status").Eq("lost")).Build()
	r4Invalid(t, "filter value no entity allows", err, "Order", "status", `"lost"`)
}

// TestReview4FindNamesTheAttributeAtFault: when no key fits, Find's error
// names the values at fault (a missing partition composite, a value no
// key takes), not every value given.
func TestReview4FindNamesTheAttributeAtFault(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, scores := newSchool()
	_, err := query.Find(scores, entity.Values{"player": "ann"}).Build()
	r4Invalid(t, "missing partition composite", err, "Score", "game", "needs game")
	_, err = query.Find(lessons, entity.Values{"courseId": "c1", "modul": "m1"}).Build()
	r4Invalid(t, "misspelt value", err, "Lesson", "modul", "modul not leading")
	_, err = query.Find(lessons, entity.Values{"courseId": "c1", "lessonId": "l1"}).Build()
	r4Invalid(t, "sort composite out of order", err, "Lesson", "lessonId")
}
