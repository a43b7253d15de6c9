package buildbench_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/benchmodel"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The rest of the operations of #18's list, each beside hand-written SDK
// code doing the same work: puts, creates, gets, deletes, a collection
// query, a scan and a read transaction are timed through Build; a moving
// update, a ReadFirst update, a batch write and a batch get have no Build
// (they read before they write, or chunk and retry), so they are timed
// through Run against an in-memory client that answers at once, the
// hand-written code sending the same requests to the same client.
// TestOperationBaselinesSendTheSameRequests holds every pair to the same
// requests.
//
//	go test ./internal/buildbench/ -run '^$' -bench Op -benchmem

// post is an entity whose index sort key needs an attribute an update
// of its status does not give: ReadFirst reads it.
type post struct {
	PostID    string `dynamo:"postId"`
	Status    string `dynamo:"status"`
	CreatedAt string `dynamo:"createdAt"`
	Title     string `dynamo:"title"`
}

var posts = entity.MustDefine(table, entity.Config[post]{
	Name: "Post",
	Key:  entity.Key{Partition: "POST#${postId}", Sort: "#POST"},
	Indexes: []entity.IndexKey[post]{
		{Index: "GSI1", Partition: "POSTS", Sort: "${status}#${createdAt}"},
	},
})

var (
	anArticle = article{ArticleID: articleID, Title: "Single-table design", Slug: "single-table",
		Status: "draft", AuthorID: authorID, CurrentVersion: 3, Tags: []string{"dynamodb", "go"},
		CreatedAt: time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC)}
	movedID = "01HZX3J5Q8K1V3"
	aPost   = post{PostID: "p-7", Status: "draft", CreatedAt: "2026-11-27T09:30:00Z", Title: "Hello"}

	// batchArticles are the 25 articles of a batch write or get: one chunk.
	batchArticles = func() []article {
		out := make([]article, 25)
		for i := range out {
			out[i] = anArticle
			out[i].ArticleID = fmt.Sprintf("%s-%02d", articleID, i)
		}
		return out
	}()
)

// articleKey is the primary key of the article id, by hand.
func articleKey(id string) (map[string]types.AttributeValue, error) {
	if id == "" || strings.Contains(id, "#") {
		return nil, fmt.Errorf("articleId %q: empty or holds #", id)
	}
	return map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", id)},
		"SK": &types.AttributeValueMemberS{Value: "#METADATA"},
	}, nil
}

func libPut() (*dynamodb.PutItemInput, error)    { return articles.Put(anArticle).Build() }
func libCreate() (*dynamodb.PutItemInput, error) { return articles.Create(anArticle).Build() }

func sdkPut() (*dynamodb.PutItemInput, error) {
	in, err := sdkCreate()
	if err != nil {
		return nil, err
	}
	in.ConditionExpression = aws.String("attribute_not_exists(#PK) OR #__entity = :v0")
	in.ExpressionAttributeNames["#__entity"] = "__entity"
	in.ExpressionAttributeValues = map[string]types.AttributeValue{":v0": &types.AttributeValueMemberS{Value: "Article"}}
	return in, nil
}

func sdkCreate() (*dynamodb.PutItemInput, error) {
	if err := benchmodel.Check(anArticle); err != nil {
		return nil, err
	}
	item, err := attributevalue.MarshalMap(benchmodel.RowOf(anArticle))
	if err != nil {
		return nil, err
	}
	return &dynamodb.PutItemInput{
		TableName:                           aws.String("bench"),
		Item:                                item,
		ConditionExpression:                 aws.String("attribute_not_exists(#PK)"),
		ExpressionAttributeNames:            map[string]string{"#PK": "PK"},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}, nil
}

func libGet() (*dynamodb.GetItemInput, error) {
	return articles.Get(entity.Values{"articleId": articleID}).Build()
}

func sdkGet() (*dynamodb.GetItemInput, error) {
	key, err := articleKey(articleID)
	if err != nil {
		return nil, err
	}
	return &dynamodb.GetItemInput{TableName: aws.String("bench"), Key: key}, nil
}

func libDelete() (*dynamodb.DeleteItemInput, error) {
	return articles.Delete(entity.Values{"articleId": articleID}).Build()
}

