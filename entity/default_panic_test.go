package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// A Default func that panics makes the write fail with an error naming
// the entity and the attribute, wrapping the panic (ErrPanic): the panic
// does not escape Build or Run, nor a batch's goroutine, and nothing is
// sent.
func TestADefaultFuncThatPanicsIsAnError(t *testing.T) {
	t.Parallel()
	db := entity.NewDB(entitytest.NoRequests(t), "defaults")
	e, err := dvDefine(map[string]entity.Attribute{"kind": {Default: func() any { panic("no more ids") }}})
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, err error) {
		t.Helper()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity == "" || ve.Attribute != "kind" || !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want a *ValidationError naming kind that wraps ErrPanic", what, err, err)
		}
	}
	_, err = e.Put(dvDoc{ID: "a"}).Build()
	check("Put.Build", err)
	_, err = e.Put(dvDoc{ID: "a"}).Run(t.Context(), db)
	check("Put.Run", err)
	_, err = e.Create(dvDoc{ID: "a"}).Run(t.Context(), db)
	check("Create.Run", err)
	_, err = e.Upsert(dvDoc{ID: "a"}).Run(t.Context(), db)
	check("Upsert.Run", err)
	_, err = txn.Write(e.Put(dvDoc{ID: "a"})).Build()
	check("txn.Write.Build", err)
	err = txn.BatchWrite(t.Context(), db, txn.BatchOptions{}, e.Put(dvDoc{ID: "a"}), e.Put(dvDoc{ID: "b"}))
	check("txn.BatchWrite", err)
}

// upDoc is a model whose user functions panic for the item "boom".
type upDoc struct {
	ID     string `dynamo:"id"`
	Status string `dynamo:"status"`
	Rank   int    `dynamo:"rank"`
}

// A panic in any function a model holds (an Attribute's Validate, the
// Config's Validate, an index's SortFunc or When) fails the operation with
// an error naming the entity that wraps the panic (ErrPanic), before any
// request; it does not unwind through Build or Run.
func TestUserFuncsThatPanicAreErrors(t *testing.T) {
	t.Parallel()
	boom := func(id string) {
		if id == "boom" {
			panic("user code failed on " + id)
		}
	}
	models := map[string]entity.Config[upDoc]{
		"Attribute.Validate": {Attributes: map[string]entity.Attribute{"status": {Validate: func(v any) error { boom(v.(string)); return nil }}}},
		"Config.Validate":    {Validate: func(d *upDoc) error { boom(d.ID); return nil }},
		"IndexKey.SortFunc": {Indexes: []entity.IndexKey[upDoc]{{Index: "GSI1", Partition: "S#${status}",
			SortFunc: func(d upDoc) (string, error) { boom(d.ID); return "R#" + d.ID, nil }, SortUses: []string{"id", "rank"}}}},
		"IndexKey.When": {Indexes: []entity.IndexKey[upDoc]{{Index: "GSI2", Partition: "S#${status}", Sort: "R#${id}",
			Sparse: true, When: func(d upDoc) bool { boom(d.ID); return d.Rank > 0 }}}},
	}
	db := entity.NewDB(entitytest.NoRequests(t), "panics")
	for name, cfg := range models {
		cfg.Name, cfg.Key = "Doc", entity.Key{Partition: "D#${id}", Sort: "D"}
		tb := &entity.Table{Name: "panics", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
		}}
		e, err := entity.Define(tb, cfg)
		if err != nil {
			t.Fatalf("%s: Define: %v", name, err)
		}
		check := func(what string, err error) {
			t.Helper()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity != "Doc" || !errors.Is(err, ddbmodel.ErrPanic) {
				t.Errorf("%s: %s: got %v (%T), want a *ValidationError of Doc that wraps ErrPanic", name, what, err, err)
			}
		}
		v := upDoc{ID: "boom", Status: "boom", Rank: 1}
		_, err = e.Put(v).Build()
		check("Put.Build", err)
		_, err = e.Create(v).Run(t.Context(), db)
		check("Create.Run", err)
		_, err = txn.Write(e.Put(v)).Build()
		check("txn.Write.Build", err)
		err = txn.BatchWrite(t.Context(), db, txn.BatchOptions{}, e.Put(v), e.Put(upDoc{ID: "b", Status: "b"}))
		check("txn.BatchWrite", err)
		if name == "IndexKey.SortFunc" || name == "Attribute.Validate" {
			_, err = e.Update(entity.Values{"id": "boom"}).Set("rank", 2).Set("status", "boom").ReadFirst().Build()
			if err == nil || !errors.Is(err, ddbmodel.ErrPanic) && !errors.Is(err, entity.ErrNeedsRead) {
				t.Errorf("%s: Update.Build: %v", name, err)
			}
		}
	}
}

