package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/cms"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func main() { exampleapp.Main(config()) }

// config describes the program to exampleapp.
func config() exampleapp.Config {
	return exampleapp.Config{
		Name:         "cms",
		DefaultTable: cms.Table.Name,
		Tables:       exampleapp.OneTable(cms.Table),
		Run:          run,
	}
}

// run loads the sample data and runs every access pattern.
func run(ctx context.Context, app *exampleapp.App) error {
	db := app.Observe(entity.NewDB(app.Client, app.Table))
	if err := cms.LoadSample(ctx, db); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	s := &cms.Store{DB: db, Now: func() time.Time { return cms.SampleNow }}
	sample := cms.SampleArticleID
	// Builds are for the default table name; show the table the run uses.
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
		return exampleapp.Describe(app.Table, in), nil
	}
	articleHeader := []string{"ARTICLE ID", "TITLE", "STATUS", "AUTHOR", "VERSION", "TAGS", "CREATED"}
	articleRow := func(a cms.Article) []string {
		return []string{a.ArticleID, a.Title, a.Status, a.AuthorID, strconv.Itoa(a.CurrentVersion), strings.Join(a.Tags, ","), a.CreatedAt}
	}
	articleRows := func(as []cms.Article) [][]string {
		rows := [][]string{}
		for _, a := range as {
			rows = append(rows, articleRow(a))
		}
		return rows
	}
	versionHeader := []string{"VERSION", "WORDS", "CREATED BY", "CREATED", "BODY"}
	versionRow := func(v cms.ArticleVersion) []string {
		return []string{strconv.Itoa(v.Version), strconv.Itoa(v.WordCount), v.CreatedBy, v.CreatedAt, v.Body}
	}

	// AP1
	a, err := s.Article(ctx, sample)
	if err != nil {
		return err
	}
	req, err := get(cms.ArticleGet(sample).Build())
	if err != nil {
		return err
	}
	app.Pattern("AP1", "Get article metadata", req, articleHeader, [][]string{articleRow(a)})

	// AP2
	wb, err := s.ArticleWithCurrentBody(ctx, sample)
	if err != nil {
		return err
	}
	req1, err := get(cms.ArticleGet(sample).Build())
	if err != nil {
		return err
	}
	req2, err := get(cms.CurrentVersionGet(wb.Article).Build())
	if err != nil {
		return err
	}
	app.Pattern("AP2", "Get article with latest version content", req1+"\nthen "+req2,
		[]string{"ARTICLE ID", "TITLE", "VERSION", "WORDS", "BODY"},
		[][]string{{wb.Article.ArticleID, wb.Article.Title, strconv.Itoa(wb.Current.Version), strconv.Itoa(wb.Current.WordCount), wb.Current.Body}})

	// AP3
	v2, err := s.Version(ctx, sample, 2)
	if err != nil {
		return err
	}
	if req, err = get(cms.VersionGet(sample, 2).Build()); err != nil {
		return err
	}
	app.Pattern("AP3", "Get a specific version of an article", req, versionHeader, [][]string{versionRow(v2)})

	// AP4: the article with twelve versions shows 10, 11 and 12 after 9.
	vs, err := s.Versions(ctx, cms.SampleVersionsArticleID)
	if err != nil {
		return err
	}
	if req, err = qry(cms.VersionsQuery(cms.SampleVersionsArticleID).Build()); err != nil {
		return err
	}
	rows := [][]string{}
	for _, v := range vs {
		rows = append(rows, versionRow(v)[:4]) // no body: list views never read one
	}
	app.Pattern("AP4", "List all versions of an article", req, versionHeader[:4], rows)

	// AP5
	byAuthor, err := s.ArticlesByAuthor(ctx, "u_01")
	if err != nil {
		return err
	}
	if req, err = qry(cms.ArticlesByAuthorQuery("u_01").Build()); err != nil {
		return err
	}
	app.Pattern("AP5", "List articles by author (newest first)", req, articleHeader, articleRows(byAuthor))

	// AP6
	byTag, err := s.ArticlesByTag(ctx, "dynamodb")
	if err != nil {
		return err
	}
	if req, err = qry(cms.ArticlesByTagQuery("dynamodb").Build()); err != nil {
		return err
	}
	app.Pattern("AP6", "List articles by tag", req+"\nthen BatchGetItem "+app.Table+", consistent read: the #METADATA item of each article found (published articles only: GSI2 holds no other;\nan article not in the table is a *cms.MissingArticlesError)",
		articleHeader, articleRows(byTag))

	// AP7
	tags, err := s.TagsOfArticle(ctx, sample)
	if err != nil {
		return err
	}
	if req, err = qry(cms.TagsOfArticleQuery(sample).Build()); err != nil {
		return err
	}
	rows = [][]string{}
	for _, t := range tags {
		rows = append(rows, []string{t.Tag, t.ArticleID, t.TaggedAt})
	}
	app.Pattern("AP7", "List all tags on an article", req, []string{"TAG", "ARTICLE ID", "TAGGED"}, rows)

	// AP8
	v, err := s.PublishVersion(ctx, sample, "Published version, revised with a section on GSI overloading.", "u_01")
	if err != nil {
		return err
	}
	tx, err := cms.PublishVersionTx(v, v.CreatedAt).Build()
	if err != nil {
		return err
	}
	txText := exampleapp.Describe(app.Table, tx)
	after, err := s.ArticleWithCurrentBody(ctx, sample)
	if err != nil {
		return err
	}
	app.Pattern("AP8", "Publish a new version", "TransactWriteItems (after reading currentVersion "+strconv.Itoa(v.Version-1)+"):\n"+txText,
		[]string{"ARTICLE ID", "CURRENT VERSION", "WORDS", "UPDATED", "BODY"},
		[][]string{{after.Article.ArticleID, strconv.Itoa(after.Article.CurrentVersion), strconv.Itoa(after.Current.WordCount), after.Article.UpdatedAt, after.Current.Body}})

	// Publishing a draft puts its junction items into GSI2 (the tag
	// pages); the keys shown are read from GSI2, not rebuilt.
	draft := cms.SampleDraftArticleID
	before, err := s.Article(ctx, draft)
	if err != nil {
		return err
	}
	published, err := s.SetStatus(ctx, draft, cms.StatusPublished)
	if err != nil {
		return err
	}
	stx, err := cms.SetStatusTx(before, cms.StatusPublished, published.UpdatedAt).Build()
	if err != nil {
		return err
	}
	page, err := cms.ArticlesByTagQuery("data-modeling").Build()
	if err != nil {
		return err
	}
	pks, err := exampleapp.StoredKeys(ctx, db, page, "gsi2pk", cms.TagArticles.Name())
	if err != nil {
		return err
	}
	sks, err := exampleapp.StoredKeys(ctx, db, page, "gsi2sk", cms.TagArticles.Name())
	if err != nil {
		return err
	}
	rows = [][]string{}
	for i := range pks {
		rows = append(rows, []string{pks[i], sks[i]})
	}
	app.Pattern("Status", "Publish a draft: it joins its tags' pages", "TransactWriteItems (after reading the article):\n"+exampleapp.Describe(app.Table, stx)+
		"\nthen "+exampleapp.Describe(app.Table, page), []string{"GSI2PK (stored)", "GSI2SK (stored)"}, rows)

	// The Store's put edits an article's metadata and keeps what the
	// workflows own: a put that would change the status (and leave the
	// junction items on or off the tag pages) is refused before any write.
	a, err = s.Article(ctx, sample)
	if err != nil {
		return err
	}
	a.Title = "DynamoDB Patterns, Revised"
	edited, err := s.PutArticle(ctx, a)
	if err != nil {
		return err
	}
	put, err := cms.ArticlePut(edited).Build()
	if err != nil {
		return err
	}
	a.Status = cms.StatusArchived
	_, err = s.PutArticle(ctx, a)
	var refused *ddbmodel.ValidationError
	if !errors.As(err, &refused) {
		return fmt.Errorf("a put archiving %s: got %v, want a *ddbmodel.ValidationError", sample, err)
	}
	app.Pattern("Edit", "Put an article's metadata; a status change by put is refused", "GetItem "+app.Table+" #METADATA (consistent), then "+exampleapp.Describe(app.Table, put),
		[]string{"PUT", "RESULT"}, [][]string{
			{"title", "stored: " + edited.Title + " (" + edited.Status + ")"},
			{"status " + cms.StatusArchived, "refused, nothing written: " + refused.Error()},
		})
	return nil
}
