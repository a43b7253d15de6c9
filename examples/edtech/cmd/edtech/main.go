package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech"
	"github.com/ddbmodel/ddbmodel/examples/edtech/employment"
	"github.com/ddbmodel/ddbmodel/examples/edtech/geo"
	"github.com/ddbmodel/ddbmodel/examples/edtech/groups"
	"github.com/ddbmodel/ddbmodel/examples/edtech/orders"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func main() { exampleapp.Main(config()) }

// model is one model's table: its definition and its name suffix.
type model struct {
	table  *entity.Table
	suffix string
}

var models = []model{
	{groups.Table, "-groups"},
	{orders.Table, "-orders"},
	{geo.Table, "-geo"},
	{edtech.Table, "-platform"},
	{employment.Table, "-employment"},
}

// config describes the program for exampleapp.
func config() exampleapp.Config {
	return exampleapp.Config{
		Name:         "edtech",
		DefaultTable: "edtech",
		Tables: func(prefix string) []*dynamodb.CreateTableInput {
			var out []*dynamodb.CreateTableInput
			for _, m := range models {
				in := m.table.CreateTableInput()
				in.TableName = aws.String(prefix + m.suffix)
				out = append(out, in)
			}
			return out
		},
		Run: run,
	}
}

// run loads every model's sample data and runs its access patterns, in the
// order the design presents them.
func run(ctx context.Context, app *exampleapp.App) error {
	steps := []struct {
		suffix string
		run    func(context.Context, *exampleapp.App, *entity.DB) error
	}{
		{"-groups", runGroups},
		{"-orders", runOrders},
		{"-geo", runGeo},
		{"-platform", runPlatform},
		{"-employment", runEmployment},
	}
	for _, s := range steps {
		db := app.Observe(entity.NewDB(app.Client, app.Table+s.suffix))
		if err := s.run(ctx, app, db); err != nil {
			return fmt.Errorf("table %s: %w", db.TableName, err)
		}
	}
	return nil
}

// Request describers: they show the request as sent, to the DB's table.

// desc renders requests as sent to db's table.
type desc struct{ db *entity.DB }

func (d desc) query(in *dynamodb.QueryInput, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return exampleapp.Describe(d.db.TableName, in), nil
}

func (d desc) shards(ins []*dynamodb.QueryInput, err error) (string, error) {
	if err != nil {
		return "", err
	}
	lines := make([]string, len(ins))
	for i, in := range ins {
		lines[i] = exampleapp.Describe(d.db.TableName, in)
	}
	return strings.Join(lines, "\n") + "\n(run concurrently, merged by GSI1SK)", nil
}

func (d desc) get(in *dynamodb.GetItemInput, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return exampleapp.Describe(d.db.TableName, in), nil
}

func (d desc) tx(in *dynamodb.TransactWriteItemsInput, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return exampleapp.Describe(d.db.TableName, in), nil
}

// outcome renders a workflow's result as one row.
func outcome(err error, sentinels ...error) [][]string {
	if err == nil {
		return [][]string{{"ok", ""}}
	}
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return [][]string{{"error", s.Error()}}
		}
	}
	return [][]string{{"error", err.Error()}}
}

func itoa(n int) string { return fmt.Sprint(n) }

// demoTime is the fixed time of the workflows the program demonstrates.
var demoTime = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