// pmBad is a value whose own marshalling panics for "boom".
type pmBad string

func (b pmBad) MarshalDynamo() (types.AttributeValue, error) {
	if b == "boom" {
		panic("marshal boom")
	}
	return &types.AttributeValueMemberS{Value: string(b)}, nil
}

type pmDoc struct {
	ID  string `dynamo:"id"`
	Bad pmBad  `dynamo:"bad"`
}

// A value whose own MarshalDynamo panics fails the put, update, delete or
// query building with it: a *ValidationError of the entity wrapping the
// panic (ErrPanic), not a panic out of Build.
func TestAValuesPanickingMarshallerIsAnError(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "marshal", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e, err := entity.Define(tb, entity.Config[pmDoc]{Name: "Doc", Key: entity.Key{Partition: "D#${id}", Sort: "D"}})
	if err != nil {
		t.Fatal(err)
	}
	boom := entity.Attr("bad").Eq(pmBad("boom"))
	for what, build := range map[string]func() error{
		"Put":    func() error { _, err := e.Put(pmDoc{ID: "a", Bad: "boom"}).Build(); return err },
		"Create": func() error { _, err := e.Create(pmDoc{ID: "a", Bad: "boom"}).Build(); return err },
		"Update.Set": func() error {
			_, err := e.Update(entity.Values{"id": "a"}).Set("bad", pmBad("boom")).Build()
			return err
		},
		"Update.If": func() error {
			_, err := e.Update(entity.Values{"id": "a"}).Set("bad", pmBad("x")).If(boom).Build()
			return err
		},
		"Delete.If":    func() error { _, err := e.Delete(entity.Values{"id": "a"}).If(boom).Build(); return err },
		"Query.Filter": func() error { _, err := query.New(e).Where(entity.Values{"id": "a"}).Filter(boom).Build(); return err },
		"txn.Write":    func() error { _, err := txn.Write(e.Put(pmDoc{ID: "a", Bad: "boom"})).Build(); return err },
	} {
		err := callNoPanic(t, what, build)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Doc" || !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want a *ValidationError of Doc that wraps ErrPanic", what, err, err)
		}
	}
}

// pmCode is a key composite whose own MarshalText panics for "boom".
type pmCode string

func (c pmCode) MarshalText() ([]byte, error) {
	if c == "boom" {
		panic("text boom")
	}
	return []byte(c), nil
}

func (c *pmCode) UnmarshalText(b []byte) error { *c = pmCode(b); return nil }

type pmKeyed struct {
	ID   pmCode `dynamo:"id"`
	Note pmBad  `dynamo:"note"`
}

