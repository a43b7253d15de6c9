package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/golden"
	"github.com/ddbmodel/ddbmodel/keys"
)

func TestPutBuildRendersEveryKeyAndMarker(t *testing.T) {
	t.Parallel()
	table := newTable()
	articles := defineArticles(t, table)
	in, err := articles.Put(Article{ArticleID: "01H", Title: "T", AuthorID: "u1", Revision: 4}).Build()
	if err != nil {
		t.Fatal(err)
	}
	// Every key, the marker, and the lock condition, which needs an item of this entity.
	golden.Check(t, "put", in)
}

func TestCreateBuildIsConditionedOnAbsence(t *testing.T) {
	t.Parallel()
	table := newTable()
	versions := defineVersions(t, table)
	in, err := versions.Create(Version{ArticleID: "a1", Version: 10, Body: "b"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToString(in.ConditionExpression); got != "attribute_not_exists(#PK)" {
		t.Errorf("condition = %q", got)
	}
	if got := in.Item["SK"]; cmp.Diff(s("VERSION#0000000010"), got, entitytest.CmpOptions) != "" {
		t.Errorf("SK = %#v, want the zero-padded version", got)
	}
	if _, ok := in.Item["GSI1PK"]; ok {
		t.Errorf("sparse GSI1 key written without a slug: %v", in.Item["GSI1PK"])
	}
}

func TestUpdateBuildRecomputesIndexKeys(t *testing.T) {
	t.Parallel()
	table := newTable()
	articles := defineArticles(t, table)
	in, err := articles.Update(entity.Values{"articleId": "a1"}).Set("status", "archived").Build()
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "update", in)
}

func TestUpdateNeverWritesAPartialKey(t *testing.T) {
	t.Parallel()
	table := &entity.Table{
		Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}},
	}
	type Lesson struct {
		CourseID string `dynamo:"courseId"`
		LessonID string `dynamo:"lessonId"`
		ModuleID string `dynamo:"moduleId"`
		Position int    `dynamo:"position"`
	}
	lessons := entity.MustDefine(table, entity.Config[Lesson]{
		Name: "Lesson",
		Key:  entity.Key{Partition: "COURSE#${courseId}", Sort: "LESSON#${lessonId}"},
		Indexes: []entity.IndexKey[Lesson]{
			{Index: "GSI1", Partition: "MODULE#${moduleId}", Sort: "POS#${position:pad(4)}#MODULE#${moduleId}"},
		},
	})
	key := entity.Values{"courseId": "c1", "lessonId": "l1"}
	_, err := lessons.Update(key).Set("position", 3).Build()
	var mc *ddbmodel.MissingCompositesError
	if !errors.As(err, &mc) || !errors.Is(err, ddbmodel.ErrMissingComposites) {
		t.Fatalf("err = %v, want *MissingCompositesError", err)
	}
	if diff := cmp.Diff(&ddbmodel.MissingCompositesError{Entity: "Lesson", KeyAttribute: "GSI1SK", Missing: []string{"moduleId"}, Update: true}, mc); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
	// Given the module's current value, the key is recomputed, conditioned on that value.
	in, err := lessons.Update(key).Set("position", 3).With(entity.Values{"moduleId": "m2"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(in.UpdateExpression), "SET #GSI1SK = :v0, #position = :v1"; got != want {
		t.Errorf("update = %q, want %q", got, want)
	}
	if got, want := aws.ToString(in.ConditionExpression), "(#__entity = :v2) AND (#moduleId = :v3)"; got != want {
		t.Errorf("condition = %q, want %q", got, want)
	}
	if diff := cmp.Diff(s("POS#0003#MODULE#m2"), in.ExpressionAttributeValues[":v0"], entitytest.CmpOptions); diff != "" {
		t.Errorf("GSI1SK (-want +got):\n%s", diff)
	}
	// Changing the module recomputes both halves of the GSI1 key.
	in, err = lessons.Update(key).Set("moduleId", "m3").With(entity.Values{"position": 3}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(in.UpdateExpression), "SET #GSI1PK = :v0, #GSI1SK = :v1, #moduleId = :v2"; got != want {
		t.Errorf("update = %q, want %q", got, want)
	}
	// Setting a key attribute directly is refused.
	_, err = lessons.Update(key).Set("GSI1PK", "x").Build()
	if !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("setting a key attribute: err = %v, want ErrInvalid", err)
	}
}

func TestUpdateRefusesReadOnlyAndNonSparseRemoval(t *testing.T) {
	t.Parallel()
	table := newTable()
	versions := defineVersions(t, table)
	articles := defineArticles(t, table)
	_, err := versions.Update(entity.Values{"articleId": "a", "version": 1}).Set("body", "x").Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "body" {
		t.Errorf("read-only: err = %v", err)
	}
	_, err = articles.Update(entity.Values{"articleId": "a"}).Remove("authorId").Build()
	if !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("removing a composite of a non-sparse index: err = %v", err)
	}
	// Sparse: removing the slug takes the item out of GSI1.
	in, err := versions.Update(entity.Values{"articleId": "a", "version": 1}).Remove("slug").Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToString(in.UpdateExpression); got != "REMOVE #GSI1PK, #GSI1SK, #slug" {
		t.Errorf("update = %q", got)
	}
}

