package employment

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// SampleUsers are the sample users.
var SampleUsers = []User{
	{UserID: "u1", Name: "Ana Lima", Headline: "Staff Engineer"},
	{UserID: "u2", Name: "Bruno Costa", Headline: "Design Lead"},
	{UserID: "u3", Name: "Carla Souza", Headline: "Analyst"},
	{UserID: "u4", Name: "Diego Alves", Headline: "Engineer"},
	{UserID: "u5", Name: "Elisa Rocha", Headline: "Director"},
	{UserID: "u6", Name: "Fabio Nunes", Headline: "Engineer"},
	{UserID: "u7", Name: "Gabriela Dias", Headline: "Support Lead"},
	{UserID: "u8", Name: "Hugo Martins", Headline: "Student"},
}

// SampleCompanies are the sample companies.
var SampleCompanies = []Company{
	{CompanyID: "c1", Name: "Acme"},
	{CompanyID: "c2", Name: "Globex"},
	{CompanyID: "c3", Name: "Initech"},
}

func job(user, company, title, start, end string) Employment {
	e := Employment{UserID: user, CompanyID: company, Title: title, Status: Current, StartedAt: start}
	if end != "" {
		e.Status, e.EndedAt = Former, end
	}
	return e
}

// SampleEmployments are the sample jobs. u1 has five, two of them current
// (a full-time job and a part-time advisory role); u7 left c1 and was
// rehired there; u8 has no current job.
var SampleEmployments = []Employment{
	job("u1", "c3", "Intern", "2012-02-01T09:00:00Z", "2013-01-31T18:00:00Z"),
	job("u1", "c2", "Developer", "2013-03-01T09:00:00Z", "2017-06-30T18:00:00Z"),
	job("u1", "c1", "Senior Developer", "2017-08-01T09:00:00Z", "2021-12-31T18:00:00Z"),
	job("u1", "c2", "Staff Engineer", "2022-02-01T09:00:00Z", ""),
	job("u1", "c3", "Advisor", "2023-05-01T09:00:00Z", ""),
	job("u2", "c1", "Designer", "2015-01-10T09:00:00Z", "2019-03-31T18:00:00Z"),
	job("u2", "c2", "Design Lead", "2019-05-01T09:00:00Z", ""),
	job("u3", "c1", "Analyst", "2016-06-01T09:00:00Z", ""),
	job("u4", "c1", "Engineer", "2018-09-01T09:00:00Z", ""),
	job("u5", "c1", "Manager", "2014-04-01T09:00:00Z", "2020-10-31T18:00:00Z"),
	job("u5", "c3", "Director", "2020-12-01T09:00:00Z", ""),
	job("u6", "c1", "Engineer", "2020-01-15T09:00:00Z", ""),
	job("u7", "c1", "Support", "2011-07-01T09:00:00Z", "2014-02-28T18:00:00Z"),
	job("u7", "c1", "Support Lead", "2019-02-01T09:00:00Z", ""),
	job("u8", "c2", "Intern", "2024-01-08T09:00:00Z", "2024-06-28T18:00:00Z"),
}

// LoadSample writes the profiles and both edges of every employment in
// batches of puts, replacing any item of the same key, so that loading again
// restores the sample (a job ended since is current again). The sample is
// consistent by construction (every user and company of an employment is
// in it), which is what Hire's transaction checks for other data.
func LoadSample(ctx context.Context, db *entity.DB) error {
	var puts []entity.BatchWriter
	for _, u := range SampleUsers {
		puts = append(puts, Users.Put(u))
	}
	for _, c := range SampleCompanies {
		puts = append(puts, Companies.Put(c))
	}
	for _, e := range SampleEmployments {
		puts = append(puts, UserEmployments.Put(e), CompanyEmployments.Put(e))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, puts...); err != nil {
		return fmt.Errorf("employment: load sample: %w", err)
	}
	return nil
}
