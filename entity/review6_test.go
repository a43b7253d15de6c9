package entity_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The model of the sixth review's findings: fields a put always stores
// (numbers, a bool, a time, a null pointer, a struct and an array held by
// value) beside fields it may leave out, a list with an Enum, a map of
// structs and an unsigned counter.
type r6Addr struct {
	City string `dynamo:"city"`
	Zip  int    `dynamo:"zip"`
	Note *int   `dynamo:"note"`
}

type r6Link struct {
	URL string `dynamo:"url"`
}

type r6Item struct {
	ID     string            `dynamo:"id"`
	Name   string            `dynamo:"name"`
	Score  float64           `dynamo:"score"`
	Opt    float64           `dynamo:"opt,omitempty"`
	Hits   uint              `dynamo:"hits"`
	Done   bool              `dynamo:"done"`
	At     time.Time         `dynamo:"at"`
	Exp    time.Time         `dynamo:"exp,unixtime"`
	Ptr    *int              `dynamo:"ptr"`
	Nul    *int              `dynamo:"nul,null"`
	Tags   []string          `dynamo:"tags"`
	Cl     []string          `dynamo:"cl"`
	Addr   r6Addr            `dynamo:"addr"`
	Homes  map[string]r6Addr `dynamo:"homes"`
	Scores map[string]int    `dynamo:"scores"`
	Links  map[string]r6Link `dynamo:"links"`
	Fixed  [2]int            `dynamo:"fixed"`
}