func sdkDelete() (*dynamodb.DeleteItemInput, error) {
	key, err := articleKey(articleID)
	if err != nil {
		return nil, err
	}
	return &dynamodb.DeleteItemInput{
		TableName:                           aws.String("bench"),
		Key:                                 key,
		ConditionExpression:                 aws.String("attribute_not_exists(#PK) OR #__entity = :v0"),
		ExpressionAttributeNames:            map[string]string{"#PK": "PK", "#__entity": "__entity"},
		ExpressionAttributeValues:           map[string]types.AttributeValue{":v0": &types.AttributeValueMemberS{Value: "Article"}},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}, nil
}

// libCollection: an article and its versions, one partition.
func libCollection() (*dynamodb.QueryInput, error) {
	return query.Of(articles, versions).Where(entity.Values{"articleId": articleID}).Build()
}

func sdkCollection() (*dynamodb.QueryInput, error) {
	if articleID == "" || strings.Contains(articleID, "#") {
		return nil, fmt.Errorf("articleId %q: empty or holds #", articleID)
	}
	return &dynamodb.QueryInput{
		TableName:                 aws.String("bench"),
		KeyConditionExpression:    aws.String("#PK = :v0"),
		ExpressionAttributeNames:  map[string]string{"#PK": "PK"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v0": &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", articleID)}},
	}, nil
}

// libScan: every article of the table (one segment).
func libScan() ([]*dynamodb.ScanInput, error) { return query.Scan(articles).Build() }

func sdkScan() ([]*dynamodb.ScanInput, error) {
	return []*dynamodb.ScanInput{{
		TableName:                 aws.String("bench"),
		FilterExpression:          aws.String("#__entity = :v0"),
		ExpressionAttributeNames:  map[string]string{"#__entity": "__entity"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v0": &types.AttributeValueMemberS{Value: "Article"}},
	}}, nil
}

// libTxGet: an article and one of its versions in a read transaction.
func libTxGet() (*dynamodb.TransactGetItemsInput, error) {
	return txn.Get(articles.Get(entity.Values{"articleId": articleID}),
		versions.Get(entity.Values{"articleId": articleID, "version": nextVer})).Build()
}

func sdkTxGet() (*dynamodb.TransactGetItemsInput, error) {
	key, err := articleKey(articleID)
	if err != nil {
		return nil, err
	}
	return &dynamodb.TransactGetItemsInput{TransactItems: []types.TransactGetItem{
		{Get: &types.Get{TableName: aws.String("bench"), Key: key}},
		{Get: &types.Get{TableName: aws.String("bench"), Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", articleID)},
			"SK": &types.AttributeValueMemberS{Value: fmt.Sprintf("VERSION#%010d", nextVer)},
		}}},
	}}, nil
}

// memClient answers at once from items it holds, and records what it is
// sent when record is set. It is safe for concurrent use.
type memClient struct {
	entity.Client // the calls the operations here do not make
	items         map[string]map[string]types.AttributeValue
	record        bool
	mu            sync.Mutex
	sent          []any
}

func newMemClient(items ...map[string]types.AttributeValue) *memClient {
	c := &memClient{items: map[string]map[string]types.AttributeValue{}}
	for _, it := range items {
		c.items[pkOf(it)] = it
	}
	return c
}

func pkOf(item map[string]types.AttributeValue) string {
	return item["PK"].(*types.AttributeValueMemberS).Value
}

func (c *memClient) keep(in any) {
	if c.record {
		c.mu.Lock()
		c.sent = append(c.sent, in)
		c.mu.Unlock()
	}
}

func (c *memClient) GetItem(_ context.Context, in *dynamodb.GetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.keep(in)
	return &dynamodb.GetItemOutput{Item: c.items[pkOf(in.Key)]}, nil
}

func (c *memClient) UpdateItem(_ context.Context, in *dynamodb.UpdateItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.keep(in)
	return &dynamodb.UpdateItemOutput{Attributes: c.items[pkOf(in.Key)]}, nil
}

func (c *memClient) TransactWriteItems(_ context.Context, in *dynamodb.TransactWriteItemsInput, _ ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.keep(in)
	return &dynamodb.TransactWriteItemsOutput{}, nil
}

func (c *memClient) BatchWriteItem(_ context.Context, in *dynamodb.BatchWriteItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	c.keep(in)
	return &dynamodb.BatchWriteItemOutput{}, nil
}

