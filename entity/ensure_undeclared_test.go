package entity_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Ensure over an existing table with TTL on, or a stream, that the model
// does not declare reports each as a difference of a
// *ddbmodel.TableMismatchError (a TTL the model does not know deletes
// items silently), and leaves the table as it is; the same table without
// them fits.
func TestEnsureReportsUndeclaredTTLAndStream(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	model := ovTable() // no TTLAttribute, NoStream
	stamp := time.Now().UnixNano()
	create := func(name string, stream bool, ttl string) {
		in := model.CreateTableInput()
		in.TableName = aws.String(name)
		if stream {
			in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeNewImage}
		}
		if _, err := client.CreateTable(ctx, in); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
		})
		if ttl != "" {
			if _, err := client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String(name),
				TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String(ttl), Enabled: aws.Bool(true)}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	cases := []struct {
		name   string
		stream bool
		ttl    string
		want   []string // nil: Ensure fits
	}{
		{"plain", false, "", nil},
		{"ttl", false, "expires", []string{`time to live is on attribute "expires"; the model declares no TTLAttribute, so DynamoDB would delete items whose "expires" holds a past time`}},
		{"stream", true, "", []string{"the table has a stream (NEW_IMAGE); the model declares none"}},
		{"both", true, "expires", []string{
			"the table has a stream (NEW_IMAGE); the model declares none",
			`time to live is on attribute "expires"; the model declares no TTLAttribute, so DynamoDB would delete items whose "expires" holds a past time`,
		}},
	}
	for _, c := range cases {
		name := fmt.Sprintf("ensure-undeclared-%s-%d", c.name, stamp)
		create(name, c.stream, c.ttl)
		err := model.Ensure(ctx, entity.NewDB(client, name), time.Minute)
		if c.want == nil {
			if err != nil {
				t.Errorf("%s: Ensure = %v, want nil", c.name, err)
			}
			continue
		}
		var me *ddbmodel.TableMismatchError
		if !errors.As(err, &me) {
			t.Errorf("%s: Ensure = %v, want a *ddbmodel.TableMismatchError", c.name, err)
			continue
		}
		if diff := cmp.Diff(c.want, me.Differences); diff != "" {
			t.Errorf("%s: differences (-want +got):\n%s", c.name, diff)
		}
		if c.ttl != "" {
			out, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
			if err != nil || aws.ToString(out.TimeToLiveDescription.AttributeName) != c.ttl || out.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled {
				t.Errorf("%s: Ensure changed the table's TTL: %v, %+v", c.name, err, out)
			}
		}
	}
}
