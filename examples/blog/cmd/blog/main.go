package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

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
	app.ResetCost() // each pattern's cost line covers its own requests
	r := runner{ctx: ctx, app: app, db: db}
	steps := []func() error{
		r.latestPosts, r.popularPosts, r.postBySlug, r.postsByAuthor, r.postsByTags,
		r.tagsByPrefix, r.popularTags, r.userByEmail, r.userByUsername, r.userByProvider,
		r.usersByStatusRating, r.usersByStatusCreated, r.contactMessages, r.hasSeenPost,
		r.publishRoundTrip, r.duplicateRegistration, r.engagement,
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

// withKeys reads the key attributes attrs of the items in (a built query or
// GetItem, sent again) as stored in the table, and puts them before the
// columns of each of the len(rows) first items: a key shown is the key
// read, never one rebuilt from the item's values.
func (r runner) withKeys(in any, entityName string, attrs []string, header []string, rows [][]string) ([]string, [][]string, error) {
	cols := make([][]string, len(rows))
	for _, a := range attrs {
		ks, err := exampleapp.StoredKeys(r.ctx, r.db, in, a, entityName)
		if err != nil {
			return nil, nil, err
		}
		if len(ks) < len(rows) {
			return nil, nil, fmt.Errorf("%d stored %s for %d items", len(ks), a, len(rows))
		}
		for i := range rows {
			cols[i] = append(cols[i], ks[i])
		}
	}
	out := make([][]string, len(rows))
	for i, row := range rows {
		out[i] = append(cols[i], row...)
	}
	return append(slices.Clone(attrs), header...), out, nil
}

// pattern prints an access pattern: the request in and the items read,
// each with the key attributes attrs as stored.
func (r runner) pattern(id, name string, in any, entityName string, attrs []string, header []string, rows [][]string) error {
	header, rows, err := r.withKeys(in, entityName, attrs, header, rows)
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	r.app.Pattern(id, name, exampleapp.Describe(r.app.Table, in), header, rows)
	return nil
}

var (
	postHeader = []string{"POST", "CREATED_AT", "AUTHOR", "VIEWS", "LIKES", "RATINGS", "STARS", "POPULARITY", "TITLE"}
	userHeader = []string{"USER", "USERNAME", "EMAIL", "STATUS", "RATING", "CREATED_AT", "POSTS", "IMPRESSIONS"}
	tagHeader  = []string{"TAG", "RATING", "POSTS"}
)

func postRows(ps []blog.Post) [][]string {
	var rows [][]string
	for _, p := range ps {
		rows = append(rows, []string{p.PostID, millis(p.CreatedAt), p.UserID, num(p.Impressions), num(p.Likes), num(p.Raters), num(p.Stars),
			num(p.Popularity), p.Title})
	}
	return rows
}

func userRows(us ...blog.User) [][]string {
	var rows [][]string
	for _, u := range us {
		rows = append(rows, []string{u.UserID, u.Username, u.Email, u.Status, num(u.Rating), millis(u.CreatedAt),
			num(u.PostCount), num(u.Impressions)})
	}
	return rows
}

func tagRows(ts []blog.PostTag) [][]string {
	var rows [][]string
	for _, t := range ts {
		rows = append(rows, []string{t.TagName, num(t.Rating), num(t.PostCount)})
	}
	return rows
}

func num(n int64) string { return strconv.FormatInt(n, 10) }

// millis shows a Unix millisecond time as UTC text.
func millis(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04:05.000") }

func (r runner) latestPosts() error {
	in, err := blog.LatestPostsQuery(10).Build()
	if err != nil {
		return err
	}
	p, err := blog.LatestPosts(r.ctx, r.db, 10, "")
	if err != nil {
		return err
	}
	return r.pattern("AP1", "Latest published posts, newest first (first page of 10)", in, blog.Posts.Name(),
		[]string{"pk", "created_at"}, postHeader, postRows(p.Items))
}

func (r runner) popularPosts() error {
	in, err := blog.PopularPostsQuery(10).Build()
	if err != nil {
		return err
	}
	p, err := blog.PopularPosts(r.ctx, r.db, 10, "")
	if err != nil {
		return err
	}
	return r.pattern("AP2", "Most popular published posts: by popularity (views, likes, ratings), then newest first (first page of 10)", in, blog.Posts.Name(),
		[]string{"pk", "rating_sk"}, postHeader, postRows(p.Items))
}

func (r runner) postBySlug() error {
	const slug = "sort-keys-that-sort"
	in, err := blog.PostBySlugQuery(slug).Build()
	if err != nil {
		return err
	}
	p, err := blog.PostBySlug(r.ctx, r.db, slug)
	if err != nil {
		return err
	}
	return r.pattern("AP3", "Post by its slug "+slug, in, blog.Posts.Name(), []string{"pk", "post_slug"},
		append(postHeader, "STATUS"), [][]string{append(postRows([]blog.Post{p})[0], p.Status)})
}

func (r runner) postsByAuthor() error {
	for _, status := range []string{blog.PostPublished, blog.PostUnpublished} {
		in, err := blog.PostsByAuthorQuery("u01", status, 0).Build()
		if err != nil {
			return err
		}
		p, err := blog.PostsByAuthor(r.ctx, r.db, "u01", status, 0, "")
		if err != nil {
			return err
		}
		if err := r.pattern("AP4", "Posts of author u01 with status "+status+", newest first", in, blog.Posts.Name(),
			[]string{"pk", "user_id", "status", "created_at"}, postHeader, postRows(p.Items)); err != nil {
			return err
		}
	}
	return nil
}

func (r runner) postsByTags() error {
	tags := []string{"dynamodb", "aws"}
	in, err := blog.PostsByTagsQuery(tags, 0).Build()
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
	return r.pattern("AP5", "Published posts tagged both dynamodb and aws", in, blog.PostTagCombos.Name(),
		[]string{"pk", "sk"}, []string{"POST", "CREATED_AT", "AUTHOR", "TITLE"}, rows)
}

func (r runner) tagsByPrefix() error {
	in, err := blog.TagsByPrefixQuery("go", 10).Build()
	if err != nil {
		return err
	}
	ts, err := blog.TagsByPrefix(r.ctx, r.db, "go", 10)
	if err != nil {
		return err
	}
	return r.pattern("AP6", "Tag autocomplete for the prefix \"go\"", in, blog.PostTags.Name(),
		[]string{"pk", "tag_type_pk", "tag_name_sk"}, tagHeader, tagRows(ts))
}

func (r runner) popularTags() error {
	in, err := blog.PopularTagsQuery(5).Build()
	if err != nil {
		return err
	}
	ts, err := blog.PopularTags(r.ctx, r.db, 5)
	if err != nil {
		return err
	}
	return r.pattern("AP7", "Popular tags, highest rating first (top 5)", in, blog.PostTags.Name(),
		[]string{"pk", "rating_sk"}, tagHeader, tagRows(ts))
}

// twoGets prints a look-up of two strongly consistent GetItems: first's
// item points to the user second reads.
func (r runner) twoGets(id, name string, first *dynamodb.GetItemInput, firstEntity string, u blog.User) error {
	second, err := blog.UserGet(u.UserID).Build()
	if err != nil {
		return err
	}
	firstPK, err := exampleapp.StoredKeys(r.ctx, r.db, first, "pk", firstEntity)
	if err != nil {
		return err
	}
	header, rows, err := r.withKeys(second, blog.Users.Name(), []string{"pk"}, userHeader, userRows(u))
	if err != nil {
		return err
	}
	header = append([]string{"pk (" + firstEntity + ")"}, header...)
	rows[0] = append(firstPK[:1:1], rows[0]...)
	r.app.Pattern(id, name, exampleapp.Describe(r.app.Table, first)+"\nthen "+exampleapp.Describe(r.app.Table, second), header, rows)
	return nil
}

func (r runner) userByEmail() error {
	const email = "Carol@Example.com"
	first, err := blog.UserEmailGet(email).Build()
	if err != nil {
		return err
	}
	u, err := blog.UserByEmail(r.ctx, r.db, email)
	if err != nil {
		return err
	}
	return r.twoGets("AP8", "User by e-mail "+email+" for sign-in (strongly consistent)", first, blog.UserEmails.Name(), u)
}

func (r runner) userByUsername() error {
	in, err := blog.UserByUsernameQuery("dave").Build()
	if err != nil {
		return err
	}
	u, err := blog.UserByUsername(r.ctx, r.db, "dave")
	if err != nil {
		return err
	}
	return r.pattern("AP9", "User by username dave (profile page)", in, blog.Users.Name(), []string{"pk", "username"}, userHeader, userRows(u))
}

func (r runner) userByProvider() error {
	first, err := blog.ProviderUserGet("cognito", "1").Build()
	if err != nil {
		return err
	}
	u, err := blog.UserByProvider(r.ctx, r.db, "cognito", "1")
	if err != nil {
		return err
	}
	return r.twoGets("AP10", "User by provider identity cognito/1 for sign-in (strongly consistent)", first, blog.ProviderUsers.Name(), u)
}

func (r runner) usersByStatusRating() error {
	in, err := blog.UsersByStatusRatingQuery(blog.UserActive, 0).Build()
	if err != nil {
		return err
	}
	p, err := blog.UsersByStatusRating(r.ctx, r.db, blog.UserActive, 0, "")
	if err != nil {
		return err
	}
	return r.pattern("AP11", "Moderation: active users by rating, highest first", in, blog.Users.Name(),
		[]string{"pk", "user_status_pk", "rating_sk"}, userHeader, userRows(p.Items...))
}

func (r runner) usersByStatusCreated() error {
	in, err := blog.UsersByStatusCreatedQuery(blog.UserActive, 0).Build()
	if err != nil {
		return err
	}
	p, err := blog.UsersByStatusCreated(r.ctx, r.db, blog.UserActive, 0, "")
	if err != nil {
		return err
	}
	return r.pattern("AP12", "Moderation: active users, latest registered first", in, blog.Users.Name(),
		[]string{"pk", "user_status_pk", "created_at"}, userHeader, userRows(p.Items...))
}

func (r runner) contactMessages() error {
	const limit = 3
	in, err := blog.ContactMessagesQuery(limit).Build()
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
	// The stored keys are read with the query of the first page, followed
	// to the end, which returns the messages in the same order.
	header, rows, err := r.withKeys(in, blog.ContactMessages.Name(), []string{"pk", "sk"},
		[]string{"PAGE", "MESSAGE", "CREATED_AT", "EMAIL", "SUBJECT"}, rows)
	if err != nil {
		return err
	}
	r.app.Pattern("AP13", fmt.Sprintf("Contact messages, newest first, in pages of %d", limit),
		exampleapp.Describe(r.app.Table, in)+"\n(each next page: the same query from the previous page's cursor)", header, rows)
	return nil
}

// hasSeenPost asks whether users have seen posts, showing the sort key of
// the PostImpression item read, and records a view that was recorded
// before: it is not counted again.
func (r runner) hasSeenPost() error {
	first, err := blog.HasSeenPostGet("p02", "u01").Build()
	if err != nil {
		return err
	}
	var rows [][]string
	for _, c := range [][2]string{{"p02", "u01"}, {"p02", "u03"}, {"p02", "u02"}, {"p27", "u01"}, {"p27", "u05"}} {
		seen, err := blog.HasSeenPost(r.ctx, r.db, c[0], c[1])
		if err != nil {
			return err
		}
		in, err := blog.HasSeenPostGet(c[0], c[1]).Build()
		if err != nil {
			return err
		}
		sk, err := exampleapp.StoredKeys(r.ctx, r.db, in, "sk", blog.PostImpressions.Name())
		if err != nil {
			return err
		}
		rows = append(rows, []string{c[0], c[1], strings.Join(sk, ""), "HasSeenPost", strconv.FormatBool(seen)})
	}
	counted, err := blog.RecordPostImpression(r.ctx, r.db, blog.PostImpression{PostID: "p02", UserID: "u01"})
	if err != nil {
		return err
	}
	rows = append(rows, []string{"p02", "u01", "", "RecordPostImpression again: counted", strconv.FormatBool(counted)})
	r.app.Pattern("AP14", "Has a user seen a post: a strongly consistent GetItem of the PostImpression item, e.g.",
		exampleapp.Describe(r.app.Table, first), []string{"POST", "USER", "sk (stored)", "CHECK", "RESULT"}, rows)
	return nil
}

// engagement likes and rates the post p25 (no engagement in the sample)
// and withdraws it all again, showing after each step its counters, the
// rank rating_sk as stored and its place in the popular feed; the table
// ends as it was.
func (r runner) engagement() error {
	const id = "p25"
	p, err := blog.PostByKey.Get(blog.PostKey{PostID: id}).Consistent().Run(r.ctx, r.db)
	if err != nil {
		return err
	}
	in, err := blog.LikePlan(p, blog.PostLike{PostID: id, UserID: "u01", CreatedAt: blog.SampleEpoch})
	if err != nil {
		return err
	}
	get, err := blog.PostByKey.Get(blog.PostKey{PostID: id}).Consistent().Build()
	if err != nil {
		return err
	}
	var rows [][]string
	state := func(step string, changed bool) error {
		post, err := blog.PostByKey.Get(blog.PostKey{PostID: id}).Consistent().Run(r.ctx, r.db)
		if err != nil {
			return err
		}
		sk, err := exampleapp.StoredKeys(r.ctx, r.db, get, "rating_sk", blog.Posts.Name())
		if err != nil {
			return err
		}
		popular, err := blog.PopularPostsQuery(0).Collect(r.ctx, r.db)
		if err != nil {
			return err
		}
		place := "-"
		for i, x := range popular {
			if x.PostID == id {
				place = strconv.Itoa(i + 1)
			}
		}
		liked, err := blog.HasLikedPost(r.ctx, r.db, id, "u01")
		if err != nil {
			return err
		}
		rows = append(rows, []string{step, strconv.FormatBool(changed), num(post.Likes), num(post.Raters), num(post.Stars),
			num(post.Popularity), strings.Join(sk, ""), place, strconv.FormatBool(liked)})
		return nil
	}
	if err := state("before", false); err != nil {
		return err
	}
	for _, s := range []struct {
		name string
		do   func() (bool, error)
	}{
		{"LikePost u01", func() (bool, error) { return blog.LikePost(r.ctx, r.db, blog.PostLike{PostID: id, UserID: "u01"}) }},
		{"LikePost u01 again", func() (bool, error) { return blog.LikePost(r.ctx, r.db, blog.PostLike{PostID: id, UserID: "u01"}) }},
		{"LikePost u02", func() (bool, error) { return blog.LikePost(r.ctx, r.db, blog.PostLike{PostID: id, UserID: "u02"}) }},
		{"LikePost u03", func() (bool, error) { return blog.LikePost(r.ctx, r.db, blog.PostLike{PostID: id, UserID: "u03"}) }},
		{"RatePost u04 5 stars", func() (bool, error) {
			return blog.RatePost(r.ctx, r.db, blog.StarRating{PostID: id, UserID: "u04", Stars: 5})
		}},
		{"RatePost u04 1 star", func() (bool, error) {
			return blog.RatePost(r.ctx, r.db, blog.StarRating{PostID: id, UserID: "u04", Stars: 1})
		}},
		{"UnratePost u04", func() (bool, error) { return blog.UnratePost(r.ctx, r.db, id, "u04") }},
		{"UnlikePost u01", func() (bool, error) { return blog.UnlikePost(r.ctx, r.db, id, "u01") }},
		{"UnlikePost u02", func() (bool, error) { return blog.UnlikePost(r.ctx, r.db, id, "u02") }},
		{"UnlikePost u03", func() (bool, error) { return blog.UnlikePost(r.ctx, r.db, id, "u03") }},
	} {
		changed, err := s.do()
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		if err := state(s.name, changed); err != nil {
			return err
		}
	}
	r.app.Pattern("W3", "Likes and ratings move post "+id+" in the popular feed: each is one transaction rewriting rating_sk (the like of u01:)",
		r.describeTx(in), []string{"STEP", "CHANGED", "LIKES", "RATINGS", "STARS", "POPULARITY", "rating_sk (stored)", "PLACE_IN_POPULAR", "U01_LIKES_IT"}, rows)
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
// address, then one with bob's username: each transaction is canceled and
// nothing of it is written. The username is a unique attribute: the
// library's marker item of "bob" refuses the second.
func (r runner) duplicateRegistration() error {
	u := blog.User{UserID: "u99", Email: "ALICE@example.com", Username: "alice2", DisplayName: "Not Alice", CreatedAt: blog.SampleEpoch}
	in, err := blog.RegisterPlan(u)
	if err != nil {
		return err
	}
	var rows [][]string
	for _, c := range []struct {
		what string
		u    blog.User
	}{
		{"alice's e-mail", u},
		{"bob's username", blog.User{UserID: "u99", Email: "bob2@example.com", Username: "bob", DisplayName: "Not Bob", CreatedAt: blog.SampleEpoch}},
	} {
		_, regErr := blog.RegisterUser(r.ctx, r.db, c.u)
		var taken *blog.TakenError
		if !errors.As(regErr, &taken) {
			return fmt.Errorf("registering %s: %v, want a *blog.TakenError", c.what, regErr)
		}
		var ue *ddbmodel.UniqueError
		_, userErr := blog.UserGet("u99").Run(r.ctx, r.db)
		rows = append(rows,
			[]string{c.what, "error", regErr.Error()},
			[]string{c.what, "errors.Is(err, blog.ErrEmailTaken)", strconv.FormatBool(errors.Is(regErr, blog.ErrEmailTaken))},
			[]string{c.what, "errors.Is(err, blog.ErrUsernameTaken)", strconv.FormatBool(errors.Is(regErr, blog.ErrUsernameTaken))},
			[]string{c.what, "errors.As(err, *ddbmodel.UniqueError)", strconv.FormatBool(errors.As(regErr, &ue))},
			[]string{c.what, "user u99 written", strconv.FormatBool(userErr == nil)},
		)
	}
	// The marker items of the usernames, read from the table: "bob" is
	// held by u02, "alice2" by nobody. The key shown is the pk read.
	for _, name := range []string{"bob", "alice2"} {
		get := &dynamodb.GetItemInput{Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "UNIQUE#User#username#" + name},
			"sk": &types.AttributeValueMemberS{Value: "UNIQUE"},
		}}
		pk, err := exampleapp.StoredKeys(r.ctx, r.db, get, "pk", "UNIQUE#User#username")
		if err != nil {
			return err
		}
		owner, err := exampleapp.StoredKeys(r.ctx, r.db, get, "uniqueOwner", "UNIQUE#User#username")
		if err != nil {
			return err
		}
		if len(pk) == 0 || len(owner) == 0 {
			rows = append(rows, []string{"username " + name, "marker item", "none"})
			continue
		}
		rows = append(rows, []string{"username " + name, "marker " + pk[0], "uniqueOwner " + owner[0]})
	}
	r.app.Pattern("W2", "Registering a second user with alice's e-mail address, or with bob's username, fails whole (the first transaction:)",
		r.describeTx(in), []string{"ATTEMPT", "CHECK", "RESULT"}, rows)
	return nil
}
