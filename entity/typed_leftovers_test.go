package entity_test

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// The leftovers of issue #11: the lock's increment kept in its type's
// range (Upsert, Update, Put), raw and text numbers taken by value (a
// float32's short text, an integer's "1.0"), and slices of a named
// string type taken where the named type is.

type LfStr string

type lfItem struct {
	ID    string    `dynamo:"id"`
	F     float32   `dynamo:"f"`
	Fs    []float32 `dynamo:"fs"`
	N     int       `dynamo:"n"`
	Small uint8     `dynamo:"small"`
	Tags  []string  `dynamo:"tags"`
	MTags []LfStr   `dynamo:"mtags"`
	STags []LfStr   `dynamo:"stags,set"`
	Ver   int8      `dynamo:"ver"`
}

func lfDefine(t testing.TB) *entity.Entity[lfItem] {
	t.Helper()
	table := &entity.Table{Name: "leftovers", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e, err := entity.Define(table, entity.Config[lfItem]{
		Name:          "Lf",
		Key:           entity.Key{Partition: "LF#${id}", Sort: "#LF"},
		LockAttribute: "ver",
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

var lfKey = entity.Values{"id": "t1"}

// sentN returns the number texts among the request's values.
func sentN(vals map[string]types.AttributeValue) map[string]bool {
	out := map[string]bool{}
	for _, v := range vals {
		switch v := v.(type) {
		case *types.AttributeValueMemberN:
			out[v.Value] = true
		case *types.AttributeValueMemberL:
			for _, e := range v.Value {
				if n, ok := e.(*types.AttributeValueMemberN); ok {
					out["L:"+n.Value] = true
				}
			}
		}
	}
	return out
}

// An upsert and an update ADD 1 to the lock; an int8 lock holding 127 is
// not moved to 128 (which no read decodes): the write fails with an
// *AddRangeError and the item is unchanged. A put of a value whose lock
// is 127 is refused before sending.
func TestNarrowLockStaysInItsRange(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := lfDefine(t)
	db := entitytest.NewDB(t, e.Table())
	// An item whose lock is at 126: the next write takes it to 127.
	seed := func(ver string) {
		t.Helper()
		in, err := e.Put(lfItem{ID: "t1", N: 1}).Build()
		if err != nil {
			t.Fatal(err)
		}
		in.TableName = aws.String(db.TableName)
		in.ConditionExpression, in.ExpressionAttributeNames, in.ExpressionAttributeValues = nil, nil, nil
		in.Item["ver"] = &types.AttributeValueMemberN{Value: ver}
		if _, err := db.Client.PutItem(ctx, in); err != nil {
			t.Fatal(err)
		}
	}
	key, err := e.Key(lfKey)
	if err != nil {
		t.Fatal(err)
	}
	storedVer := func() string {
		t.Helper()
		return rawItem(t, db, key)["ver"].(*types.AttributeValueMemberN).Value
	}
	seed("126")
	got, err := e.Upsert(lfItem{ID: "t1", N: 2}).Run(ctx, db)
	if err != nil || got.Ver != 127 {
		t.Fatalf("upsert at 126 = %+v, %v; want version 127", got, err)
	}
	wantRange := func(op string, err error) {
		t.Helper()
		var re *entity.AddRangeError
		if !errors.As(err, &re) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Fatalf("%s at 127: err = %v (%T), want an *entity.AddRangeError", op, err, err)
		}
		if re.Entity != "Lf" || re.Attribute != "ver" || re.Type != "int8" || re.Stored != "127" || re.Delta != "1" || re.Missing {
			t.Errorf("%s at 127: %+v", op, *re)
		}
		if v := storedVer(); v != "127" {
			t.Errorf("%s at 127 stored version %s, want 127 unchanged", op, v)
		}
	}
	_, err = e.Upsert(lfItem{ID: "t1", N: 3}).Run(ctx, db)
	wantRange("upsert", err)
	_, err = e.Update(lfKey).Set("n", 4).Run(ctx, db)
	wantRange("update", err)

	// A put knows the version: it refuses before sending.
	nodb := entity.NewDB(entitytest.NoRequests(t), "leftovers")
	_, err = e.Put(lfItem{ID: "t1", Ver: 127}).Run(ctx, nodb)
	wantInvalid(t, err, "Lf", "ver", "127", "int8")
}

// A raw number for a float32 field that reads back as the same float32 as
// the put's text is that float32, and is sent as the put encodes it
// (guregu/dynamo writes a float32 0.1 as "0.10000000149011612"); in a
// list of float32 too. One that no float32 holds is refused.
func TestRawNumberForAFloat32IsTheFloat(t *testing.T) {
	t.Parallel()
	e := lfDefine(t)
	raw, err := e.Update(lfKey).Set("f", roN("0.1")).Set("fs", &types.AttributeValueMemberL{Value: []types.AttributeValue{roN("0.1"), roN("2.5")}}).Build()
	if err != nil {
		t.Fatalf("Set(f, N 0.1): %v", err)
	}
	typed, err := e.Update(lfKey).Set("f", float32(0.1)).Set("fs", []float32{0.1, 2.5}).Build()
	if err != nil {
		t.Fatal(err)
	}
	got, want := sentN(raw.ExpressionAttributeValues), sentN(typed.ExpressionAttributeValues)
	if len(got) != len(want) || !want["0.10000000149011612"] {
		t.Fatalf("raw sent %v, typed %v", got, want)
	}
	for n := range want {
		if !got[n] {
			t.Errorf("raw form sent %v, want the put's %v", got, want)
		}
	}
	// In a condition too.
	if _, err := e.Update(lfKey).Set("n", 1).If(entity.Attr("f").Eq(roN("0.1"))).Build(); err != nil {
		t.Errorf("If(f = N 0.1): %v", err)
	}
	_, err = e.Update(lfKey).Set("f", roN("1e39")).Build()
	wantInvalid(t, err, "Lf", "f", "want float32")
}

// An integer field takes a number written with a zero fraction or an
// exponent ("1.0", "1e2"), as raw N or as text, as the integer it is
// (DynamoDB stores both as 1 and 100), sent as a put encodes it; a
// number with a fraction is refused with a message saying so.
func TestIntegralNumberTextForAnIntField(t *testing.T) {
	t.Parallel()
	e := lfDefine(t)
	for text, want := range map[string]string{"1.0": "1", "1e2": "100", "-2.000": "-2", "0.7e1": "7"} {
		in, err := e.Update(lfKey).Set("n", roN(text)).Build()
		if err != nil {
			t.Errorf("Set(n, N %q): %v", text, err)
			continue
		}
		if got := sentN(in.ExpressionAttributeValues); !got[want] || got[text] {
			t.Errorf("Set(n, N %q) sent %v, want %q", text, got, want)
		}
		// Text, where text is taken (a With value, a key value).
		in, err = e.Update(lfKey).Set("f", float32(1)).With(entity.Values{"n": text}).Build()
		if err != nil {
			t.Errorf("With(n: %q): %v", text, err)
			continue
		}
		if got := sentN(in.ExpressionAttributeValues); !got[want] {
			t.Errorf("With(n: %q) sent %v, want %q", text, got, want)
		}
	}
	_, err := e.Update(lfKey).Set("n", roN("1.5")).Build()
	wantInvalid(t, err, "Lf", "n", "1.5 is not a whole number")
	_, err = e.Update(lfKey).Set("f", float32(1)).With(entity.Values{"n": "2.50"}).Build()
	wantInvalid(t, err, "Lf", "n", "2.50 is not a whole number")
}

// A slice of a named string type is taken for a []string field, and a
// []string for a slice of the named type, as a value of the named type is
// taken for a string field: Set, Append and a set's Add; stored as the
// put stores it. A slice of another kind is still refused.
func TestSliceOfANamedStringType(t *testing.T) {
	t.Parallel()
	e := lfDefine(t)
	build := func(u entity.UpdateOp[lfItem]) string {
		t.Helper()
		in, err := u.Build()
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(*in.UpdateExpression, lfValues(t, in.ExpressionAttributeValues))
	}
	pairs := []struct {
		name      string
		got, want entity.UpdateOp[lfItem]
	}{
		{"Set []LfStr on []string", e.Update(lfKey).Set("tags", []LfStr{"a", "b"}), e.Update(lfKey).Set("tags", []string{"a", "b"})},
		{"Set []string on []LfStr", e.Update(lfKey).Set("mtags", []string{"a", "b"}), e.Update(lfKey).Set("mtags", []LfStr{"a", "b"})},
		{"Add []string to a set of LfStr", e.Update(lfKey).Add("stags", []string{"a"}), e.Update(lfKey).Add("stags", []LfStr{"a"})},
		{"Append []LfStr to []string", e.Update(lfKey).Append("tags", []LfStr{"a"}), e.Update(lfKey).Append("tags", []string{"a"})},
	}
	for _, p := range pairs {
		if got, want := build(p.got), build(p.want); got != want {
			t.Errorf("%s sent %s, want %s", p.name, got, want)
		}
	}
	_, err := e.Update(lfKey).Set("tags", []int{1}).Build()
	wantInvalid(t, err, "Lf", "tags", "want []string")
}

// lfValues writes the request's values in placeholder order.
func lfValues(t *testing.T, vals map[string]types.AttributeValue) string {
	t.Helper()
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(" " + k + "=" + lfAV(vals[k]))
	}
	return b.String()
}

func lfAV(av types.AttributeValue) string {
	switch v := av.(type) {
	case *types.AttributeValueMemberL:
		parts := make([]string, len(v.Value))
		for i, e := range v.Value {
			parts[i] = lfAV(e)
		}
		return "L[" + strings.Join(parts, ",") + "]"
	case *types.AttributeValueMemberSS:
		ss := slices.Sorted(slices.Values(v.Value))
		return "SS[" + strings.Join(ss, ",") + "]"
	case *types.AttributeValueMemberS:
		return "S:" + v.Value
	case *types.AttributeValueMemberN:
		return "N:" + v.Value
	}
	return fmt.Sprintf("%T", av)
}
