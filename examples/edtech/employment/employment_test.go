package employment_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/employment"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
	"github.com/ddbmodel/ddbmodel/internal/pagetest"
)

func setup(t *testing.T) (context.Context, *entity.DB) {
	t.Helper()
	return exampletest.Sample(t, employment.Table, employment.LoadSample)
}

// job returns the sample employment of user at company starting in year.
func job(t *testing.T, user, company, year string) employment.Employment {
	t.Helper()
	for _, e := range employment.SampleEmployments {
		if e.UserID == user && e.CompanyID == company && e.StartedAt[:4] == year {
			return e
		}
	}
	t.Fatalf("no sample employment %s %s %s", user, company, year)
	return employment.Employment{}
}

func TestUserProfile(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	got, err := employment.UserProfile(ctx, db, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(employment.User{UserID: "u1", Name: "Ana Lima", Headline: "Staff Engineer"}, got); diff != "" {
		t.Errorf("UserProfile(u1) (-want +got):\n%s", diff)
	}
	if _, err := employment.UserProfile(ctx, db, "u9"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("UserProfile(u9): got %v, want ErrNotFound", err)
	}
}

func TestEmploymentHistoryNewestFirst(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []employment.Employment{
		job(t, "u1", "c3", "2023"), job(t, "u1", "c2", "2022"), job(t, "u1", "c1", "2017"),
		job(t, "u1", "c2", "2013"), job(t, "u1", "c3", "2012"),
	}
	got, err := employment.EmploymentHistory(ctx, db, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("EmploymentHistory(u1) (-want +got):\n%s", diff)
	}
	paged, pages := pagetest.Walk(ctx, t, db, employment.EmploymentHistoryQuery("u1"), 2)
	if diff := cmp.Diff(want, paged); diff != "" {
		t.Errorf("EmploymentHistory(u1) in pages of 2 (-want +got):\n%s", diff)
	}
	if pages < 3 {
		t.Errorf("%d pages, want at least 3", pages)
	}
	// u7 left c1 and came back: two employments at one company.
	got, err = employment.EmploymentHistory(ctx, db, "u7")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]employment.Employment{job(t, "u7", "c1", "2019"), job(t, "u7", "c1", "2011")}, got); diff != "" {
		t.Errorf("EmploymentHistory(u7) (-want +got):\n%s", diff)
	}
}

