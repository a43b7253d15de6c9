package buildbench_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The typed form of the three builds (key structs and field handles, as
// the README's quick start writes them), beside the same hand-written
// baselines.

type articleKeyStruct struct {
	ArticleID string `dynamo:"articleId"`
}

type byAuthorKey struct {
	AuthorID string `dynamo:"authorId"`
}

var (
	articleByID       = entity.ItemKeyOf[articleKeyStruct](articles)
	articlesByAuthor  = entity.QueryKeyOf[byAuthorKey](articles, "GSI1")
	statusField       = entity.StringOf(articles, func(a *article) *string { return &a.Status })
	currentVersionFld = entity.NumberOf(articles, func(a *article) *int { return &a.CurrentVersion })
)

// libUpdateTyped is libUpdate in the typed form.
func libUpdateTyped() (*dynamodb.UpdateItemInput, error) {
	return articleByID.Update(articleKeyStruct{articleID}).Apply(statusField.Set(status)).Ensure(statusField.Eq("draft")).Build()
}

// libQueryTyped is libQuery in the typed form.
func libQueryTyped() (*dynamodb.QueryInput, error) {
	return query.By(articlesByAuthor, byAuthorKey{authorID}).Build()
}

// libTxTyped is libTx in the typed form.
func libTxTyped() (*dynamodb.TransactWriteItemsInput, error) {
	return txn.Write(
		versions.Create(version{ArticleID: articleID, Version: nextVer, Body: body}),
		articleByID.Update(articleKeyStruct{articleID}).Apply(currentVersionFld.Set(nextVer)).Ensure(currentVersionFld.Eq(nextVer-1)),
	).Build()
}

// TestTypedBuildsAreTheBaselines: the typed builds make exactly the
// hand-written requests too.
func TestTypedBuildsAreTheBaselines(t *testing.T) {
	lu, lerr := libUpdateTyped()
	su, serr := sdkUpdate()
	sameRequests(t, "update", lu, su, lerr, serr)
	lq, lerr := libQueryTyped()
	sq, serr := sdkQuery()
	sameRequests(t, "query", lq, sq, lerr, serr)
	lt, lerr := libTxTyped()
	st, serr := sdkTx()
	sameRequests(t, "transaction", lt, st, lerr, serr)
}

// BenchmarkBuildUpdateTyped: BuildUpdate in the typed form.
func BenchmarkBuildUpdateTyped(b *testing.B) { bench(b, &sinkUpdate, libUpdateTyped, sdkUpdate) }

// BenchmarkBuildQueryTyped: BuildQuery in the typed form.
func BenchmarkBuildQueryTyped(b *testing.B) { bench(b, &sinkQuery, libQueryTyped, sdkQuery) }

// BenchmarkBuildTxTyped: BuildTx in the typed form.
func BenchmarkBuildTxTyped(b *testing.B) { bench(b, &sinkTx, libTxTyped, sdkTx) }
