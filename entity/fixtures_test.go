// The fixtures shared by this package's tests: model types, their Define
// calls and helpers. A fixture used by one test file stays in that file.

package entity_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// mxItem is the entity of the bad-input matrix.
type mxItem struct {
	ID    string   `dynamo:"id"`
	Group string   `dynamo:"group"`
	Rank  int      `dynamo:"rank"`
	Title string   `dynamo:"title"`
	Count int      `dynamo:"count"`
	Score float64  `dynamo:"score"`
	Tags  []string `dynamo:"tags,set"`
	Nums  []int    `dynamo:"nums,set"`
	Items []string `dynamo:"items"`
}

const mxName = "Mx"

var (
	mxTable = &entity.Table{
		Name:         "matrix",
		PartitionKey: entity.S("PK"),
		SortKey:      entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		},
	}
	mx = entity.MustDefine(mxTable, entity.Config[mxItem]{
		Name: mxName,
		Key:  entity.Key{Partition: "MX#${id}", Sort: "MX"},
		Indexes: []entity.IndexKey[mxItem]{
			{Index: "GSI1", Partition: "MXG#${group}", Sort: "MXR#${rank:pad(6)}", Sparse: true},
		},
	})
)

var mxKey = entity.Values{"id": "a"}

func mxGood(id string) mxItem {
	return mxItem{ID: id, Group: "g", Rank: 1, Title: "t", Count: 1, Score: 1.5, Tags: []string{"x"}, Nums: []int{1}, Items: []string{"i"}}
}

// The benchmark model: three entities of a CMS sharing one table.
type benchArticle struct {
	ArticleID      string    `dynamo:"articleId" dynamodbav:"articleId"`
	Title          string    `dynamo:"title" dynamodbav:"title"`
	Slug           string    `dynamo:"slug" dynamodbav:"slug"`
	Status         string    `dynamo:"status" dynamodbav:"status"`
	AuthorID       string    `dynamo:"authorId" dynamodbav:"authorId"`
	CurrentVersion int       `dynamo:"currentVersion" dynamodbav:"currentVersion"`
	Tags           []string  `dynamo:"tags,set" dynamodbav:"tags,stringset"`
	CreatedAt      time.Time `dynamo:"createdAt" dynamodbav:"createdAt"`
}

type benchVersion struct {
	ArticleID string `dynamo:"articleId"`
	Version   int    `dynamo:"version"`
	Body      string `dynamo:"body"`
}

type benchTag struct {
	Tag       string `dynamo:"tag"`
	ArticleID string `dynamo:"articleId"`
}

