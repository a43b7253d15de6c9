package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// wantKeySizeError checks that err refuses a multi-attribute key's size,
// naming the entity and the attribute.
func wantKeySizeError(t *testing.T, what string, err error, attr string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrLimitExceeded) || ve.Entity != "Ticket" || ve.Attribute != attr {
		t.Errorf("%s: %v; want a *ddbmodel.ValidationError for Ticket attribute %s wrapping a *ddbmodel.LimitError", what, err, attr)
	}
}

// DynamoDB adds up the attributes of each role of a multi-attribute key:
// the partition attributes hold at most 2048 bytes together, the sort
// attributes 1024. Writes over it are refused before sending.
func TestMultiKeySizeRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	db := entity.NewDB(entitytest.NoRequests(t), "mk")
	e := mkDefine(t, mkTable(), false)
	ctx := t.Context()
	// region 1 counts 2 bytes, as does at 5.
	longTenant := mkTicket{ID: "1", Tenant: strings.Repeat("t", 2047), Region: 1, Status: "open", At: 5}
	longStatus := mkTicket{ID: "1", Tenant: "acme", Region: 1, Status: strings.Repeat("s", 1023), At: 5}
	for _, c := range []struct {
		name string
		v    mkTicket
		attr string
	}{{"partition", longTenant, "tenant"}, {"sort", longStatus, "status"}} {
		_, err := e.Put(c.v).Run(ctx, db)
		wantKeySizeError(t, c.name+": put", err, c.attr)
		_, err = e.Create(c.v).Run(ctx, db)
		wantKeySizeError(t, c.name+": create", err, c.attr)
		_, err = e.Upsert(c.v).Run(ctx, db)
		wantKeySizeError(t, c.name+": upsert", err, c.attr)
	}
	// Each attribute alone is bounded by its role's limit, and an update
	// setting several adds them up.
	_, err := e.Update(entity.Values{"id": "1"}).Set("status", strings.Repeat("s", 1025)).Run(ctx, db)
	wantKeySizeError(t, "update of status alone", err, "status")
	_, err = e.Update(entity.Values{"id": "1"}).Set("tenant", strings.Repeat("t", 2047)).Set("region", 12345).Run(ctx, db)
	wantKeySizeError(t, "update of tenant and region", err, "tenant")
	// At the limit, the writes build.
	atLimit := mkTicket{ID: "1", Tenant: strings.Repeat("t", 2046), Region: 1, Status: strings.Repeat("s", 1022), At: 5}
	if _, err := e.Put(atLimit).Build(); err != nil {
		t.Errorf("put at the limit: %v", err)
	}
	if _, err := e.Upsert(atLimit).Build(); err != nil {
		t.Errorf("upsert at the limit: %v", err)
	}
	// An update does not know the stored values of the attributes it does
	// not set: what it sets alone is checked.
	if _, err := e.Update(entity.Values{"id": "1"}).Set("status", strings.Repeat("s", 1024)).Build(); err != nil {
		t.Errorf("update of status to 1024 bytes: %v", err)
	}
	// A sparse index's item without every key attribute is not in the
	// index: its other attributes have no key limit.
	sparse := mkDefine(t, mkTable(), true)
	if _, err := sparse.Put(mkTicket{ID: "1", Tenant: strings.Repeat("t", 3000), Region: 1, At: 5}).Build(); err != nil {
		t.Errorf("sparse index, item outside it: %v", err)
	}
}

// TestMultiKeySizeMatchesDynamoDBLocal finds, for numbers of several sizes
// beside a string, the longest string the library accepts in each role, and
// checks that DynamoDB Local takes that item and refuses one byte more: the
// library measures a key as DynamoDB does.
func TestMultiKeySizeMatchesDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := mkTable()
	e := mkDefine(t, table, false)
	db := entitytest.NewDB(t, table)
	longest := func(mk func(n int) mkTicket, from int) (mkTicket, int) {
		t.Helper()
		for n := from; n > from-64; n-- {
			v := mk(n)
			_, err := e.Put(v).Build()
			if err == nil {
				return v, n
			}
			if !errors.Is(err, ddbmodel.ErrLimitExceeded) {
				t.Fatalf("put of %d bytes: %v", n, err)
			}
		}
		t.Fatalf("no put within 64 bytes of %d builds", from)
		return mkTicket{}, 0
	}
	i := 0
	for _, num := range []int64{0, 7, -42, 1234567, 9007199254740993} {
		for _, role := range []struct {
			name, attr string
			max        int
			mk         func(id string, n int, num int64) mkTicket
		}{
			{"partition", "tenant", 2048, func(id string, n int, num int64) mkTicket {
				return mkTicket{ID: id, Tenant: strings.Repeat("t", n), Region: int(num), Status: "open", At: 1}
			}},
			{"sort", "status", 1024, func(id string, n int, num int64) mkTicket {
				return mkTicket{ID: id, Tenant: "acme", Region: 1, Status: strings.Repeat("s", n), At: num}
			}},
		} {
			i++
			id := string(rune('a' + i))
			v, n := longest(func(n int) mkTicket { return role.mk(id, n, num) }, role.max)
			if _, err := e.Put(v).Run(ctx, db); err != nil {
				t.Errorf("%s key with %d and %d bytes: the library builds it, DynamoDB Local refuses it: %v", role.name, num, n, err)
				continue
			}
			in, err := e.Put(v).Build()
			if err != nil {
				t.Fatal(err)
			}
			s := in.Item[role.attr].(*types.AttributeValueMemberS)
			in.Item[role.attr] = &types.AttributeValueMemberS{Value: s.Value + "x"}
			in.TableName = aws.String(db.TableName)
			in.ConditionExpression, in.ExpressionAttributeNames, in.ExpressionAttributeValues = nil, nil, nil
			if _, err := db.Client.PutItem(ctx, in); err == nil {
				t.Errorf("%s key with %d and %d bytes: the library refuses it, DynamoDB Local takes it", role.name, num, n+1)
			} else if !strings.Contains(err.Error(), "ValidationException") {
				t.Errorf("%s key with %d and %d bytes: %v, want DynamoDB Local's ValidationException", role.name, num, n+1, err)
			}
		}
	}
}
