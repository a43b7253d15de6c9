package entitytest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// A Recorder wrapping a real client can be given to Table.Ensure: it
// records the table operations and passes them on (before, Ensure refused
// it as no entity.TableClient). With no next client, Ensure fails with an
// error saying why.
func TestEnsureThroughARecorder(t *testing.T) {
	client := entitytest.Client(t)
	rec := entitytest.NewRecorder(client)
	name := fmt.Sprintf("recorder-ensure-%d", time.Now().UnixNano())
	t.Cleanup(func() {
		_, _ = client.DeleteTable(t.Context(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	if err := Table.Ensure(t.Context(), entity.NewDB(rec, name), time.Minute); err != nil {
		t.Fatalf("Ensure through a Recorder: %v", err)
	}
	if rec.Count(entitytest.CreateTable) != 1 || rec.Count(entitytest.DescribeTable) == 0 {
		t.Errorf("recorded %v, want one CreateTable and at least one DescribeTable", rec.Requests())
	}
	if _, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)}); err != nil {
		t.Errorf("the table Ensure created through the Recorder: %v", err)
	}

	err := Table.Ensure(t.Context(), entity.NewDB(entitytest.NewRecorder(nil), name), time.Minute)
	if err == nil || !strings.Contains(err.Error(), "no next client") {
		t.Errorf("Ensure through a Recorder with no next client: %v, want an error saying it has no next client", err)
	}
}
