package main

import (
	"context"
	"errors"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/employment"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func jobRows(es []employment.Employment) [][]string {
	var rows [][]string
	for _, e := range es {
		rows = append(rows, []string{e.UserID, e.CompanyID, e.Title, e.Status, e.StartedAt, e.EndedAt})
	}
	return rows
}

func runEmployment(ctx context.Context, app *exampleapp.App, db *entity.DB) error {
	d := desc{db}
	if err := employment.LoadSample(ctx, db); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	header := []string{"USER", "COMPANY", "TITLE", "STATUS", "STARTED_AT", "ENDED_AT"}

	req, err := d.get(employment.UserProfileGet("u1").Build())
	if err != nil {
		return err
	}
	u, err := employment.UserProfile(ctx, db, "u1")
	if err != nil {
		return err
	}
	app.Pattern("E1", "Profile of user u1", req, []string{"USER", "NAME", "HEADLINE"}, [][]string{{u.UserID, u.Name, u.Headline}})

	req, err = d.query(employment.EmploymentHistoryQuery("u1").Build())
	if err != nil {
		return err
	}
	es, err := employment.EmploymentHistory(ctx, db, "u1")
	if err != nil {
		return err
	}
	app.Pattern("E2", "Employment history of u1, most recent first", req, header, jobRows(es))

	req, err = d.query(employment.CurrentEmployeesQuery("c1").Build())
	if err != nil {
		return err
	}
	es, err = employment.CurrentEmployees(ctx, db, "c1")
	if err != nil {
		return err
	}
	app.Pattern("E3", "Current employees of company c1 (GSI1)", req, header, jobRows(es))

	req, err = d.query(employment.FormerEmployeesQuery("c1").Build())
	if err != nil {
		return err
	}
	es, err = employment.FormerEmployees(ctx, db, "c1")
	if err != nil {
		return err
	}
	app.Pattern("E4", "Former employees of company c1 (GSI1)", req, header, jobRows(es))

	req, err = d.query(employment.CurrentJobQuery("u1").Build())
	if err != nil {
		return err
	}
	var rows [][]string
	e, err := employment.CurrentJob(ctx, db, "u1")
	switch {
	case err == nil:
		rows = jobRows([]employment.Employment{e})
	case errors.Is(err, ddbmodel.ErrNotFound):
	default:
		return err
	}
	app.Pattern("E5", "Current job of u1 (GSI1, most recent current)", req, header, rows)

	// W2 ends a job of the sample; LoadSample restores it on the next run.
	req, err = d.tx(employment.EndJobTx("u1", "c2", "2022-02-01T09:00:00Z", demoTime).Build())
	if err != nil {
		return err
	}
	if err := app.Measure(func() error { return employment.EndJob(ctx, db, "u1", "c2", "2022-02-01T09:00:00Z", demoTime) }); err != nil {
		return err
	}
	req2, err := d.query(employment.FormerEmployeesQuery("c2").Build())
	if err != nil {
		return err
	}
	es, err = employment.FormerEmployees(ctx, db, "c2")
	if err != nil {
		return err
	}
	app.Pattern("W2", "End u1's job at c2: both edges and their GSI1 entries in one transaction", req+"\nthen "+req2, header, jobRows(es))
	return nil
}
