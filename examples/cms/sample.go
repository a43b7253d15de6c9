package cms

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// SampleArticleID is the design's sample article, "DynamoDB Patterns" by
// u_01: three versions, tagged dynamodb and aws.
const SampleArticleID = "01HWACW420M4F24M7AABTD04K8"

// SampleVersionsArticleID is the sample article with twelve versions, which
// shows VERSION#000010 sorting after VERSION#000009.
const SampleVersionsArticleID = "01HWN2FGR0CX9JARANY14N6D1Y"

// SampleDraftArticleID is a draft of the sample, "Modelling Many-to-Many
// Relationships" by u_01, tagged data-modeling and dynamodb: on no tag page
// until it is published.
const SampleDraftArticleID = "01HWW7MWQ0K45BDZSGPH3PRJWQ"

// Sample is the deterministic sample data set: fixed IDs, fixed times.
type Sample struct {
	Articles    []Article // in creation (ULID) order
	Versions    []ArticleVersion
	TagArticles []TagArticle
}

type sampleArticle struct {
	id, created, title, excerpt, status, author string
	tags                                        []string
	versions                                    int
}

// The article IDs are ULIDs made (with keys.ULIDAt) from the creation times
// next to them, so that ID order is creation order.
var sampleArticles = []sampleArticle{
	{"01HVR7SRH08EAPA4H2K8QF9YY7", "2024-04-18T09:15:00Z", "Getting Started with DynamoDB", "Tables, items and keys in ten minutes.", StatusPublished, "u_01", []string{"aws", "beginners", "dynamodb"}, 2},
	{SampleArticleID, "2024-04-25T10:30:00Z", "DynamoDB Patterns", "Single-table patterns from real applications.", StatusPublished, "u_01", []string{"aws", "dynamodb"}, 3},
	{SampleVersionsArticleID, "2024-04-29T14:00:00Z", "Serverless Content Pipelines", "From editor to CDN without a server.", StatusPublished, "u_02", []string{"aws", "serverless"}, 12},
	{SampleDraftArticleID, "2024-05-02T08:45:00Z", "Modelling Many-to-Many Relationships", "Junction items and inverted indexes.", StatusDraft, "u_01", []string{"data-modeling", "dynamodb"}, 1},
	{"01HX7B8WW08Y1AV2398JKH9HTJ", "2024-05-06T16:20:00Z", "Taming Lambda Cold Starts", "What actually makes a cold start slow.", StatusArchived, "u_02", []string{"aws", "lambda", "serverless"}, 2},
	{"01HXEGE8V05D1SBW0SM2EYPDRS", "2024-05-09T11:05:00Z", "Single-Table Design Mistakes", "Seven ways to regret a key design.", StatusPublished, "u_03", []string{"data-modeling", "dynamodb"}, 1},
	{"01HXS2WYW08QB58K23SP91CWP2", "2024-05-13T13:40:00Z", "Versioning Content Without Tears", "Every edit kept, the latest one cheap to read.", StatusDraft, "u_03", []string{"dynamodb", "serverless"}, 2},
	{"01HY06BD1083MWCA2X22VH51NS", "2024-05-16T07:55:00Z", "GSI Overloading in Practice", "One index, many access patterns.", StatusPublished, "u_01", []string{"aws", "dynamodb"}, 1},
}

// The design's sample versions of "DynamoDB Patterns".
var sampleSeedVersions = []struct {
	body  string
	words int
}{{"First draft...", 450}, {"Revised draft...", 620}, {"Published version...", 780}}

// SampleData returns the sample data set: eight articles by three authors
// (u_01, u_02, u_03) under five tags, with 24 versions in all, among them
// the design's "DynamoDB Patterns" and an article with twelve versions.
// Version k of an article was written k-1 six-hour steps after the article;
// an article was last updated by its last version.
func SampleData() Sample {
	var s Sample
	for _, sa := range sampleArticles {
		created, err := time.Parse(time.RFC3339, sa.created)
		if err != nil {
			panic(err)
		}
		var last time.Time
		for k := 1; k <= sa.versions; k++ {
			at := created.Add(time.Duration(k-1) * 6 * time.Hour)
			v := ArticleVersion{ArticleID: sa.id, Version: k, CreatedBy: sa.author, CreatedAt: stamp(at)}
			if sa.id == SampleArticleID {
				v.Body, v.WordCount = sampleSeedVersions[k-1].body, sampleSeedVersions[k-1].words
			} else {
				v.Body = fmt.Sprintf("%s, version %d. %s", sa.title, k, sa.excerpt)
				v.WordCount = WordCount(v.Body)
			}
			s.Versions = append(s.Versions, v)
			last = at
		}
		a := Article{
			ArticleID: sa.id, Title: sa.title, Slug: Slugify(sa.title), Excerpt: sa.excerpt,
			Status: sa.status, AuthorID: sa.author, CurrentVersion: sa.versions,
			Tags: append([]string(nil), sa.tags...), CreatedAt: stamp(created), UpdatedAt: stamp(last),
		}
		if sa.status != StatusDraft {
			a.PublishedAt = stamp(last)
		}
		s.Articles = append(s.Articles, a)
		for _, tag := range sa.tags {
			s.TagArticles = append(s.TagArticles, junction(tag, sa.id, sa.status, stamp(created)))
		}
	}
	return s
}

// LoadSample writes the sample data set to db in batches of 25 puts. It can
// run again on a table an earlier run changed: it first deletes the versions
// and tag junction items of the sample articles that the sample does not
// have (published or tagged since), then puts every sample item back.
func LoadSample(ctx context.Context, db *entity.DB) error {
	s := SampleData()
	var ops []entity.BatchWriter
	for _, a := range s.Articles {
		versions, err := VersionsQuery(a.ArticleID).Matching(VersionNumber.Gt(a.CurrentVersion)).Collect(ctx, db)
		if err != nil {
			return fmt.Errorf("cms: load sample data: %w", err)
		}
		for _, v := range versions {
			ops = append(ops, VersionByKey.Delete(VersionKey{v.ArticleID, v.Version}))
		}
		links, err := TagsOfArticleQuery(a.ArticleID).Collect(ctx, db)
		if err != nil {
			return fmt.Errorf("cms: load sample data: %w", err)
		}
		for _, l := range links {
			if !slices.Contains(a.Tags, l.Tag) {
				ops = append(ops, TagArticleByKey.Delete(TagArticleKey{l.Tag, l.ArticleID}))
			}
		}
	}
	if len(ops) > 0 {
		if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
			return fmt.Errorf("cms: load sample data: %w", err)
		}
		ops = ops[:0]
	}
	for _, a := range s.Articles {
		ops = append(ops, Articles.Put(a))
	}
	for _, v := range s.Versions {
		ops = append(ops, Versions.Put(v))
	}
	for _, ta := range s.TagArticles {
		ops = append(ops, TagArticles.Put(ta))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		return fmt.Errorf("cms: load sample data: %w", err)
	}
	return nil
}

// SampleNow is the fixed "now" of the program's writes after loading the
// sample (the AP8 publish), so that its output is the same on every run.
var SampleNow = time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)