func TestCurrentAndFormerEmployees(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	current := []employment.Employment{
		job(t, "u3", "c1", "2016"), job(t, "u4", "c1", "2018"), job(t, "u7", "c1", "2019"), job(t, "u6", "c1", "2020"),
	}
	former := []employment.Employment{
		job(t, "u7", "c1", "2011"), job(t, "u5", "c1", "2014"), job(t, "u2", "c1", "2015"), job(t, "u1", "c1", "2017"),
	}
	got, err := employment.CurrentEmployees(ctx, db, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(current, got); diff != "" {
		t.Errorf("CurrentEmployees(c1) (-want +got):\n%s", diff)
	}
	got, err = employment.FormerEmployees(ctx, db, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(former, got); diff != "" {
		t.Errorf("FormerEmployees(c1) (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		name string
		q    func(string) employmentQuery
		want []employment.Employment
	}{
		{"current", func(c string) employmentQuery { return employment.CurrentEmployeesQuery(c) }, current},
		{"former", func(c string) employmentQuery { return employment.FormerEmployeesQuery(c) }, former},
	} {
		paged, pages := pagetest.Walk(ctx, t, db, tt.q("c1"), 3)
		if diff := cmp.Diff(tt.want, paged); diff != "" {
			t.Errorf("%s employees of c1 in pages of 3 (-want +got):\n%s", tt.name, diff)
		}
		if pages < 2 {
			t.Errorf("%s: %d pages, want at least 2", tt.name, pages)
		}
	}
	got, err = employment.CurrentEmployees(ctx, db, "c2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]employment.Employment{job(t, "u2", "c2", "2019"), job(t, "u1", "c2", "2022")}, got); diff != "" {
		t.Errorf("CurrentEmployees(c2) (-want +got):\n%s", diff)
	}
}

func TestCurrentJob(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	for _, tt := range []struct {
		user string
		want employment.Employment
	}{
		{"u1", job(t, "u1", "c3", "2023")}, // the most recent of two current jobs
		{"u5", job(t, "u5", "c3", "2020")},
		{"u7", job(t, "u7", "c1", "2019")},
	} {
		got, err := employment.CurrentJob(ctx, db, tt.user)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("CurrentJob(%s) (-want +got):\n%s", tt.user, diff)
		}
	}
	// u8's newest employment is a former one: no current job, not an empty page.
	if _, err := employment.CurrentJob(ctx, db, "u8"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("CurrentJob(u8): got %v, want ErrNotFound", err)
	}
}

func TestEndJobMovesEveryIndexEntry(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	started := "2022-02-01T09:00:00Z"
	if err := employment.EndJob(ctx, db, "u1", "c2", started, time.Date(2024, 9, 30, 18, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	ended := job(t, "u1", "c2", "2022")
	ended.Status, ended.EndedAt = employment.Former, "2024-09-30T18:00:00Z"

	// Base table, user side: the history shows the job as former.
	hist, err := employment.EmploymentHistory(ctx, db, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ended, hist[1]); diff != "" {
		t.Errorf("history entry after EndJob (-want +got):\n%s", diff)
	}
	// Base table, company side.
	edge, err := employment.CompanyEmployments.Get(entity.Values{"company_id": "c2", "user_id": "u1", "started_at": started}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ended, edge); diff != "" {
		t.Errorf("company-side edge after EndJob (-want +got):\n%s", diff)
	}
	// GSI1, company side: out of current, into former.
	cur, err := employment.CurrentEmployees(ctx, db, "c2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]employment.Employment{job(t, "u2", "c2", "2019")}, cur); diff != "" {
		t.Errorf("CurrentEmployees(c2) after EndJob (-want +got):\n%s", diff)
	}
	former, err := employment.FormerEmployees(ctx, db, "c2")
	if err != nil {
		t.Fatal(err)
	}
	want := []employment.Employment{job(t, "u1", "c2", "2013"), ended, job(t, "u8", "c2", "2024")}
	if diff := cmp.Diff(want, former); diff != "" {
		t.Errorf("FormerEmployees(c2) after EndJob (-want +got):\n%s", diff)
	}
	// GSI1, user side: the other current job is still there.
	now, err := employment.CurrentJob(ctx, db, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(job(t, "u1", "c3", "2023"), now); diff != "" {
		t.Errorf("CurrentJob(u1) after EndJob (-want +got):\n%s", diff)
	}
	if err := employment.EndJob(ctx, db, "u1", "c3", "2023-05-01T09:00:00Z", time.Date(2024, 10, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if _, err := employment.CurrentJob(ctx, db, "u1"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("CurrentJob(u1) after ending both jobs: got %v, want ErrNotFound", err)
	}
}

func TestEndJobErrorsWriteNothing(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	before, err := employment.FormerEmployees(ctx, db, "c1")
	if err != nil {
		t.Fatal(err)
	}
	// Already ended.
	err = employment.EndJob(ctx, db, "u1", "c1", "2017-08-01T09:00:00Z", time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	if !errors.Is(err, employment.ErrNotCurrent) {
		t.Errorf("ending an ended job: got %v, want ErrNotCurrent", err)
	}
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		t.Errorf("ending an ended job: %v does not carry the canceled transaction", err)
	}
	// No such employment.
	err = employment.EndJob(ctx, db, "u3", "c2", "2016-06-01T09:00:00Z", time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	if !errors.Is(err, employment.ErrNoSuchEmployment) {
		t.Errorf("ending a job that never was: got %v, want ErrNoSuchEmployment", err)
	}
	after, err := employment.FormerEmployees(ctx, db, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("FormerEmployees(c1) changed by failed EndJobs (-before +after):\n%s", diff)
	}
	hist, err := employment.EmploymentHistory(ctx, db, "u3")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]employment.Employment{job(t, "u3", "c1", "2016")}, hist); diff != "" {
		t.Errorf("EmploymentHistory(u3) after a failed EndJob (-want +got):\n%s", diff)
	}
}

func TestHireErrors(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	e := employment.Employment{UserID: "u9", CompanyID: "c1", Title: "Ghost", Status: employment.Current, StartedAt: "2024-01-01T00:00:00Z"}
	if err := employment.Hire(ctx, db, e); !errors.Is(err, employment.ErrNoSuchUser) {
		t.Errorf("hire unknown user: got %v, want ErrNoSuchUser", err)
	}
	e.UserID, e.CompanyID = "u8", "c9"
	if err := employment.Hire(ctx, db, e); !errors.Is(err, employment.ErrNoSuchCompany) {
		t.Errorf("hire at unknown company: got %v, want ErrNoSuchCompany", err)
	}
	if err := employment.Hire(ctx, db, job(t, "u4", "c1", "2018")); !errors.Is(err, employment.ErrAlreadyRecorded) {
		t.Errorf("hire twice: got %v, want ErrAlreadyRecorded", err)
	}
	hist, err := employment.EmploymentHistory(ctx, db, "u8")
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 1 {
		t.Errorf("u8 has %d employments after a failed hire, want 1", len(hist))
	}
}