func (c *memClient) BatchGetItem(_ context.Context, in *dynamodb.BatchGetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	c.keep(in)
	out := map[string][]map[string]types.AttributeValue{}
	for table, ka := range in.RequestItems {
		for _, k := range ka.Keys {
			if it, ok := c.items[pkOf(k)]; ok {
				out[table] = append(out[table], it)
			}
		}
	}
	return &dynamodb.BatchGetItemOutput{Responses: out}, nil
}

// storedArticle is anArticle as a put stores it.
func storedArticle(a article) map[string]types.AttributeValue {
	in, err := articles.Put(a).Build()
	if err != nil {
		panic(err)
	}
	return in.Item
}

func storedPost() map[string]types.AttributeValue {
	in, err := posts.Put(aPost).Build()
	if err != nil {
		panic(err)
	}
	return in.Item
}

var ctx = context.Background()

// libMove: an update of the article's id, which moves the item to
// another primary key: a consistent read, then a transaction deleting the
// item as read and putting it under its new key.
func libMove(db *entity.DB) error {
	_, err := articles.Update(entity.Values{"articleId": articleID}).Set("articleId", movedID).Run(ctx, db)
	return err
}

// sdkMove is libMove by hand: read the item, check it is an article,
// decode it, change its id, encode it with its new keys, and delete the
// old item on the condition that every attribute is as read.
func sdkMove(db *entity.DB) error {
	if movedID == "" || strings.Contains(movedID, "#") {
		return fmt.Errorf("articleId %q: empty or holds #", movedID)
	}
	key, err := articleKey(articleID)
	if err != nil {
		return err
	}
	out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("bench"), Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return err
	}
	if e, ok := out.Item["__entity"].(*types.AttributeValueMemberS); !ok || e.Value != "Article" {
		return errors.New("not found")
	}
	var a article
	var row benchmodel.ArticleRow
	if err := attributevalue.UnmarshalMap(out.Item, &row); err != nil {
		return err
	}
	a = article{ArticleID: movedID, Title: row.Title, Slug: row.Slug, Status: row.Status, AuthorID: row.AuthorID,
		CurrentVersion: row.CurrentVersion, Tags: row.Tags, CreatedAt: row.CreatedAt}
	if err := benchmodel.Check(a); err != nil {
		return err
	}
	item, err := attributevalue.MarshalMap(benchmodel.RowOf(a))
	if err != nil {
		return err
	}
	names := map[string]string{"#__entity": "__entity"}
	values := map[string]types.AttributeValue{":v0": out.Item["__entity"]}
	conds := []string{"(#__entity = :v0)"}
	for _, n := range slices.Sorted(mapKeys(out.Item)) {
		if n == "__entity" {
			continue
		}
		v := ":v" + strconv.Itoa(len(values))
		names["#"+n] = n
		values[v] = out.Item[n]
		conds = append(conds, "(#"+n+" = "+v+")")
	}
	_, err = db.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Delete: &types.Delete{
			TableName:                           aws.String("bench"),
			Key:                                 key,
			ConditionExpression:                 aws.String(strings.Join(conds, " AND ")),
			ExpressionAttributeNames:            names,
			ExpressionAttributeValues:           values,
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		}},
		{Put: &types.Put{
			TableName:                           aws.String("bench"),
			Item:                                item,
			ConditionExpression:                 aws.String("attribute_not_exists(#PK)"),
			ExpressionAttributeNames:            map[string]string{"#PK": "PK"},
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		}},
	}})
	return err
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// libReadFirst: a post's status, whose index sort key also needs the
// creation time the update does not give: the update reads it first.
func libReadFirst(db *entity.DB) error {
	_, err := posts.Update(entity.Values{"postId": aPost.PostID}).Set("status", "published").ReadFirst().Run(ctx, db)
	return err
}

