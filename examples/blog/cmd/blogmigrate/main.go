package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
	"github.com/ddbmodel/ddbmodel/examples/blog"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
	"github.com/ddbmodel/ddbmodel/txn"
)

func main() { exampleapp.Main(config()) }

func config() exampleapp.Config {
	return exampleapp.Config{
		Name:         "blogmigrate",
		DefaultTable: "blog-migrate",
		Tables:       exampleapp.OneTable(blog.Table),
		Run:          run,
	}
}

// Sender is who wrote a contact message (version 2 keeps the name and
// e-mail address of version 1 in one map).
type Sender struct {
	Name  string `dynamo:"name"`
	Email string `dynamo:"email"`
}

// ContactMessage is version 2 of the blog's contact message.
type ContactMessage struct {
	MessageID string `dynamo:"message_id"`
	From      Sender `dynamo:"from"`
	Subject   string `dynamo:"subject"`
	Body      string `dynamo:"body"`
	CreatedAt int64  `dynamo:"created_at"`
	// Status is new in version 2: "new" or "answered".
	Status string `dynamo:"status"`
}

// upgradeV1 reads a message version 1 (blog.ContactMessage) wrote.
func upgradeV1(old blog.ContactMessage) (ContactMessage, error) {
	return ContactMessage{MessageID: old.MessageID, From: Sender{Name: old.Name, Email: old.Email},
		Subject: old.Subject, Body: old.Body, CreatedAt: old.CreatedAt, Status: "new"}, nil
}

// defineV2 defines version 2 on a table value of its own (the blog's
// table, under the same name): blog.Table already holds version 1.
func defineV2() (*entity.Entity[ContactMessage], error) {
	table := &entity.Table{Name: blog.Table.Name, PartitionKey: blog.Table.PartitionKey, SortKey: blog.Table.SortKey, Indexes: blog.Table.Indexes}
	return entity.Define(table, entity.Config[ContactMessage]{
		Name: "ContactMessage", Version: "2",
		Key:      entity.Key{Partition: "CONTACT_MESSAGE#ALL", Sort: "${created_at:pad(13)}#${message_id}"},
		Upgrades: []entity.Upgrade[ContactMessage]{entity.UpgradeFrom("1", upgradeV1)},
	})
}

const messages = 400

func run(ctx context.Context, app *exampleapp.App) error {
	db := entity.NewDB(app.Client, app.Table)
	v2, err := defineV2()
	if err != nil {
		return err
	}
	// Version 1 writes the messages (again, on a second run: every run
	// starts from version 1).
	var ops []entity.BatchWriter
	for i := range messages {
		ops = append(ops, blog.ContactMessages.Put(blog.ContactMessage{MessageID: fmt.Sprintf("m%03d", i), Name: fmt.Sprintf("Reader %d", i),
			Email: fmt.Sprintf("reader%d@example.com", i), Subject: "Hello", Body: "A question", CreatedAt: 1767225600000 + int64(i)*60000}))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		return err
	}
	key := entity.Values{"created_at": 1767225600000, "message_id": "m000"}

	m, err := v2.Get(key).Run(ctx, db)
	if err != nil {
		return err
	}
	app.Pattern("M1", "Version 2 reads a message version 1 wrote (upgraded on read)", "GetItem CONTACT_MESSAGE#ALL / 1767225600000#m000",
		[]string{"message_id", "from.name", "from.email", "status"}, [][]string{{m.MessageID, m.From.Name, m.From.Email, m.Status}})

	_, err = v2.Update(key).Set("status", "answered").Run(ctx, db)
	var ov *ddbmodel.OldVersionError
	if !errors.As(err, &ov) {
		return fmt.Errorf("an update of a version 1 message: %v, want ErrOldVersion", err)
	}
	app.Pattern("M2", "An update of a version 1 message is refused, the item unchanged", "UpdateItem SET status, on the condition that the item is at version 2",
		[]string{"stored version", "current version", "errors.Is(err, ddbmodel.ErrOldVersion)"}, [][]string{{ov.Stored, ov.Current, strconv.FormatBool(errors.Is(err, ddbmodel.ErrOldVersion))}})

	// The service need not wait for the bulk migration: it migrates the
	// one message its update needs (conditioned, as the bulk run is) and
	// sends the update again.
	stored, err := v2.Key(key)
	if err != nil {
		return err
	}
	one, err := evolve.Entity(v2).RepairItem(ctx, db, stored)
	if err != nil {
		return err
	}
	m, err = v2.Update(key).Set("status", "answered").Run(ctx, db)
	if err != nil {
		return err
	}
	app.Pattern("M3", "The service migrates that one message, and its update goes through", "GetItem (consistent); UpdateItem of the whole item on the condition that it is as read; UpdateItem SET status",
		[]string{"migrated", "message_id", "from.name", "status"}, [][]string{{strconv.FormatInt(one.Repaired, 10), m.MessageID, m.From.Name, m.Status}})

	job := evolve.Entity(v2).Segments(8).Workers(4).PageSize(100)
	before, err := job.Verify(ctx, db)
	if err != nil {
		return err
	}
	// Expected: the items the job scans, for the progress line's items
	// left and ETA (without it, both are "?").
	r, err := job.Expected(before.Scanned).Progress(func(p evolve.Progress) { fmt.Fprintln(os.Stderr, "blogmigrate:", p) }).Repair(ctx, db)
	if err != nil {
		return err
	}
	after, err := job.Verify(ctx, db)
	if err != nil {
		return err
	}
	app.Pattern("M4", "Verify, migrate the others with 4 workers, verify again", "Scan in 8 segments, pages of 100; UpdateItem of each old item, whole, on the condition that it is as read",
		[]string{"step", "scanned", "old version", "migrated"}, [][]string{
			{"verify", strconv.FormatInt(before.Scanned, 10), strconv.FormatInt(before.Counts[evolve.OldVersion], 10), "-"},
			{"migrate", strconv.FormatInt(r.Scanned, 10), strconv.FormatInt(r.Counts[evolve.OldVersion], 10), strconv.FormatInt(r.Repaired, 10)},
			{"verify", strconv.FormatInt(after.Scanned, 10), strconv.FormatInt(after.Counts[evolve.OldVersion], 10), "-"},
		})

	m, err = v2.Update(entity.Values{"created_at": 1767225660000, "message_id": "m001"}).Set("status", "answered").Run(ctx, db)
	if err != nil {
		return err
	}
	app.Pattern("M5", "After the migration, an update of any message goes through", "UpdateItem SET status",
		[]string{"message_id", "from.name", "status"}, [][]string{{m.MessageID, m.From.Name, m.Status}})
	return nil
}