// A key composite whose own MarshalText panics fails every operation keyed
// by it, reads and condition checks included (Get.Build, KeyOf and
// Upsert.Build let the panic out), with a *ValidationError of the entity
// wrapping ErrPanic; so does a check's condition value whose MarshalDynamo
// panics. Transactions report the entity's error, not a guess about zero
// values.
func TestAKeyCompositesPanickingMarshallerIsAnError(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "keyed", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e, err := entity.Define(tb, entity.Config[pmKeyed]{Name: "Keyed", Key: entity.Key{Partition: "K#${id}", Sort: "K"}})
	if err != nil {
		t.Fatal(err)
	}
	boomKey := entity.Values{"id": pmCode("boom")}
	okKey := entity.Values{"id": pmCode("a")}
	noteIs := entity.Attr("note").Eq(pmBad("x"))
	for what, build := range map[string]func() error{
		"Get":            func() error { _, err := e.Get(boomKey).Build(); return err },
		"Get.Consistent": func() error { _, err := e.Get(boomKey).Consistent().Build(); return err },
		"Delete":         func() error { _, err := e.Delete(boomKey).Build(); return err },
		"Update":         func() error { _, err := e.Update(boomKey).Set("note", pmBad("x")).Build(); return err },
		"Query.Where":    func() error { _, err := query.New(e).Where(boomKey).Build(); return err },
		"txn.Get":        func() error { _, err := txn.Get(e.Get(boomKey)).Build(); return err },
		"Check.key":      func() error { _, err := txn.Write(e.Check(boomKey, noteIs)).Build(); return err },
		"Check.cond": func() error {
			_, err := txn.Write(e.Check(okKey, entity.Attr("note").Eq(pmBad("boom")))).Build()
			return err
		},
		"Check.TransactWrite": func() error { _, err := e.Check(boomKey, noteIs).TransactWrite(); return err },
		"KeyOf":               func() error { _, err := e.KeyOf(pmKeyed{ID: "boom"}); return err },
		"Upsert":              func() error { _, err := e.Upsert(pmKeyed{ID: "boom"}).Build(); return err },
	} {
		err := callNoPanic(t, what, build)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Keyed" || !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want a *ValidationError of Keyed that wraps ErrPanic", what, err, err)
		} else if strings.Contains(err.Error(), "zero value") {
			t.Errorf("%s: %v: the entity's error is replaced by a guess", what, err)
		}
	}
}

// pmLabel's own UnmarshalText panics for "boom".
type pmLabel string

func (l *pmLabel) UnmarshalText(b []byte) error {
	if string(b) == "boom" {
		panic("unmarshal boom")
	}
	*l = pmLabel(b)
	return nil
}

func (l pmLabel) MarshalText() ([]byte, error) { return []byte(l), nil }

type pmLabelled struct {
	ID    string  `dynamo:"id"`
	Label pmLabel `dynamo:"label"`
}

// An item whose field's own UnmarshalText panics does not decode: Decode
// (and Table.Decode, which query pages use) return a *ddbmodel.DecodeError
// wrapping ErrPanic instead of letting the panic out.
func TestAFieldsPanickingUnmarshallerIsADecodeError(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "labels", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e, err := entity.Define(tb, entity.Config[pmLabelled]{Name: "Labelled", Key: entity.Key{Partition: "L#${id}", Sort: "L"}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := e.Put(pmLabelled{ID: "a", Label: "fine"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	item := in.Item
	item["label"] = &types.AttributeValueMemberS{Value: "boom"}
	for what, decode := range map[string]func() error{
		"Entity.Decode": func() error { _, err := e.Decode(item); return err },
		"Table.Decode":  func() error { _, err := tb.Decode(item); return err },
	} {
		err := callNoPanic(t, what, decode)
		var de *ddbmodel.DecodeError
		if !errors.As(err, &de) || de.Entity != "Labelled" || !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want a *DecodeError of Labelled that wraps ErrPanic", what, err, err)
		}
	}
}

// callNoPanic calls f and returns its error, failing the test (and
// returning nil) when f panics.
func callNoPanic(t *testing.T, what string, f func() error) (err error) {
	t.Helper()
	defer func() {
		if x := recover(); x != nil {
			t.Errorf("%s: panicked: %v", what, x)
		}
	}()
	return f()
}
