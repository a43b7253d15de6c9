package employment_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/examples/edtech/employment"
)

// TestLoadSampleRestores checks that loading the sample again restores a
// job ended since, on both edges and in GSI1 (the example program ends one
// and runs again on the same table).
func TestLoadSampleRestores(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	if err := employment.EndJob(ctx, db, "u1", "c2", "2022-02-01T09:00:00Z", time.Date(2024, 9, 30, 18, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if err := employment.LoadSample(ctx, db); err != nil {
		t.Fatal(err)
	}
	cur, err := employment.CurrentEmployees(ctx, db, "c2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]employment.Employment{job(t, "u2", "c2", "2019"), job(t, "u1", "c2", "2022")}, cur); diff != "" {
		t.Errorf("CurrentEmployees(c2) after loading again (-want +got):\n%s", diff)
	}
	former, err := employment.FormerEmployees(ctx, db, "c2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]employment.Employment{job(t, "u1", "c2", "2013"), job(t, "u8", "c2", "2024")}, former); diff != "" {
		t.Errorf("FormerEmployees(c2) after loading again (-want +got):\n%s", diff)
	}
	hist, err := employment.EmploymentHistory(ctx, db, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(job(t, "u1", "c2", "2022"), hist[1]); diff != "" {
		t.Errorf("u1's history entry after loading again (-want +got):\n%s", diff)
	}
}
