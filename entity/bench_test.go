package entity_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel/entity"
)

// benchArticleRow is how guregu users write single-table items by hand:
// the key attributes as struct fields, filled with fmt.Sprintf.
type benchArticleRow struct {
	benchArticle
	PK            string `dynamo:"PK"`
	SK            string `dynamo:"SK"`
	GSI1PK        string `dynamo:"GSI1PK"`
	GSI1SK        string `dynamo:"GSI1SK"`
	Entity        string `dynamo:"__entity"`
	EntityVersion string `dynamo:"__entity_version"`
}

var sinkPut *dynamodb.PutItemInput

// BenchmarkPut/ddbmodel: validate, render the four keys, encode, mark.
// BenchmarkPut/guregu-encode: guregu's encoding alone (no keys).
// BenchmarkPut/guregu-same-work: guregu with the keys and marker as struct
// fields filled by fmt.Sprintf, after the same validation.
// BenchmarkPut/sdk-handwritten: attributevalue plus fmt.Sprintf keys.
func BenchmarkPut(b *testing.B) {
	b.Run("ddbmodel", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			in, err := benchArticles.Put(sampleArticle).Build()
			if err != nil {
				b.Fatal(err)
			}
			sinkPut = in
		}
	})
	b.Run("guregu-encode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			item, err := dynamo.MarshalItem(sampleArticle)
			if err != nil {
				b.Fatal(err)
			}
			sinkPut = &dynamodb.PutItemInput{TableName: aws.String("bench"), Item: item}
		}
	})
	b.Run("guregu-same-work", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			a := sampleArticle
			if a.Title == "" || (a.Status != "draft" && a.Status != "published" && a.Status != "archived") {
				b.Fatal("invalid")
			}
			row := benchArticleRow{
				benchArticle: a,
				PK:           fmt.Sprintf("ARTICLE#%s", a.ArticleID), SK: "#METADATA",
				GSI1PK: fmt.Sprintf("AUTHOR#%s", a.AuthorID), GSI1SK: fmt.Sprintf("ARTICLE#%s", a.ArticleID),
				Entity: "Article", EntityVersion: "1",
			}
			item, err := dynamo.MarshalItem(row)
			if err != nil {
				b.Fatal(err)
			}
			sinkPut = &dynamodb.PutItemInput{TableName: aws.String("bench"), Item: item}
		}
	})
	// The floor under any implementation that writes keys and markers into
	// guregu's item: encoding, then six more attributes in the map.
	b.Run("guregu-encode-plus-6-attributes", func(b *testing.B) {
		b.ReportAllocs()
		extra := make([]types.AttributeValueMemberS, 6)
		for range b.N {
			item, err := dynamo.MarshalItem(sampleArticle)
			if err != nil {
				b.Fatal(err)
			}
			item["PK"], item["SK"], item["GSI1PK"] = &extra[0], &extra[1], &extra[2]
			item["GSI1SK"], item["__entity"], item["__entity_version"] = &extra[3], &extra[4], &extra[5]
			sinkPut = &dynamodb.PutItemInput{TableName: aws.String("bench"), Item: item}
		}
	})
	b.Run("sdk-handwritten", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			a := sampleArticle
			if a.Title == "" || (a.Status != "draft" && a.Status != "published" && a.Status != "archived") {
				b.Fatal("invalid")
			}
			item, err := attributevalue.MarshalMap(a)
			if err != nil {
				b.Fatal(err)
			}
			item["PK"] = &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", a.ArticleID)}
			item["SK"] = &types.AttributeValueMemberS{Value: "#METADATA"}
			item["GSI1PK"] = &types.AttributeValueMemberS{Value: fmt.Sprintf("AUTHOR#%s", a.AuthorID)}
			item["GSI1SK"] = &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", a.ArticleID)}
			item["__entity"] = &types.AttributeValueMemberS{Value: "Article"}
			sinkPut = &dynamodb.PutItemInput{TableName: aws.String("bench"), Item: item}
		}
	})
}

// BenchmarkPutRun is the put path of Run: compiled as for Build, but sent
// to a client that keeps the request and answers at once. Unlike Build,
// Run sends the entity's marker guard without copying its names and values.
func BenchmarkPutRun(b *testing.B) {
	ctx := context.Background()
	db := &entity.DB{Client: sinkClient{}}
	b.ReportAllocs()
	for range b.N {
		if _, err := benchArticles.Put(sampleArticle).Run(ctx, db); err != nil {
			b.Fatal(err)
		}
	}
}

// mixedPage is a 1,000-item query page mixing the three entities.
func mixedPage(b *testing.B) []map[string]types.AttributeValue {
	b.Helper()
	page := make([]map[string]types.AttributeValue, 0, 1000)
	for i := 0; len(page) < 1000; i++ {
		a := sampleArticle
		a.ArticleID = fmt.Sprintf("A%05d", i)
		var in *dynamodb.PutItemInput
		var err error
		switch i % 3 {
		case 0:
			in, err = benchArticles.Put(a).Build()
		case 1:
			in, err = benchVersions.Put(benchVersion{ArticleID: a.ArticleID, Version: i, Body: "Lorem ipsum dolor sit amet, consectetur adipiscing elit."}).Build()
		default:
			in, err = benchTags.Put(benchTag{Tag: "dynamodb", ArticleID: a.ArticleID}).Build()
		}
		if err != nil {
			b.Fatal(err)
		}
		page = append(page, in.Item)
	}
	return page
}

