package main

import (
	"context"
	"errors"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/groups"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func membershipRows(ms []groups.Membership) [][]string {
	var rows [][]string
	for _, m := range ms {
		rows = append(rows, []string{m.UserID, m.GroupID, m.JoinedAt})
	}
	return rows
}

func runGroups(ctx context.Context, app *exampleapp.App, db *entity.DB) error {
	d := desc{db}
	if err := groups.LoadSample(ctx, db); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	header := []string{"USER", "GROUP", "JOINED_AT"}

	req, err := d.query(groups.GroupsOfUserQuery("u1").Build())
	if err != nil {
		return err
	}
	ms, err := groups.GroupsOfUser(ctx, db, "u1")
	if err != nil {
		return err
	}
	app.Pattern("G1", "Groups of user u1 (adjacency list)", req, header, membershipRows(ms))

	req, err = d.query(groups.MembersOfGroupQuery("g20").Build())
	if err != nil {
		return err
	}
	ms, err = groups.MembersOfGroup(ctx, db, "g20")
	if err != nil {
		return err
	}
	app.Pattern("G2", "Members of group g20 (the inverse edges)", req, header, membershipRows(ms))

	req, err = d.tx(groups.JoinTx("u1", "g10", demoTime).Build())
	if err != nil {
		return err
	}
	err = groups.Join(ctx, db, "u1", "g10", demoTime)
	app.Pattern("G3", "Join u1 to g10 again: a typed error, nothing written", req, []string{"RESULT", "ERROR"},
		outcome(err, groups.ErrAlreadyMember))
	if err != nil && !errors.Is(err, groups.ErrAlreadyMember) {
		return err
	}
	return nil
}
