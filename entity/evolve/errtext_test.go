package evolve_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// failingScans fails every scan with errScanFailed.
type failingScans struct{ entity.Client }

var errScanFailed = errors.New("scan failed")

func (failingScans) Scan(context.Context, *dynamodb.ScanInput, ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	return nil, errScanFailed
}

// A run stopped by an error says what kind of run stopped: a verify that
// could not scan does not speak of items not repaired.
func TestARunsErrorSaysWhichRunStopped(t *testing.T) {
	v2 := modelV2()
	db := entity.NewDB(failingScans{Client: entitytest.NewRecorder(nil)}, "evolve")
	for _, c := range []struct {
		name string
		run  func(context.Context, *entity.DB) (evolve.Report, error)
		want string
	}{
		{"verify", evolve.Entity(v2.tickets).Segments(2).Verify, "ddbmodel: verify (0 items scanned): "},
		{"repair", evolve.Entity(v2.tickets).Segments(2).Repair, "ddbmodel: repair stopped (0 items repaired): "},
	} {
		_, err := c.run(context.Background(), db)
		if !errors.Is(err, errScanFailed) {
			t.Fatalf("%s: %v, want the scan's error in the chain", c.name, err)
		}
		if !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "not repaired") {
			t.Errorf("%s: %q, want it to start with %q", c.name, err, c.want)
		}
	}
}