var (
	benchTable = &entity.Table{Name: "bench", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	benchArticles = entity.MustDefine(benchTable, entity.Config[benchArticle]{
		Name: "Article",
		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
		Indexes: []entity.IndexKey[benchArticle]{
			{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"},
		},
		Attributes: map[string]entity.Attribute{
			"status": {Default: "draft", Enum: []string{"draft", "published", "archived"}},
			"title":  {Required: true},
		},
	})
	benchVersions = entity.MustDefine(benchTable, entity.Config[benchVersion]{
		Name: "ArticleVersion",
		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "VERSION#${version:pad(10)}"},
	})
	benchTags = entity.MustDefine(benchTable, entity.Config[benchTag]{
		Name: "TagArticle",
		Key:  entity.Key{Partition: "TAG#${tag}", Sort: "ARTICLE#${articleId}"},
		Indexes: []entity.IndexKey[benchTag]{
			{Index: "GSI1", Partition: "ARTICLE#${articleId}", Sort: "TAG#${tag}"},
		},
	})
	sampleArticle = benchArticle{
		ArticleID: "01HZX3J5Q8K1V2", Title: "Single-table design in Go", Slug: "single-table-design-in-go",
		Status: "published", AuthorID: "author-42", CurrentVersion: 3, Tags: []string{"dynamodb", "aws"},
		CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
)

// sinkClient answers a PutItem at once; other calls are not expected.
type sinkClient struct{ entity.Client }

func (sinkClient) PutItem(_ context.Context, in *dynamodb.PutItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	sinkPut = in
	return &dynamodb.PutItemOutput{}, nil
}

// The model of these tests: a support ticket with nested documents, a
// set, a list, a Unix-time field and a stored name holding a dot.
type ckPerson struct {
	Name string `dynamo:"name"`
	Team string `dynamo:"team"`
}

type ckAddress struct {
	Street string `dynamo:"street"`
	City   string `dynamo:"city"`
}

type ckMeta struct {
	Version string `dynamo:"version"`
}

type ckTicket struct {
	ID        string               `dynamo:"id"`
	Tenant    string               `dynamo:"tenantId"`
	Status    string               `dynamo:"status"`
	Votes     int                  `dynamo:"votes"`
	Expires   time.Time            `dynamo:"expires,unixtime"`
	Labels    []string             `dynamo:"labels,set"`
	Notes     []string             `dynamo:"notes"`
	Title     string               `dynamo:"title,omitempty"`
	Assignee  ckPerson             `dynamo:"assignee"`
	Addresses map[string]ckAddress `dynamo:"addresses"`
	Meta      ckMeta               `dynamo:"meta"`
	Dotted    string               `dynamo:"meta.version"`
	Open      bool                 `dynamo:"open"`
}

func ckTable() *entity.Table {
	return &entity.Table{Name: "tickets", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	}}
}

func ckConfig() entity.Config[ckTicket] {
	return entity.Config[ckTicket]{
		Name: "Ticket",
		Key:  entity.Key{Partition: "TENANT#${tenantId}", Sort: "TICKET#${id}"},
		Indexes: []entity.IndexKey[ckTicket]{
			{Index: "GSI1", Partition: "STATUS#${status}", Sort: "VOTES#${votes:pad(8)}", Sparse: true},
		},
		Attributes:      map[string]entity.Attribute{"status": {Enum: []string{"open", "closed"}}},
		ExtraAttributes: []string{"legacyNote"},
	}
}

func defineTickets(t *testing.T) *entity.Entity[ckTicket] {
	t.Helper()
	e, err := entity.Define(ckTable(), ckConfig())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// wantInvalid checks that err is a *ddbmodel.ValidationError naming the
// entity and attr, whose message holds every one of says.
func wantInvalid(t *testing.T, err error, entityName, attr string, says ...string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Fatalf("err = %v (%T), want a *ddbmodel.ValidationError", err, err)
	}
	if ve.Entity != entityName || ve.Attribute != attr {
		t.Errorf("error names entity %q attribute %q, want %q and %q: %v", ve.Entity, ve.Attribute, entityName, attr, err)
	}
	for _, s := range says {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not say %q", err, s)
		}
	}
}

type Version struct {
	ArticleID string `dynamo:"articleId"`
	Version   int    `dynamo:"version"`
	Body      string `dynamo:"body"`
	Secret    string `dynamo:"secret"`
	Slug      string `dynamo:"slug"`
}