func r6Table() *entity.Table {
	return &entity.Table{Name: "review6", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
}

func r6Define(t testing.TB, table *entity.Table) *entity.Entity[r6Item] {
	t.Helper()
	e, err := entity.Define(table, r6Config())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func r6Config() entity.Config[r6Item] {
	return entity.Config[r6Item]{
		Name:       "R6",
		Key:        entity.Key{Partition: "R6#${id}", Sort: "R6"},
		Attributes: map[string]entity.Attribute{"cl": {Enum: []string{"a", "b"}}},
	}
}

var (
	r6      = entity.MustDefine(r6Table(), r6Config())
	r6Key   = entity.Values{"id": "1"}
	r6Score = entity.NumberOf(r6, func(v *r6Item) *float64 { return &v.Score })
	r6Zip   = entity.NumberOf(r6, func(v *r6Item) *int { return &v.Addr.Zip })
	r6Done  = entity.FieldOf(r6, func(v *r6Item) *bool { return &v.Done })
	r6At    = entity.TimeOf(r6, func(v *r6Item) *time.Time { return &v.At })
)

// r6StoredPaths are the paths to struct fields a put always stores: a
// Remove of each is refused.
var r6StoredPaths = []string{"score", "hits", "done", "at", "nul", "addr", "fixed", "addr.zip", "homes.h.zip", `homes."a.b".zip`}

// A Remove of a struct field that a put always stores is refused at
// Build, at every depth, in the string form, the typed form and a
// transaction; a Remove of what a put may leave out is not.
func TestRemoveOfAFieldAPutAlwaysStoresIsRefused(t *testing.T) {
	t.Parallel()
	for _, path := range r6StoredPaths {
		_, err := r6.Update(r6Key).Remove(path).Build()
		wantMessage(t, "Remove("+path+")", err, path, "a put always stores it", "Set it to ", "instead")
		checkOnePrefix(t, err)
	}
	_, err := r6.Update(r6Key).Remove("score").Build()
	wantMessage(t, "Remove of a float64", err, "score", "float64 without omitempty", "Set it to 0 instead", "tag the field omitempty")
	_, err = r6.Update(r6Key).Remove("nul").Build()
	wantMessage(t, "Remove of a null pointer", err, "nul", "with the null tag option", "Set it to nil instead")
	_, err = r6.Update(r6Key).Remove("done").Build()
	wantMessage(t, "Remove of a bool", err, "done", "Set it to false instead")
	for _, c := range []struct {
		what, attr string
		ch         entity.Change[r6Item]
	}{
		{"NumberOf(score).Remove()", "score", r6Score.Remove()},
		{"NumberOf(addr.zip).Remove()", "addr.zip", r6Zip.Remove()},
		{"FieldOf(done).Remove()", "done", r6Done.Remove()},
		{"TimeOf(at).Remove()", "at", r6At.Remove()},
	} {
		_, err := r6.Update(r6Key).Apply(c.ch).Build()
		wantMessage(t, c.what, err, c.attr, "a put always stores it")
	}
	_, err = txn.Write(r6.Update(r6Key).Set("name", "n").Remove("addr.zip")).Build()
	wantMessage(t, "txn.Write of the Remove", err, "addr.zip", "a put always stores it")

	for _, path := range []string{"opt", "exp", "ptr", "name", "tags", "tags[0]", "homes.h", "scores.x", "addr.city", "addr.note", "links.x"} {
		if _, err := r6.Update(r6Key).Remove(path).Build(); err != nil {
			t.Errorf("Remove(%q): %v", path, err)
		}
	}
}

// On the table: an item whose float is Set to 0 reads back as 0 and
// matches a condition on 0 (a Remove, refused now, left an item that
// read as 0 but matched none).
func TestSetZeroInsteadOfRemoveMatchesAConditionOnZero(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := r6Table()
	e := r6Define(t, table)
	db := entitytest.NewDB(t, table)
	if _, err := e.Put(r6Item{ID: "1", Score: 2.5}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	rec := entitytest.NewRecorder(db.Client)
	rdb := entity.NewDB(rec, db.TableName)
	if _, err := e.Update(r6Key).Remove("score").Run(ctx, rdb); err == nil || rec.Count() != 0 {
		t.Fatalf("Remove(score): err %v, %d requests; want a refusal before sending", err, rec.Count())
	}
	got, err := e.Update(r6Key).Apply(r6Score.Set(0)).Run(ctx, db)
	if err != nil || got.Score != 0 {
		t.Fatalf("Set(score, 0): %+v, %v", got, err)
	}
	if _, err := e.Update(r6Key).Set("name", "n").Ensure(r6Score.Eq(0)).Run(ctx, db); err != nil {
		t.Errorf("a condition on the zero the item reads as: %v", err)
	}
}

// The typed form decrements an unsigned field (Sub), conditioned to stay
// at or above 0, and moves a unixtime time by a duration (AddDuration); a
// duration on a time stored as text is refused at Build.
func TestTypedSubAndAddDuration(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := r6Table()
	e := r6Define(t, table)
	hits := entity.NumberOf(e, func(v *r6Item) *uint { return &v.Hits })
	exp := entity.TimeOf(e, func(v *r6Item) *time.Time { return &v.Exp })
	at := entity.TimeOf(e, func(v *r6Item) *time.Time { return &v.At })
	score := entity.NumberOf(e, func(v *r6Item) *float64 { return &v.Score })
	db := entitytest.NewDB(t, table)
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	if _, err := e.Put(r6Item{ID: "1", Hits: 2, Exp: t0, Score: 1}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := e.Update(r6Key).Apply(hits.Sub(2), exp.AddDuration(time.Hour), score.Sub(0.5)).Run(ctx, db)
	if err != nil || got.Hits != 0 || !got.Exp.Equal(t0.Add(time.Hour)) || got.Score != 0.5 {
		t.Fatalf("Sub(2) of 2, AddDuration(1h), Sub(0.5) of 1: %+v, %v", got, err)
	}
	_, err = e.Update(r6Key).Apply(hits.Sub(1)).Run(ctx, db)
	var re *entity.AddRangeError
	if !errors.As(err, &re) || re.Attribute != "hits" || re.Stored != "0" || re.Delta != "-1" {
		t.Errorf("Sub(1) of 0 on a uint: %v, want an AddRangeError", err)
	}
	_, err = e.Update(r6Key).Apply(exp.AddDuration(-2*time.Hour)).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	read, err := e.Get(r6Key).Run(ctx, db)
	if err != nil || !read.Exp.Equal(t0.Add(-time.Hour)) {
		t.Errorf("AddDuration(-2h): %v, %v; want %v", read.Exp, err, t0.Add(-time.Hour))
	}
	_, err = e.Update(r6Key).Apply(at.AddDuration(time.Hour)).Build()
	wantMessage(t, "AddDuration on a text time", err, "at", "stored as RFC 3339 text", "unixtime", "Set the new time instead")
	_, err = e.Update(r6Key).Apply(exp.AddDuration(time.Millisecond)).Build()
	wantMessage(t, "AddDuration of a part of a second", err, "exp", "not a whole number of seconds")
}

// An AddRangeError in a transaction is in the error's text, and so is the
// chance that the update's own condition failed too.
func TestAnAddRangeErrorInATransactionSaysTheRange(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := r6Table()
	e := r6Define(t, table)
	hits := entity.NumberOf(e, func(v *r6Item) *uint { return &v.Hits })
	name := entity.StringOf(e, func(v *r6Item) *string { return &v.Name })
	db := entitytest.NewDB(t, table)
	if _, err := e.Put(r6Item{ID: "1", Name: "n"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	err := txn.Write(e.Update(r6Key).Apply(hits.Sub(1)), e.Put(r6Item{ID: "2"})).Run(ctx, db)
	var re *entity.AddRangeError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "#0 update R6: ConditionalCheckFailed: Add -1 to R6 attribute hits, which holds 0, leaves the range of its type uint") {
		t.Errorf("transaction text %q does not say the range", err)
	}
	if strings.Contains(err.Error(), "own condition") {
		t.Errorf("%q speaks of a condition the update does not have", err)
	}
	checkOnePrefix(t, err)
	err = txn.Write(e.Update(r6Key).Apply(hits.Sub(1)).Ensure(name.Eq("other"))).Run(ctx, db)
	if !errors.As(err, &re) || !re.OwnCondition || !strings.Contains(err.Error(), "leaves the range") || !strings.Contains(err.Error(), "the update's own condition may have failed as well") {
		t.Errorf("with a failing condition of its own: %q, want both the range and the condition", err)
	}
	_, err = e.Update(r6Key).Apply(hits.Sub(1)).Ensure(name.Eq("other")).Run(ctx, db)
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "the update's own condition may have failed as well") {
		t.Errorf("single update with a failing condition of its own: %q", err)
	}
}

// An Enum refusal on a list element names the element's path as written.
func TestAnEnumRefusalOnAnElementNamesThePath(t *testing.T) {
	t.Parallel()
	_, err := r6.Update(r6Key).Set("cl[0]", "zz").Build()
	wantMessage(t, `Set("cl[0]", "zz")`, err, "cl[0]", `"zz" is not one of a, b`)
}

// A path through a map that resolves only with some names read as one key
// says how to quote it.
func TestAPathThroughAMapSaysHowToQuoteADottedKey(t *testing.T) {
	t.Parallel()
	_, err := r6.Update(r6Key).Set("links.my.web.url", "u").Build()
	wantMessage(t, "links.my.web.url", err, "links.my.web.url", `if "my.web" is one map key, quote it: links."my.web".url`)
	if _, err := r6.Update(r6Key).Set(`links."my.web".url`, "u").Build(); err != nil {
		t.Errorf("the quoted form: %v", err)
	}
	_, err = r6.Update(r6Key).Set("scores.a.b", 1).Build()
	wantMessage(t, "scores.a.b", err, "scores.a.b", `scores."a.b"`)
	// No hint when no quoting resolves.
	_, err = r6.Update(r6Key).Set("addr.city.x", "u").Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || strings.Contains(err.Error(), "quote it") {
		t.Errorf("addr.city.x: %v, want a refusal without a quoting hint", err)
	}
}

// FieldOf of an array element says it cannot be a handle and what to use.
func TestFieldOfAnArrayElementSaysWhatToUse(t *testing.T) {
	t.Parallel()
	msg := func() (msg string) {
		defer func() { msg = fmt.Sprint(recover()) }()
		entity.FieldOf(r6, func(v *r6Item) *int { return &v.Fixed[1] })
		return ""
	}()
	for _, want := range []string{"an array element cannot be a handle", `"fixed[1]"`, "&t.Fixed"} {
		if !strings.Contains(msg, want) {
			t.Errorf("FieldOf(&v.Fixed[1]) panics with %q, which does not say %q", msg, want)
		}
	}
}

// A ValidationError naming no entity and no attribute reads
// "ddbmodel: <context>: <reason>", without "invalid:" before the context,
// and still matches ErrInvalid.
func TestAnInvalidDBReadsWithoutInvalidColon(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	noClient := &entity.DB{TableName: "t"}
	for _, c := range []struct {
		what string
		err  error
		want string
	}{
		{"txn.Write", txn.Write(r6.Put(r6Item{ID: "1"})).Run(ctx, noClient), "ddbmodel: transaction: entity.DB has no Client"},
		{"Put", func() error { _, err := r6.Put(r6Item{ID: "1"}).Run(ctx, noClient); return err }(), "entity.DB has no Client"},
	} {
		if c.err == nil || !errors.Is(c.err, ddbmodel.ErrInvalid) || strings.Contains(c.err.Error(), "invalid:") || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrInvalid with text %q and no \"invalid:\"", c.what, c.err, c.want)
		}
	}
}