func TestInvalidInputSendsNothing(t *testing.T) {
	t.Parallel()
	table := newTable()
	articles := defineArticles(t, table)
	versions := defineVersions(t, table)
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	ctx := context.Background()
	cases := []struct {
		name string
		run  func() error
		want error
	}{
		{"required", func() error { _, err := articles.Put(Article{ArticleID: "a", AuthorID: "u"}).Run(ctx, db); return err }, ddbmodel.ErrInvalid},
		{"enum", func() error {
			_, err := articles.Put(Article{ArticleID: "a", AuthorID: "u", Title: "t", Status: "gone"}).Run(ctx, db)
			return err
		}, ddbmodel.ErrInvalid},
		{"delimiter in composite", func() error {
			_, err := articles.Put(Article{ArticleID: "a", AuthorID: "u", Title: "t", Status: "draft#x"}).Run(ctx, db)
			return err
		}, ddbmodel.ErrInvalid},
		{"empty key composite", func() error { _, err := articles.Get(entity.Values{"articleId": ""}).Run(ctx, db); return err }, keys.ErrEmpty},
		{"missing key composite", func() error { return articles.Delete(entity.Values{}).Run(ctx, db) }, ddbmodel.ErrMissingComposites},
		{"partition key too long", func() error {
			_, err := versions.Put(Version{ArticleID: strings.Repeat("x", 2048), Version: 1}).Run(ctx, db)
			return err
		}, keys.ErrTooLong},
		{"item too large", func() error {
			_, err := versions.Put(Version{ArticleID: "a", Version: 1, Body: strings.Repeat("x", 409600)}).Run(ctx, db)
			return err
		}, ddbmodel.ErrLimitExceeded},
		{"update of nothing", func() error { _, err := articles.Update(entity.Values{"articleId": "a"}).Run(ctx, db); return err }, ddbmodel.ErrInvalid},
		{"number too precise", func() error {
			_, err := articles.Update(entity.Values{"articleId": "a"}).Set("currentVersion", &types.AttributeValueMemberN{Value: "1" + strings.Repeat("0", 37) + "1"}).Run(ctx, db)
			return err
		}, ddbmodel.ErrInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.run(); !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
		})
	}
}

