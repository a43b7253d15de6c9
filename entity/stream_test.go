package entity_test

import (
	"testing"

	streams "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
)

func TestDecodeStreamRecord(t *testing.T) {
	t.Parallel()
	table := newTable()
	defineArticles(t, table)
	versions := defineVersions(t, table)
	image := map[string]streams.AttributeValue{
		"PK":               &streams.AttributeValueMemberS{Value: "ARTICLE#a1"},
		"SK":               &streams.AttributeValueMemberS{Value: "VERSION#0000000002"},
		"__entity":         &streams.AttributeValueMemberS{Value: "ArticleVersion"},
		"__entity_version": &streams.AttributeValueMemberS{Value: "1"},
		"articleId":        &streams.AttributeValueMemberS{Value: "a1"},
		"version":          &streams.AttributeValueMemberN{Value: "2"},
		"body":             &streams.AttributeValueMemberS{Value: "text"},
		"meta": &streams.AttributeValueMemberM{Value: map[string]streams.AttributeValue{
			"l": &streams.AttributeValueMemberL{Value: []streams.AttributeValue{&streams.AttributeValueMemberBOOL{Value: true}}},
		}},
	}
	v, err := table.Decode(entity.StreamImage(image))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Version{ArticleID: "a1", Version: 2, Body: "text"}, v); diff != "" {
		t.Errorf("decoded stream image (-want +got):\n%s", diff)
	}
	typed, err := versions.Decode(entity.StreamImage(image))
	if err != nil || typed.Version != 2 {
		t.Errorf("typed decode = %+v, %v", typed, err)
	}
}