// sdkReadFirst is libReadFirst by hand: read the post, then set the
// status and the index sort key rendered from the status and the
// creation time read, on the condition that the creation time is still
// the one read, and decode the post UpdateItem returns.
func sdkReadFirst(db *entity.DB) error {
	newStatus := "published"
	if aPost.PostID == "" || strings.Contains(aPost.PostID, "#") {
		return fmt.Errorf("postId %q: empty or holds #", aPost.PostID)
	}
	key := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("POST#%s", aPost.PostID)},
		"SK": &types.AttributeValueMemberS{Value: "#POST"},
	}
	out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("bench"), Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return err
	}
	if e, ok := out.Item["__entity"].(*types.AttributeValueMemberS); !ok || e.Value != "Post" {
		return errors.New("not found")
	}
	created, ok := out.Item["createdAt"].(*types.AttributeValueMemberS)
	if !ok || created.Value == "" || strings.Contains(created.Value, "#") {
		return errors.New("createdAt: missing or holds #")
	}
	upd, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String("bench"),
		Key:                      key,
		UpdateExpression:         aws.String("SET #GSI1SK = :v0, #status = :v1"),
		ConditionExpression:      aws.String("(#__entity = :v2) AND (#createdAt = :v3)"),
		ExpressionAttributeNames: map[string]string{"#GSI1SK": "GSI1SK", "#__entity": "__entity", "#createdAt": "createdAt", "#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":v0": &types.AttributeValueMemberS{Value: newStatus + "#" + created.Value},
			":v1": &types.AttributeValueMemberS{Value: newStatus},
			":v2": &types.AttributeValueMemberS{Value: "Post"},
			":v3": created,
		},
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	if err != nil {
		return err
	}
	var p postRow
	return attributevalue.UnmarshalMap(upd.Attributes, &p)
}

// postRow is the post as hand-written SDK code reads it.
type postRow struct {
	PostID    string `dynamodbav:"postId"`
	Status    string `dynamodbav:"status"`
	CreatedAt string `dynamodbav:"createdAt"`
	Title     string `dynamodbav:"title"`
}

// libBatchWrite: 25 articles put in one batch.
func libBatchWrite(db *entity.DB) error {
	ops := make([]entity.BatchWriter, len(batchArticles))
	for i, a := range batchArticles {
		ops[i] = articles.Put(a)
	}
	return txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...)
}

// sdkBatchWrite is libBatchWrite by hand: the checks, attributevalue,
// one BatchWriteItem, and the items it leaves unprocessed reported.
func sdkBatchWrite(db *entity.DB) error {
	reqs := make([]types.WriteRequest, len(batchArticles))
	for i, a := range batchArticles {
		if err := benchmodel.Check(a); err != nil {
			return err
		}
		item, err := attributevalue.MarshalMap(benchmodel.RowOf(a))
		if err != nil {
			return err
		}
		reqs[i] = types.WriteRequest{PutRequest: &types.PutRequest{Item: item}}
	}
	out, err := db.Client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"bench": reqs}})
	if err != nil {
		return err
	}
	if n := len(out.UnprocessedItems["bench"]); n > 0 {
		return fmt.Errorf("%d items unprocessed", n)
	}
	return nil
}

// libBatchGet: 25 articles read in one batch.
func libBatchGet(db *entity.DB) error {
	reads := make([]txn.ReadOp, len(batchArticles))
	for i, a := range batchArticles {
		reads[i] = articles.Get(entity.Values{"articleId": a.ArticleID})
	}
	items, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, reads...)
	if err != nil {
		return err
	}
	if items.Len() != len(batchArticles) {
		return fmt.Errorf("%d items", items.Len())
	}
	return nil
}

// sdkBatchGet is libBatchGet by hand: the keys, one BatchGetItem, and
// each item returned matched to its read by key and checked to be an
// article.
func sdkBatchGet(db *entity.DB) error {
	keys := make([]map[string]types.AttributeValue, len(batchArticles))
	for i, a := range batchArticles {
		k, err := articleKey(a.ArticleID)
		if err != nil {
			return err
		}
		keys[i] = k
	}
	out, err := db.Client.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"bench": {Keys: keys}}})
	if err != nil {
		return err
	}
	if n := len(out.UnprocessedKeys["bench"].Keys); n > 0 {
		return fmt.Errorf("%d keys unprocessed", n)
	}
	byKey := make(map[string]map[string]types.AttributeValue, len(keys))
	for _, it := range out.Responses["bench"] {
		if e, ok := it["__entity"].(*types.AttributeValueMemberS); !ok || e.Value != "Article" {
			continue
		}
		byKey[pkOf(it)+"\x00"+it["SK"].(*types.AttributeValueMemberS).Value] = it
	}
	found := make([]map[string]types.AttributeValue, len(keys))
	for i, k := range keys {
		found[i] = byKey[pkOf(k)+"\x00"+k["SK"].(*types.AttributeValueMemberS).Value]
	}
	if len(found) != len(batchArticles) {
		return fmt.Errorf("%d items", len(found))
	}
	return nil
}