func defineVersions(t *testing.T, table *entity.Table) *entity.Entity[Version] {
	t.Helper()
	e, err := entity.Define(table, entity.Config[Version]{
		Name: "ArticleVersion",
		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "VERSION#${version:pad(10)}"},
		Indexes: []entity.IndexKey[Version]{
			{Index: "GSI1", Partition: "SLUG#${slug}", Sort: "VERSION#${version:pad(10)}", Sparse: true},
		},
		Attributes: map[string]entity.Attribute{
			"secret": {Hidden: true},
			"body":   {ReadOnly: true},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

type TkAddress struct {
	City string `dynamo:"city"`
	Zip  string `dynamo:"zip,omitempty"`
}

type TkAudit struct {
	By string `dynamo:"by"`
}

type TkMeta struct {
	Rev int `dynamo:"rev"`
}

type TkStatus string

type Ticket struct {
	ID       string               `dynamo:"id"`
	Title    string               `dynamo:"title"`
	Votes    int                  `dynamo:"votes"`
	Labels   []string             `dynamo:"labels,set"`
	Log      []string             `dynamo:"log"`
	Addrs    map[string]TkAddress `dynamo:"addresses"`
	Counts   map[string]int       `dynamo:"counts"`
	Assignee TkAddress            `dynamo:"assignee"`
	Owner    *TkAddress           `dynamo:"owner"`
	Dotted   string               `dynamo:"a.b"`
	Secret   string               `dynamo:"-"`
	Due      time.Time            `dynamo:"due,unixtime"`
	Status   TkStatus             `dynamo:"status"`
	Score    float64
	hidden   string
	TkAudit
	*TkMeta
}

func ticketTable() *entity.Table {
	return &entity.Table{Name: "tickets", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByStatus", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
}

func defineTypedTickets(table *entity.Table) *entity.Entity[Ticket] {
	return entity.MustDefine(table, entity.Config[Ticket]{
		Name: "Ticket",
		Key:  entity.Key{Partition: "TICKET#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[Ticket]{
			{Index: "ByStatus", Partition: "STATUS#${status}", Sort: "VOTES#${votes:pad(6)}#${id}"},
		},
	})
}

// mustPanic runs f and checks that it panics with a message holding every
// want.
func mustPanic(t *testing.T, f func(), want ...string) {
	t.Helper()
	var msg string
	func() {
		defer func() {
			if x := recover(); x != nil {
				msg = fmt.Sprint(x)
			}
		}()
		f()
	}()
	if msg == "" {
		t.Errorf("no panic; want one saying %q", want)
		return
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("panic %q does not say %q", msg, w)
		}
	}
}

func mustGet[T any](t *testing.T, e *entity.Entity[T], id string) *dynamodb.GetItemInput {
	t.Helper()
	in, err := e.Get(entity.Values{"articleId": id}).Build()
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func str(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

type Article struct {
	ArticleID      string    `dynamo:"articleId"`
	Title          string    `dynamo:"title"`
	Status         string    `dynamo:"status"`
	AuthorID       string    `dynamo:"authorId"`
	CurrentVersion int       `dynamo:"currentVersion"`
	Tags           []string  `dynamo:"tags,set"`
	CreatedAt      time.Time `dynamo:"createdAt"`
	UpdatedAt      time.Time `dynamo:"updatedAt"`
	Revision       int64     `dynamo:"revision"`
}

func newTable() *entity.Table {
	return &entity.Table{
		Name:         "test",
		PartitionKey: entity.S("PK"),
		SortKey:      entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		},
	}
}

func defineArticles(t *testing.T, table *entity.Table) *entity.Entity[Article] {
	t.Helper()
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	e, err := entity.Define(table, entity.Config[Article]{
		Name: "Article",
		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
		Indexes: []entity.IndexKey[Article]{
			{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "STATUS#${status}#ARTICLE#${articleId}"},
		},
		Attributes: map[string]entity.Attribute{
			"status": {Default: "draft", Enum: []string{"draft", "published", "archived"}},
			"title":  {Required: true},
		},
		Timestamps:    entity.Timestamps{Created: "createdAt", Updated: "updatedAt"},
		LockAttribute: "revision",
		Now:           func() time.Time { return clock },
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// s is a string attribute value.
func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// SharedDoc is stored by two entities with one key layout: a Post and a Draft.
type SharedDoc struct {
	Slug string `dynamo:"slug"`
	Body string `dynamo:"body"`
	Rev  int64  `dynamo:"rev"`
}

func sharedLayout(t *testing.T, lock string) (posts, drafts *entity.Entity[SharedDoc], db *entity.DB) {
	t.Helper()
	table := newTable()
	key := entity.Key{Partition: "DOC#${slug}", Sort: "DOC"}
	// The shared key space is declared, as Define requires; the marker guard
	// is what keeps the two apart at run time.
	posts = entity.MustDefine(table, entity.Config[SharedDoc]{Name: "Post", Key: key, LockAttribute: lock, SharesKeysWith: []string{"Draft"}})
	drafts = entity.MustDefine(table, entity.Config[SharedDoc]{Name: "Draft", Key: key, LockAttribute: lock})
	db = entitytest.NewDB(t, table)
	return posts, drafts, db
}

// mkTicket lives in a multi-attribute index: (tenant, region) partition,
// (status, at) sort.
type mkTicket struct {
	ID     string `dynamo:"id"`
	Tenant string `dynamo:"tenant"`
	Region int    `dynamo:"region"`
	Status string `dynamo:"status"`
	At     int64  `dynamo:"at"`
	Title  string `dynamo:"title"`
}

func mkTable() *entity.Table {
	return &entity.Table{
		Name:         "mk",
		PartitionKey: entity.S("PK"),
		SortKey:      entity.S("SK"),
		Indexes: []entity.Index{{
			Name:          "ByTenant",
			PartitionKeys: []entity.KeyAttribute{entity.S("tenant"), entity.N("region")},
			SortKeys:      []entity.KeyAttribute{entity.S("status"), entity.N("at")},
		}},
	}
}

func mkDefine(t *testing.T, table *entity.Table, sparse bool) *entity.Entity[mkTicket] {
	t.Helper()
	e, err := entity.Define(table, entity.Config[mkTicket]{
		Name:    "Ticket",
		Key:     entity.Key{Partition: "TICKET#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[mkTicket]{{Index: "ByTenant", Sparse: sparse}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

type TicketKey struct {
	ID string `dynamo:"id"`
}

type TicketStatusKey struct {
	Status TkStatus `dynamo:"status"`
	Votes  *int     `dynamo:"votes"`
	ID     *string  `dynamo:"id"`
}

type uqUser struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
	Name  string `dynamo:"name"`
}

func newUqModel(t *testing.T) (*entity.Table, *entity.Entity[uqUser]) {
	t.Helper()
	table := &entity.Table{Name: "unique", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	users := entity.MustDefine(table, entity.Config[uqUser]{
		Name:       "User",
		Key:        entity.Key{Partition: "USER#${id}", Sort: "#META"},
		Indexes:    []entity.IndexKey[uqUser]{{Index: "GSI1", Partition: "EMAIL#${email}", Sort: "USER", Sparse: true}},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}},
	})
	return table, users
}

// tableState scans the table: the users by id, and the unique markers by
// value with the owner each names.
func tableState(t *testing.T, db *entity.DB, users *entity.Entity[uqUser]) (map[string]map[string]types.AttributeValue, map[string]string) {
	t.Helper()
	items := map[string]map[string]types.AttributeValue{}
	markers := map[string]string{}
	out, err := db.Client.Scan(context.Background(), &dynamodb.ScanInput{TableName: &db.TableName, ConsistentRead: new(bool)})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range out.Items {
		switch str(it["__entity"]) {
		case "User":
			items[str(it["id"])] = it
		case "UNIQUE#User#email":
			v, ok := strings.CutPrefix(str(it["PK"]), "UNIQUE#User#email#")
			if !ok || str(it["SK"]) != "UNIQUE" {
				t.Fatalf("marker key %v %v", it["PK"], it["SK"])
			}
			markers[v] = str(it["uniqueOwner"])
		default:
			t.Fatalf("unexpected item %v", it)
		}
	}
	return items, markers
}

func rawItem(t *testing.T, db *entity.DB, key map[string]types.AttributeValue) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(db.TableName), Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// racingClient runs before() between the read and the write of a
// read-first update, simulating a concurrent writer.
type racingClient struct {
	entity.Client
	before func()
}

func (c *racingClient) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	if c.before != nil {
		f := c.before
		c.before = nil
		f()
	}
	return c.Client.UpdateItem(ctx, in, opts...)
}

// Player sits in a sparse leaderboard index whose sort key is built from a
// counter that updates change with Add.
type Player struct {
	ID     string `dynamo:"id"`
	League string `dynamo:"league"`
	Score  int    `dynamo:"score"`
	Name   string `dynamo:"name"`
}

func definePlayers(table *entity.Table) *entity.Entity[Player] {
	return entity.MustDefine(table, entity.Config[Player]{
		Name: "Player",
		Key:  entity.Key{Partition: "P#${id}", Sort: "P"},
		Indexes: []entity.IndexKey[Player]{
			{Index: "GSI1", Partition: "L#${league}", Sort: "${score:pad(8)}#${id}", Sparse: true},
		},
	})
}

// moveRacer runs before() ahead of the first transaction it sends: between
// the read and the transaction of a move, for example.
type moveRacer struct {
	entity.Client
	before func()
}

func (c *moveRacer) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	if c.before != nil {
		f := c.before
		c.before = nil
		f()
	}
	return c.Client.TransactWriteItems(ctx, in, opts...)
}

type upAccount struct {
	ID      string    `dynamo:"id"`
	Name    string    `dynamo:"name"`
	Plan    string    `dynamo:"plan"`
	Nick    string    `dynamo:"nick"`
	Tier    string    `dynamo:"tier"`
	Note    string    `dynamo:"note"`
	Version int       `dynamo:"version"`
	Created time.Time `dynamo:"created"`
	Updated time.Time `dynamo:"updated"`
}

type upOther struct {
	ID   string `dynamo:"id"`
	Data string `dynamo:"data"`
}

// upModel is a table with an account entity (timestamps, a lock, a
// default, an index and a sparse index) and another entity sharing its
// keys, and the clock the account's timestamps read.
type upModel struct {
	table    *entity.Table
	accounts *entity.Entity[upAccount]
	others   *entity.Entity[upOther]
	clock    *atomic.Int64 // Unix seconds
}

func newUpModel(t *testing.T) upModel {
	t.Helper()
	m := upModel{clock: &atomic.Int64{}}
	m.clock.Store(1_700_000_000)
	m.table = &entity.Table{
		Name: "upsert", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
		},
	}
	m.accounts = entity.MustDefine(m.table, entity.Config[upAccount]{
		Name: "Account",
		Key:  entity.Key{Partition: "ACCOUNT#${id}", Sort: "#META"},
		Indexes: []entity.IndexKey[upAccount]{
			{Index: "GSI1", Partition: "PLAN#${plan}", Sort: "ACCOUNT#${id}"},
			{Index: "GSI2", Partition: "NICK#${nick}", Sort: "ACCOUNT", Sparse: true},
		},
		Attributes: map[string]entity.Attribute{
			"name": {Required: true},
			"tier": {Default: "basic"},
		},
		Timestamps:    entity.Timestamps{Created: "created", Updated: "updated"},
		LockAttribute: "version",
		Now:           func() time.Time { return time.Unix(m.clock.Load(), 0).UTC() },
	})
	m.others = entity.MustDefine(m.table, entity.Config[upOther]{
		Name: "Other", Key: entity.Key{Partition: "ACCOUNT#${id}", Sort: "#META"},
		SharesKeysWith: []string{"Account"},
	})
	return m
}

// keysTrue fails the test unless the stored item's key attributes are
// exactly those a put of its decoded value renders.
func keysTrue[T any](t *testing.T, e *entity.Entity[T], raw map[string]types.AttributeValue, keyAttrs ...string) {
	t.Helper()
	v, err := e.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	item, err := e.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keyAttrs {
		if diff := cmp.Diff(item[k], raw[k], entitytest.CmpOptions...); diff != "" {
			t.Errorf("key %s is not what a put renders (-want +got):\n%s", k, diff)
		}
	}
}

var upKeyAttrs = []string{"PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK"}
