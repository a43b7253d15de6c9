package buildbench_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

type articleKeyT struct {
	ArticleID string `dynamo:"articleId"`
}
type byAuthorT struct {
	AuthorID string `dynamo:"authorId"`
}

var (
	articleByIDT = entity.ItemKeyOf[articleKeyT](articles)
	byAuthorQT   = entity.QueryKeyOf[byAuthorT](articles, "GSI1")
	statusF      = entity.StringOf(articles, func(a *article) *string { return &a.Status })
	curVerF      = entity.NumberOf(articles, func(a *article) *int { return &a.CurrentVersion })
)

func libUpdateT() (*dynamodb.UpdateItemInput, error) {
	return articleByIDT.Update(articleKeyT{articleID}).Apply(statusF.Set(status)).Ensure(statusF.Eq("draft")).Build()
}
func libQueryT() (*dynamodb.QueryInput, error) {
	return query.By(byAuthorQT, byAuthorT{authorID}).Build()
}
func libTxT() (*dynamodb.TransactWriteItemsInput, error) {
	return txn.Write(
		versions.Create(version{ArticleID: articleID, Version: nextVer, Body: body}),
		articleByIDT.Update(articleKeyT{articleID}).Apply(curVerF.Set(nextVer)).Ensure(curVerF.Eq(nextVer-1)),
	).Build()
}
func TestTypedSame(t *testing.T) {
	a, e1 := libUpdateT()
	b, e2 := sdkUpdate()
	sameRequests(t, "u", a, b, e1, e2)
	c, e1 := libQueryT()
	d, e2 := sdkQuery()
	sameRequests(t, "q", c, d, e1, e2)
	x, e1 := libTxT()
	y, e2 := sdkTx()
	sameRequests(t, "t", x, y, e1, e2)
}
func BenchmarkTUpdate(b *testing.B) { bench(b, &sinkUpdate, libUpdateT, sdkUpdate) }
func BenchmarkTQuery(b *testing.B)  { bench(b, &sinkQuery, libQueryT, sdkQuery) }
func BenchmarkTTx(b *testing.B)     { bench(b, &sinkTx, libTxT, sdkTx) }