func TestDecodeByMarker(t *testing.T) {
	t.Parallel()
	table := newTable()
	articles := defineArticles(t, table)
	versions := defineVersions(t, table)
	in, err := versions.Put(Version{ArticleID: "a", Version: 2, Body: "b", Secret: "s"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	v, err := table.Decode(in.Item)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Version{ArticleID: "a", Version: 2, Body: "b"}, v); diff != "" {
		t.Errorf("decoded (-want +got), the hidden secret must be zeroed:\n%s", diff)
	}
	if _, err := articles.Decode(in.Item); !errors.Is(err, ddbmodel.ErrUnknownEntity) {
		t.Errorf("decoding a version as an article: err = %v", err)
	}
	in.Item["__entity"] = s("Mystery")
	var ue *ddbmodel.UnknownEntityError
	if _, err := table.Decode(in.Item); !errors.As(err, &ue) || ue.Marker != "Mystery" {
		t.Errorf("unknown marker: err = %v", err)
	}
	if diff := cmp.Diff([]string{"Article", "ArticleVersion"}, table.Entities()); diff != "" {
		t.Errorf("entities (-want +got):\n%s", diff)
	}
}

func TestDefineRejectsBadDefinitions(t *testing.T) {
	t.Parallel()
	type X struct {
		ID string `dynamo:"id"`
	}
	cases := []struct {
		name string
		cfg  entity.Config[X]
	}{
		{"bad template", entity.Config[X]{Name: "X", Key: entity.Key{Partition: "X#${id", Sort: "S"}}},
		{"no such index", entity.Config[X]{Name: "X", Key: entity.Key{Partition: "X#${id}", Sort: "S"}, Indexes: []entity.IndexKey[X]{{Index: "GSI9", Partition: "a", Sort: "b"}}}},
		{"rule for unknown attribute", entity.Config[X]{Name: "X", Key: entity.Key{Partition: "X#${id}", Sort: "S"}, Attributes: map[string]entity.Attribute{"nope": {Required: true}}}},
		{"no sort template", entity.Config[X]{Name: "X", Key: entity.Key{Partition: "X#${id}"}}},
		{"lock not an integer", entity.Config[X]{Name: "X", Key: entity.Key{Partition: "X#${id}", Sort: "S"}, LockAttribute: "id"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := entity.Define(newTable(), c.cfg); err == nil {
				t.Fatal("Define accepted a bad definition")
			}
		})
	}
	var se *keys.SyntaxError
	if _, err := entity.Define(newTable(), cases[0].cfg); !errors.As(err, &se) {
		t.Errorf("bad template: err = %v, want a *keys.SyntaxError", err)
	}
	table := newTable()
	entity.MustDefine(table, entity.Config[X]{Name: "X", Key: entity.Key{Partition: "X#${id}", Sort: "S"}})
	if _, err := entity.Define(table, entity.Config[X]{Name: "X", Key: entity.Key{Partition: "Y#${id}", Sort: "S"}}); err == nil {
		t.Error("two entities with one name in one table were accepted")
	}
}

func TestCreateTableInput(t *testing.T) {
	t.Parallel()
	table := &entity.Table{
		Name: "blog", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
		Indexes: []entity.Index{
			{Name: "byRating", PartitionKey: entity.S("status"), SortKey: entity.N("rating_sk"), Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}},
			{Name: "LSI1", Local: true, SortKey: entity.S("lsi1")},
		},
	}
	in := table.CreateTableInput()
	golden.Check(t, "create-table", in)
}

func TestUpdatedTimestampFeedsIndexKeys(t *testing.T) {
	t.Parallel()
	table := newTable()
	type Repo struct {
		Owner     string `dynamo:"owner"`
		Name      string `dynamo:"name"`
		UpdatedAt string `dynamo:"updatedAt"`
		Stars     int    `dynamo:"stars"`
	}
	now := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	repos := entity.MustDefine(table, entity.Config[Repo]{
		Name:       "Repo",
		Key:        entity.Key{Partition: "REPO#${owner}#${name}", Sort: "#REPO"},
		Indexes:    []entity.IndexKey[Repo]{{Index: "GSI1", Partition: "ACCOUNT#${owner}", Sort: "#${updatedAt}#${name}"}},
		Timestamps: entity.Timestamps{Updated: "updatedAt"},
		Now:        func() time.Time { return now },
	})
	in, err := repos.Update(entity.Values{"owner": "aws", "name": "sdk"}).Add("stars", 1).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(in.UpdateExpression), "SET #GSI1SK = :v0, #updatedAt = :v2 ADD #stars :v1"; got != want {
		t.Errorf("update = %q, want %q", got, want)
	}
	if diff := cmp.Diff(s("#2026-05-06T07:08:09.000Z#sdk"), in.ExpressionAttributeValues[":v0"], entitytest.CmpOptions); diff != "" {
		t.Errorf("GSI1SK (-want +got):\n%s", diff)
	}
}

func TestMissingCompositesNameEveryKey(t *testing.T) {
	t.Parallel()
	table := newTable()
	type Score struct {
		Player string `dynamo:"player"`
		League string `dynamo:"league"`
		Season string `dynamo:"season"`
		Points int    `dynamo:"points"`
	}
	scores := entity.MustDefine(table, entity.Config[Score]{
		Name:    "Score",
		Key:     entity.Key{Partition: "P#${player}", Sort: "SCORE"},
		Indexes: []entity.IndexKey[Score]{{Index: "GSI1", Partition: "L#${league}#${season}", Sort: "${points:pad(6)}#${league}"}},
	})
	_, err := scores.Update(entity.Values{"player": "p"}).Set("league", "gold").Build()
	var mc *ddbmodel.MissingCompositesError
	if !errors.As(err, &mc) {
		t.Fatalf("err = %v", err)
	}
	if diff := cmp.Diff(&ddbmodel.MissingCompositesError{Entity: "Score", KeyAttribute: "GSI1PK, GSI1SK", Missing: []string{"season", "points"}, Update: true}, mc); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
}