// runClients are the clients the Run benchmarks send to: each holds the
// items its operation reads.
func moveClient() *memClient { return newMemClient(storedArticle(anArticle)) }
func postClient() *memClient { return newMemClient(storedPost()) }
func batchClient() *memClient {
	c := newMemClient()
	for _, a := range batchArticles {
		it := storedArticle(a)
		c.items[pkOf(it)] = it
	}
	return c
}

// runPair runs a library operation and its hand-written twin against
// their own client.
func runPair(b *testing.B, client func() *memClient, lib, sdk func(*entity.DB) error) {
	for _, c := range []struct {
		name string
		run  func(*entity.DB) error
	}{{"ddbmodel", lib}, {"sdk-handwritten", sdk}} {
		b.Run(c.name, func(b *testing.B) {
			db := entity.NewDB(client(), "bench")
			b.ReportAllocs()
			for b.Loop() {
				if err := c.run(db); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var (
	sinkPut  *dynamodb.PutItemInput
	sinkGet  *dynamodb.GetItemInput
	sinkDel  *dynamodb.DeleteItemInput
	sinkScan []*dynamodb.ScanInput
	sinkTxG  *dynamodb.TransactGetItemsInput
)

func BenchmarkOpPut(b *testing.B)        { bench(b, &sinkPut, libPut, sdkPut) }
func BenchmarkOpCreate(b *testing.B)     { bench(b, &sinkPut, libCreate, sdkCreate) }
func BenchmarkOpGet(b *testing.B)        { bench(b, &sinkGet, libGet, sdkGet) }
func BenchmarkOpDelete(b *testing.B)     { bench(b, &sinkDel, libDelete, sdkDelete) }
func BenchmarkOpCollection(b *testing.B) { bench(b, &sinkQuery, libCollection, sdkCollection) }
func BenchmarkOpScan(b *testing.B)       { bench(b, &sinkScan, libScan, sdkScan) }
func BenchmarkOpTxGet(b *testing.B)      { bench(b, &sinkTxG, libTxGet, sdkTxGet) }
func BenchmarkOpMoveRun(b *testing.B)    { runPair(b, moveClient, libMove, sdkMove) }
func BenchmarkOpReadFirstRun(b *testing.B) {
	runPair(b, postClient, libReadFirst, sdkReadFirst)
}
func BenchmarkOpBatchWriteRun(b *testing.B) { runPair(b, batchClient, libBatchWrite, sdkBatchWrite) }
func BenchmarkOpBatchGetRun(b *testing.B)   { runPair(b, batchClient, libBatchGet, sdkBatchGet) }

// TestOperationBaselinesSendTheSameRequests: each hand-written baseline
// builds, or sends, exactly the requests of the library, so the ratios
// compare the same work.
func TestOperationBaselinesSendTheSameRequests(t *testing.T) {
	built := []struct {
		name     string
		lib, sdk func() (any, error)
	}{
		{"put", anyOf(libPut), anyOf(sdkPut)},
		{"create", anyOf(libCreate), anyOf(sdkCreate)},
		{"get", anyOf(libGet), anyOf(sdkGet)},
		{"delete", anyOf(libDelete), anyOf(sdkDelete)},
		{"collection", anyOf(libCollection), anyOf(sdkCollection)},
		{"scan", anyOf(libScan), anyOf(sdkScan)},
		{"read transaction", anyOf(libTxGet), anyOf(sdkTxGet)},
	}
	for _, c := range built {
		l, lerr := c.lib()
		s, serr := c.sdk()
		sameRequests(t, c.name, l, s, lerr, serr)
	}
	ran := []struct {
		name     string
		client   func() *memClient
		lib, sdk func(*entity.DB) error
	}{
		{"moving update", moveClient, libMove, sdkMove},
		{"ReadFirst update", postClient, libReadFirst, sdkReadFirst},
		{"batch write", batchClient, libBatchWrite, sdkBatchWrite},
		{"batch get", batchClient, libBatchGet, sdkBatchGet},
	}
	for _, c := range ran {
		lc, sc := c.client(), c.client()
		lc.record, sc.record = true, true
		lerr := c.lib(entity.NewDB(lc, "bench"))
		serr := c.sdk(entity.NewDB(sc, "bench"))
		if len(lc.sent) == 0 {
			t.Errorf("%s: the library sent nothing", c.name)
		}
		sameRequests(t, c.name, lc.sent, sc.sent, lerr, serr)
	}
}

func anyOf[R any](f func() (R, error)) func() (any, error) {
	return func() (any, error) { return f() }
}
