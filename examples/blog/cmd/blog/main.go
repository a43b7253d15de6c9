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
	"github.com/ddbmodel/ddbmodel/examples/blog"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func main() { exampleapp.Main(config()) }

func config() exampleapp.Config {
	return exampleapp.Config{
		Name:         "blog",
		DefaultTable: blog.TableName,
		Tables:       exampleapp.OneTable(blog.Table),
		Run:          run,
	}
}

// run loads the sample data (unless the table holds it already) and runs
// the access patterns in the order of the design's requirements.
func run(ctx context.Context, app *exampleapp.App) error {
	db := app.Observe(entity.NewDB(app.Client, app.Table))
	_, err := blog.UserGet("u01").Run(ctx, db)
	switch {
	case errors.Is(err, ddbmodel.ErrNotFound):
		if err := blog.LoadSample(ctx, db); err != nil {
			return err
		}
	case err != nil:
		return err
	}
	r := runner{ctx: ctx, app: app, db: db}
	steps := []func() error{
		r.latestPosts, r.popularPosts, r.postBySlug, r.postsByAuthor, r.postsByTags,
		r.tagsByPrefix, r.popularTags, r.userByEmail, r.userByUsername, r.userByProvider,
		r.usersByStatusRating, r.usersByStatusCreated, r.contactMessages,
		r.publishRoundTrip, r.duplicateRegistration,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

type runner struct {
	ctx context.Context
	app *exampleapp.App
	db  *entity.DB
}

// describeTx renders a transaction as sent to the -table table.
func (r runner) describeTx(in *dynamodb.TransactWriteItemsInput) string {
	return "TransactWriteItems:\n" + exampleapp.Describe(r.app.Table, in)
}

// describe renders a query as sent to the -table table.
func (r runner) describe(build func() (*dynamodb.QueryInput, error)) (string, error) {
	in, err := build()
	if err != nil {
		return "", err
	}
	return exampleapp.Describe(r.app.Table, in), nil
}

func (r runner) describeGet(build func() (*dynamodb.GetItemInput, error)) (string, error) {
	in, err := build()
	if err != nil {
		return "", err
	}
	return exampleapp.Describe(r.app.Table, in), nil
}

var (
	postHeader = []string{"POST", "CREATED_AT", "AUTHOR", "RATING", "TAGS", "TITLE"}
	userHeader = []string{"USER", "USERNAME", "EMAIL", "STATUS", "RATING", "CREATED_AT", "POSTS", "IMPRESSIONS"}
	tagHeader  = []string{"TAG", "RATING", "POSTS"}
)

func postRows(ps []blog.Post) [][]string {
	var rows [][]string
	for _, p := range ps {
		rows = append(rows, []string{p.PostID, millis(p.CreatedAt), p.UserID, strconv.FormatInt(p.Rating, 10), strings.Join(p.Tags, ","), p.Title})
	}
	return rows
}

func userRows(us ...blog.User) [][]string {
	var rows [][]string
	for _, u := range us {
		rows = append(rows, []string{u.UserID, u.Username, u.Email, u.Status, strconv.FormatInt(u.Rating, 10), millis(u.CreatedAt),
			strconv.FormatInt(u.PostCount, 10), strconv.FormatInt(u.Impressions, 10)})
	}
	return rows
}

func tagRows(ts []blog.PostTag) [][]string {
	var rows [][]string
	for _, t := range ts {
		rows = append(rows, []string{t.TagName, strconv.FormatInt(t.Rating, 10), strconv.FormatInt(t.PostCount, 10)})
	}
	return rows
}

// millis shows a Unix millisecond time as UTC text.
func millis(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04:05.000") }

func (r runner) latestPosts() error {
	req, err := r.describe(blog.LatestPostsQuery(10).Build)
	if err != nil {
		return err
	}
	p, err := blog.LatestPosts(r.ctx, r.db, 10, "")
	if err != nil {
		return err
	}
	r.app.Pattern("AP1", "Latest published posts, newest first (first page of 10)", req, postHeader, postRows(p.Items))
	return nil
}

func (r runner) popularPosts() error {
	req, err := r.describe(blog.PopularPostsQuery(10).Build)
	if err != nil {
		return err
	}
	p, err := blog.PopularPosts(r.ctx, r.db, 10, "")
	if err != nil {
		return err
	}
	r.app.Pattern("AP2", "Most popular published posts, highest rating first (first page of 10)", req, postHeader, postRows(p.Items))
	return nil
}

func (r runner) postBySlug() error {
	const slug = "sort-keys-that-sort"
	req, err := r.describe(blog.PostBySlugQuery(slug).Build)
	if err != nil {
		return err
	}
	p, err := blog.PostBySlug(r.ctx, r.db, slug)
	if err != nil {
		return err
	}
	r.app.Pattern("AP3", "Post by its slug "+slug, req, append(postHeader, "SLUG", "STATUS", "IMPRESSIONS"),
		[][]string{append(postRows([]blog.Post{p})[0], p.Slug, p.Status, strconv.FormatInt(p.Impressions, 10))})
	return nil
}

func (r runner) postsByAuthor() error {
	for _, status := range []string{blog.PostPublished, blog.PostUnpublished} {
		req, err := r.describe(blog.PostsByAuthorQuery("u01", status, 0).Build)
		if err != nil {
			return err
		}
		p, err := blog.PostsByAuthor(r.ctx, r.db, "u01", status, 0, "")
		if err != nil {
			return err
		}
		r.app.Pattern("AP4", "Posts of author u01 with status "+status+", newest first", req, postHeader, postRows(p.Items))
	}
	return nil
}

func (r runner) postsByTags() error {
	tags := []string{"dynamodb", "aws"}
	req, err := r.describe(blog.PostsByTagsQuery(tags, 0).Build)
	if err != nil {
		return err
	}
	p, err := blog.PostsByTags(r.ctx, r.db, tags, 0, "")
	if err != nil {
		return err
	}
	var rows [][]string
	for _, c := range p.Items {
		rows = append(rows, []string{c.PostID, millis(c.CreatedAt), c.UserID, c.Title})
	}
	r.app.Pattern("AP5", "Published posts tagged both dynamodb and aws", req, []string{"POST", "CREATED_AT", "AUTHOR", "TITLE"}, rows)
	return nil
}

func (r runner) tagsByPrefix() error {
	req, err := r.describe(blog.TagsByPrefixQuery("go", 10).Build)
	if err != nil {
		return err
	}
	ts, err := blog.TagsByPrefix(r.ctx, r.db, "go", 10)
	if err != nil {
		return err
	}
	r.app.Pattern("AP6", "Tag autocomplete for the prefix \"go\"", req, tagHeader, tagRows(ts))
	return nil
}

func (r runner) popularTags() error {
	req, err := r.describe(blog.PopularTagsQuery(5).Build)
	if err != nil {
		return err
	}
	ts, err := blog.PopularTags(r.ctx, r.db, 5)
	if err != nil {
		return err
	}
	r.app.Pattern("AP7", "Popular tags, highest rating first (top 5)", req, tagHeader, tagRows(ts))
	return nil
}

func (r runner) userByEmail() error {
	const email = "Carol@Example.com"
	first, err := r.describeGet(blog.UserEmailGet(email).Build)
	if err != nil {
		return err
	}
	u, err := blog.UserByEmail(r.ctx, r.db, email)
	if err != nil {
		return err
	}
	second, err := r.describeGet(blog.UserGet(u.UserID).Build)
	if err != nil {
		return err
	}
	r.app.Pattern("AP8", "User by e-mail "+email+" for sign-in (strongly consistent)", first+"\nthen "+second, userHeader, userRows(u))
	return nil
}

func (r runner) userByUsername() error {
	req, err := r.describe(blog.UserByUsernameQuery("dave").Build)
	if err != nil {
		return err
	}
	u, err := blog.UserByUsername(r.ctx, r.db, "dave")
	if err != nil {
		return err
	}
	r.app.Pattern("AP9", "User by username dave (profile page)", req, userHeader, userRows(u))
	return nil
}

func (r runner) userByProvider() error {
	first, err := r.describeGet(blog.ProviderUserGet("cognito", "1").Build)
	if err != nil {
		return err
	}
	u, err := blog.UserByProvider(r.ctx, r.db, "cognito", "1")
	if err != nil {
		return err
	}
	second, err := r.describeGet(blog.UserGet(u.UserID).Build)
	if err != nil {
		return err
	}
	r.app.Pattern("AP10", "User by provider identity cognito/1 for sign-in (strongly consistent)", first+"\nthen "+second, userHeader, userRows(u))
	return nil
}

func (r runner) usersByStatusRating() error {
	req, err := r.describe(blog.UsersByStatusRatingQuery(blog.UserActive, 0).Build)
	if err != nil {
		return err
	}
	p, err := blog.UsersByStatusRating(r.ctx, r.db, blog.UserActive, 0, "")
	if err != nil {
		return err
	}
	r.app.Pattern("AP11", "Moderation: active users by rating, highest first", req, userHeader, userRows(p.Items...))
	return nil
}

func (r runner) usersByStatusCreated() error {
	req, err := r.describe(blog.UsersByStatusCreatedQuery(blog.UserActive, 0).Build)
	if err != nil {
		return err
	}
	p, err := blog.UsersByStatusCreated(r.ctx, r.db, blog.UserActive, 0, "")
	if err != nil {
		return err
	}
	r.app.Pattern("AP12", "Moderation: active users, latest registered first", req, userHeader, userRows(p.Items...))
	return nil
}

func (r runner) contactMessages() error {
	const limit = 3
	req, err := r.describe(blog.ContactMessagesQuery(limit).Build)
	if err != nil {
		return err
	}
	var rows [][]string
	cursor := ""
	for page := 1; ; page++ {
		p, err := blog.LatestContactMessages(r.ctx, r.db, limit, cursor)
		if err != nil {
			return err
		}
		for _, m := range p.Items {
			rows = append(rows, []string{strconv.Itoa(page), m.MessageID, millis(m.CreatedAt), m.Email, m.Subject})
		}
		if p.Cursor == "" {
			break
		}
		cursor = p.Cursor
	}
	r.app.Pattern("AP13", fmt.Sprintf("Contact messages, newest first, in pages of %d", limit), req+"\n(each next page: the same query from the previous page's cursor)",
		[]string{"PAGE", "MESSAGE", "CREATED_AT", "EMAIL", "SUBJECT"}, rows)
	return nil
}

// publishRoundTrip publishes the unpublished p05 and unpublishes it again,
// showing the feeds and counters after each step; the table ends as it was.
func (r runner) publishRoundTrip() error {
	const id = "p05"
	p, err := blog.PostByKey.Get(blog.PostKey{PostID: id}).Consistent().Run(r.ctx, r.db)
	if err != nil {
		return err
	}
	in, err := blog.PublishPlan(p)
	if err != nil {
		return err
	}
	rows := [][]string{}
	state := func(step string) error {
		latest, err := blog.LatestPostsQuery(0).Collect(r.ctx, r.db)
		if err != nil {
			return err
		}
		rank := "-"
		for i, x := range latest {
			if x.PostID == id {
				rank = strconv.Itoa(i + 1)
			}
		}
		author, err := blog.UserGet(p.UserID).Run(r.ctx, r.db)
		if err != nil {
			return err
		}
		tag, err := blog.PostTagByKey.Get(blog.PostTagKey{TagName: "go-testing"}).Consistent().Run(r.ctx, r.db)
		if err != nil {
			return err
		}
		tagged, err := blog.PostsByTagsQuery([]string{"go", "go-testing"}, 0).Collect(r.ctx, r.db)
		if err != nil {
			return err
		}
		var ids []string
		for _, c := range tagged {
			ids = append(ids, c.PostID)
		}
		post, err := blog.PostByKey.Get(blog.PostKey{PostID: id}).Consistent().Run(r.ctx, r.db)
		if err != nil {
			return err
		}
		rows = append(rows, []string{step, post.Status, rank, strconv.FormatInt(author.PostCount, 10),
			strconv.FormatInt(tag.PostCount, 10), strings.Join(ids, ",")})
		return nil
	}
	if err := state("before"); err != nil {
		return err
	}
	if _, err := blog.PublishPost(r.ctx, r.db, id); err != nil {
		return err
	}
	if err := state("PublishPost"); err != nil {
		return err
	}
	if _, err := blog.UnpublishPost(r.ctx, r.db, id); err != nil {
		return err
	}
	if err := state("UnpublishPost"); err != nil {
		return err
	}
	r.app.Pattern("W1", "Publishing post "+id+" is one transaction (then unpublishing it restores everything)", r.describeTx(in),
		[]string{"STEP", "STATUS", "RANK_IN_LATEST", "AUTHOR_POSTS", "GO-TESTING_POSTS", "TAGGED_GO+GO-TESTING"}, rows)
	return nil
}

// duplicateRegistration tries to register a user with alice's e-mail
// address: the transaction is canceled and nothing of it is written.
func (r runner) duplicateRegistration() error {
	u := blog.User{UserID: "u99", Email: "ALICE@example.com", Username: "alice2", DisplayName: "Not Alice", CreatedAt: blog.SampleEpoch}
	in, err := blog.RegisterPlan(u)
	if err != nil {
		return err
	}
	_, regErr := blog.RegisterUser(r.ctx, r.db, u)
	var taken *blog.TakenError
	if !errors.As(regErr, &taken) {
		return fmt.Errorf("registering a duplicate e-mail: %v, want a *blog.TakenError", regErr)
	}
	_, userErr := blog.UserGet("u99").Run(r.ctx, r.db)
	_, nameErr := blog.UserByUsername(r.ctx, r.db, "alice2")
	rows := [][]string{
		{"error", regErr.Error()},
		{"errors.Is(err, blog.ErrEmailTaken)", strconv.FormatBool(errors.Is(regErr, blog.ErrEmailTaken))},
		{"errors.Is(err, ddbmodel.ErrAlreadyExists)", strconv.FormatBool(errors.Is(regErr, ddbmodel.ErrAlreadyExists))},
		{"user u99 written", strconv.FormatBool(userErr == nil)},
		{"username alice2 reserved", strconv.FormatBool(nameErr == nil)},
	}
	r.app.Pattern("W2", "Registering a second user with alice's e-mail address fails whole", r.describeTx(in),
		[]string{"CHECK", "RESULT"}, rows)
	return nil
}