var (
	sinkArticles []benchArticle
	sinkVersions []benchVersion
	sinkTags     []benchTag
)

// BenchmarkDecodePage decodes a 1,000-item page of three entities into
// typed slices: ddbmodel dispatches on the entity marker; the baselines
// dispatch on the same marker by hand and decode with guregu or attributevalue.
func BenchmarkDecodePage(b *testing.B) {
	page := mixedPage(b)
	b.Run("ddbmodel", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			arts, vers, tags := sinkArticles[:0], sinkVersions[:0], sinkTags[:0]
			for _, item := range page {
				switch {
				case benchArticles.Is(item):
					v, err := benchArticles.Decode(item)
					if err != nil {
						b.Fatal(err)
					}
					arts = append(arts, v)
				case benchVersions.Is(item):
					v, err := benchVersions.Decode(item)
					if err != nil {
						b.Fatal(err)
					}
					vers = append(vers, v)
				default:
					v, err := benchTags.Decode(item)
					if err != nil {
						b.Fatal(err)
					}
					tags = append(tags, v)
				}
			}
			sinkArticles, sinkVersions, sinkTags = arts, vers, tags
		}
	})
	b.Run("guregu-decode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			arts, vers, tags := sinkArticles[:0], sinkVersions[:0], sinkTags[:0]
			for _, item := range page {
				switch item["__entity"].(*types.AttributeValueMemberS).Value {
				case "Article":
					var v benchArticle
					if err := dynamo.UnmarshalItem(item, &v); err != nil {
						b.Fatal(err)
					}
					arts = append(arts, v)
				case "ArticleVersion":
					var v benchVersion
					if err := dynamo.UnmarshalItem(item, &v); err != nil {
						b.Fatal(err)
					}
					vers = append(vers, v)
				default:
					var v benchTag
					if err := dynamo.UnmarshalItem(item, &v); err != nil {
						b.Fatal(err)
					}
					tags = append(tags, v)
				}
			}
			sinkArticles, sinkVersions, sinkTags = arts, vers, tags
		}
	})
	b.Run("sdk-attributevalue", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			arts, vers, tags := sinkArticles[:0], sinkVersions[:0], sinkTags[:0]
			for _, item := range page {
				switch item["__entity"].(*types.AttributeValueMemberS).Value {
				case "Article":
					var v benchArticle
					if err := attributevalue.UnmarshalMap(item, &v); err != nil {
						b.Fatal(err)
					}
					arts = append(arts, v)
				case "ArticleVersion":
					var v benchVersion
					if err := attributevalue.UnmarshalMap(item, &v); err != nil {
						b.Fatal(err)
					}
					vers = append(vers, v)
				default:
					var v benchTag
					if err := attributevalue.UnmarshalMap(item, &v); err != nil {
						b.Fatal(err)
					}
					tags = append(tags, v)
				}
			}
			sinkArticles, sinkVersions, sinkTags = arts, vers, tags
		}
	})
}

type benchArticleKey struct {
	ArticleID string `dynamo:"articleId"`
}

var (
	benchByID   = entity.ItemKeyOf[benchArticleKey](benchArticles)
	benchTitle  = entity.StringOf(benchArticles, func(a *benchArticle) *string { return &a.Title })
	benchCurVer = entity.NumberOf(benchArticles, func(a *benchArticle) *int { return &a.CurrentVersion })
	benchStatus = entity.StringOf(benchArticles, func(a *benchArticle) *string { return &a.Status })
	sinkUpdate  *dynamodb.UpdateItemInput
	// benchID is a variable, as an ID is in real code (a constant boxes
	// into an interface without allocating).
	benchID = "a1"
)

// BenchmarkUpdateString and BenchmarkUpdateTyped build the same update,
// through the string forms and through typed handles and a typed key.
func BenchmarkUpdateString(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		in, err := benchArticles.Update(entity.Values{"articleId": benchID}).
			Set("title", "T").Add("currentVersion", 1).
			If(entity.Attr("status").Eq("draft")).Build()
		if err != nil {
			b.Fatal(err)
		}
		sinkUpdate = in
	}
}

// BenchmarkUpdateTyped: see BenchmarkUpdateString.
func BenchmarkUpdateTyped(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		in, err := benchByID.Update(benchArticleKey{benchID}).
			Apply(benchTitle.Set("T"), benchCurVer.Add(1)).
			Ensure(benchStatus.Eq("draft")).Build()
		if err != nil {
			b.Fatal(err)
		}
		sinkUpdate = in
	}
}
