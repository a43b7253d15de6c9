package main

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/papers"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func main() { exampleapp.Main(config()) }

// config describes the program to exampleapp.
func config() exampleapp.Config {
	return exampleapp.Config{
		Name:         "papers",
		DefaultTable: papers.Table.Name,
		Tables:       exampleapp.OneTable(papers.Table),
		Run:          run,
	}
}

// run loads the sample data and runs every access pattern.
func run(ctx context.Context, app *exampleapp.App) error {
	db := app.Observe(entity.NewDB(app.Client, app.Table))
	// The table's TTL attribute, expiresAt, expires superseded drafts:
	// Ensure enables TTL on it (it changes nothing when it is enabled).
	if err := papers.Table.Ensure(ctx, db, 0); err != nil {
		return err
	}
	if err := papers.LoadSample(ctx, db); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	// Builds are for the default table name; show the table the run uses,
	// and the time of the read (which SkipExpired's filter holds) as <now>,
	// so that the report is the same on every run.
	get := func(in *dynamodb.GetItemInput, err error) (string, error) {
		if err != nil {
			return "", err
		}
		return exampleapp.Describe(app.Table, in), nil
	}
	qry := func(in *dynamodb.QueryInput, err error) (string, error) {
		if err != nil {
			return "", err
		}
		d := readTime.ReplaceAllString(exampleapp.Describe(app.Table, in), "expiresAt > <now>")
		return ttlHorizon.ReplaceAllString(d, "expiresAt < <now - 5 years>"), nil
	}
	paperHeader := []string{"ID", "TITLE", "VERSION", "STATUS", "COLLECTION", "DATE"}
	paperRow := func(p papers.Paper) []string {
		return []string{p.ID, p.Title, p.Version, p.Status, p.Collection, p.Date}
	}
	batch := "then BatchGetItem " + app.Table + ", consistent read: the paper item of each id found; next page from the cursor\n(expired items, a superseded draft's, are dropped from each page; a paper not in the table is a *papers.MissingPapersError)"

	// A1
	id := papers.SamplePaperID
	p, err := papers.PaperByID(ctx, db, id)
	if err != nil {
		return err
	}
	req, err := get(papers.PaperGet(id).Build())
	if err != nil {
		return err
	}
	app.Pattern("A1", "Get a paper by id", req+" (skipping an expired item)", paperHeader, [][]string{paperRow(p)})

	// Figure 1
	full, err := papers.PaperWithAuthorsByID(ctx, db, id)
	if err != nil {
		return err
	}
	// PaperWithAuthorsByID and PapersInCollection filter out expired
	// items, with the time the read starts.
	partition, err := papers.PaperPartitionQuery(id).Filter(papers.Table.Unexpired()).Build()
	if req, err = qry(partition, err); err != nil {
		return err
	}
	// The sort keys shown are read from the table (the same query again),
	// not rebuilt from the items' values.
	keysOf := func(name string, n int) ([]string, error) {
		sks, err := exampleapp.StoredKeys(ctx, db, partition, "SK", name)
		if err == nil && len(sks) != n {
			err = fmt.Errorf("figure 1: %d stored %s keys for %d items", len(sks), name, n)
		}
		return sks, err
	}
	paperSK, err := keysOf(papers.Papers.Name(), 1)
	if err != nil {
		return err
	}
	authorSKs, err := keysOf(papers.Memberships.Name(), len(full.Authors))
	if err != nil {
		return err
	}
	topicSKs, err := keysOf(papers.PaperTopics.Name(), len(full.Topics))
	if err != nil {
		return err
	}
	rows := [][]string{{"paper", paperSK[0], full.Paper.Title + " (v" + full.Paper.Version + ", " + full.Paper.Status + ")"}}
	for i, m := range full.Authors {
		rows = append(rows, []string{"membership", authorSKs[i], "role=" + m.Role})
	}
	for i := range full.Topics {
		rows = append(rows, []string{"paperTopic", topicSKs[i], ""})
	}
	app.Pattern("Figure 1", "A paper and its author memberships in one query", req, []string{"ENTITY", "SK", "DATA"}, rows)

	// A2
	coll := "Data & Storage"
	ps, err := papers.PapersInCollection(ctx, db, coll)
	if err != nil {
		return err
	}
	if req, err = qry(papers.PapersInCollectionQuery(coll).Filter(papers.Table.Unexpired()).Build()); err != nil {
		return err
	}
	rows = [][]string{}
	for _, p := range ps {
		rows = append(rows, paperRow(p))
	}
	app.Pattern("A2", "List papers in a collection, newest first", req, paperHeader, rows)

	// A3, shown page by page (two memberships a page).
	const pageSize = 2
	handle := "jon"
	if req, err = qry(papers.PapersByAuthorQuery(handle).SkipExpired().Limit(pageSize).Build()); err != nil {
		return err
	}
	rows = [][]string{}
	cursor := ""
	for page := 1; ; page++ {
		pg, err := papers.PapersByAuthorPage(ctx, db, handle, pageSize, cursor)
		if err != nil {
			return err
		}
		for _, ap := range pg.Items {
			rows = append(rows, []string{strconv.Itoa(page), ap.Paper.ID, ap.Paper.Title, ap.Role, ap.Paper.Date})
		}
		if cursor = pg.Cursor; cursor == "" {
			break
		}
	}
	app.Pattern("A3", "List papers by author", req+"\n"+batch,
		[]string{"PAGE", "ID", "TITLE", "ROLE", "DATE"}, rows)

	// A4, page by page (three topic items a page).
	topic := "serverless"
	if req, err = qry(papers.PapersWithTopicQuery(topic).SkipExpired().Limit(3).Build()); err != nil {
		return err
	}
	rows = [][]string{}
	cursor = ""
	for page := 1; ; page++ {
		pg, err := papers.PapersWithTopicPage(ctx, db, topic, 3, cursor)
		if err != nil {
			return err
		}
		for _, p := range pg.Items {
			rows = append(rows, append([]string{strconv.Itoa(page)}, paperRow(p)...))
		}
		if cursor = pg.Cursor; cursor == "" {
			break
		}
	}
	app.Pattern("A4", "List papers carrying a topic", req+"\n"+batch,
		append([]string{"PAGE"}, paperHeader...), rows)

	// A5
	a, err := papers.AuthorByHandle(ctx, db, handle)
	if err != nil {
		return err
	}
	if req, err = get(papers.AuthorGet(handle).Build()); err != nil {
		return err
	}
	app.Pattern("A5", "Get an author profile", req, []string{"HANDLE", "NAME", "AFFILIATION"}, [][]string{{a.Handle, a.Name, a.Affiliation}})

	// Open question 3: a superseded draft expires (TTL). wp-012 replaces
	// the draft wp-006; the draft stays readable for SupersededRetention.
	now := time.Now()
	draft, err := papers.PaperWithAuthorsByID(ctx, db, papers.SampleDraftID)
	if err != nil {
		return err
	}
	sp, err := papers.SupersedeDraft(ctx, db, papers.SampleDraftID, papers.SampleSuccessorID, now)
	if err != nil {
		return err
	}
	stx, err := papers.SupersedeDraftTx(draft, papers.SampleSuccessorID, sp.ExpiresAt).Build()
	if err != nil {
		return err
	}
	txText := expiry.ReplaceAllString(exampleapp.Describe(app.Table, stx), "expiresAt = <now + 30 days>")
	if sp, err = papers.PaperByID(ctx, db, papers.SampleDraftID); err != nil {
		return err
	}
	if req, err = get(papers.PaperGet(papers.SampleDraftID).Build()); err != nil {
		return err
	}
	app.Pattern("Q3", "Supersede a draft: it expires after "+retention(papers.SupersededRetention),
		"TransactWriteItems (after reading the draft's partition):\n"+txText+"\nthen "+req+" (skipping an expired item)",
		[]string{"ID", "VERSION", "STATUS", "SUPERSEDED BY", "EXPIRES"},
		[][]string{{sp.ID, sp.Version, sp.Status, sp.SupersededBy, "in " + retention(sp.ExpiresAt.Sub(now.Truncate(time.Second)))}})
	return nil
}

var (
	// readTime is the time of a read in SkipExpired's filter.
	readTime = regexp.MustCompile(`expiresAt > [0-9]+`)
	// ttlHorizon is five years before it: an older TTL is never deleted
	// by DynamoDB, so the filter keeps such an item.
	ttlHorizon = regexp.MustCompile(`expiresAt < [0-9]+`)
	// expiry is an expiresAt written by SupersedeDraft.
	expiry = regexp.MustCompile(`expiresAt = [0-9]+`)
)

// retention renders a whole number of days.
func retention(d time.Duration) string {
	return strconv.Itoa(int(d.Round(time.Hour)/(24*time.Hour))) + " days"
}
