package entity_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Several callers Ensuring the same fresh tables at once, each with a TTL
// attribute, all get nil: the one that creates a table enables TTL, the
// others wait for it and take "TimeToLive is already enabled" as done. A
// table whose TTL is on another attribute is still a
// *ddbmodel.TableMismatchError.
func TestEnsureConcurrentCallersAllSucceed(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	model := ovTable()
	model.TTLAttribute = "exp"
	stamp := time.Now().UnixNano()
	var names []string
	for i := range 10 {
		n := fmt.Sprintf("ensure-race-%d-%d", stamp, i)
		names = append(names, n)
		t.Cleanup(func() {
			_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(n)})
		})
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(names))
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, n := range names {
				errs <- model.Ensure(ctx, entity.NewDB(client, n), time.Minute)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("a concurrent Ensure = %v, want nil", err)
		}
	}
	for _, n := range names {
		out, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(n)})
		if err != nil || aws.ToString(out.TimeToLiveDescription.AttributeName) != "exp" {
			t.Errorf("TTL of %s after Ensure: %v, %+v", n, err, out)
		}
	}

	// TTL on another attribute: a mismatch, and TTL stays as it was.
	other := fmt.Sprintf("ensure-race-other-%d", stamp)
	in := model.CreateTableInput()
	in.TableName = aws.String(other)
	if _, err := client.CreateTable(ctx, in); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(other)})
	})
	if _, err := client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String(other),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String("expires"), Enabled: aws.Bool(true)}}); err != nil {
		t.Fatal(err)
	}
	var me *ddbmodel.TableMismatchError
	err := model.Ensure(ctx, entity.NewDB(client, other), time.Minute)
	if !errors.As(err, &me) || len(me.Differences) != 1 || !strings.Contains(me.Differences[0], `time to live is on attribute "expires"`) {
		t.Errorf("Ensure over TTL on another attribute = %v, want a *ddbmodel.TableMismatchError", err)
	}
	// A fitting table with TTL off gets TTL enabled (Ensure did so before
	// it compared tables, and a concurrent creator may not have got there).
	off := fmt.Sprintf("ensure-race-off-%d", stamp)
	in = model.CreateTableInput()
	in.TableName = aws.String(off)
	if _, err := client.CreateTable(ctx, in); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(off)})
	})
	if err := model.Ensure(ctx, entity.NewDB(client, off), time.Minute); err != nil {
		t.Errorf("Ensure over a fitting table with TTL off = %v", err)
	}
	out, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(off)})
	if err != nil || aws.ToString(out.TimeToLiveDescription.AttributeName) != "exp" {
		t.Errorf("TTL after Ensure over a table with TTL off: %v, %+v", err, out)
	}
}
