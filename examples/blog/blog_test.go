package blog

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// newDB returns a DB on a fresh table of the blog's layout.
func newDB(t *testing.T) *entity.DB {
	t.Helper()
	in := Table.CreateTableInput()
	in.TableName = nil
	prefix := "blog-"
	in.TableName = &prefix
	return entity.NewDB(entitytest.Client(t), entitytest.NewTable(t, in))
}

// sampleDB returns a DB on a fresh table holding the sample data.
func sampleDB(t *testing.T) *entity.DB {
	t.Helper()
	db := newDB(t)
	if err := LoadSample(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return db
}

// The sample as loaded: the sample's values with the counters the
// workflows keep, written out by hand.
var (
	wantPostImpressions = map[string]int64{"p02": 2, "p06": 3, "p09": 1, "p13": 1, "p24": 1, "p27": 1}
	wantPostLikes       = map[string]int64{"p02": 1, "p06": 2, "p13": 1, "p21": 1, "p27": 3}
	wantPostRatings     = map[string][2]int64{ // raters, stars
		"p02": {1, 2}, "p04": {1, 1}, "p06": {1, 1}, "p13": {2, 9}, "p21": {1, 5},
	}
	// views + 10 per like + 5 per star above three of each rating
	wantPopularity = map[string]int64{
		"p02": 2 + 10 - 5, "p04": -10, "p06": 3 + 20 - 10, "p09": 1, "p13": 1 + 10 + 10 + 5,
		"p21": 10 + 10, "p24": 1, "p27": 1 + 30,
	}
	wantUserPosts       = map[string]int64{"u01": 7, "u02": 4, "u03": 5, "u04": 4, "u05": 1}
	wantUserImpressions = map[string]int64{"u01": 2, "u03": 1}
	wantTagPosts        = map[string]int64{"aws": 8, "design": 5, "dynamodb": 9, "go": 6, "go-testing": 2, "google-cloud": 1, "python": 3, "serverless": 3}
)

func loadedPost(t *testing.T, id string) Post {
	t.Helper()
	for _, p := range Sample().Posts {
		if p.PostID == id {
			p.Impressions = wantPostImpressions[id]
			p.Likes = wantPostLikes[id]
			p.Raters, p.Stars = wantPostRatings[id][0], wantPostRatings[id][1]
			p.Popularity = wantPopularity[id]
			p.Rating = p.Popularity*10_000_000_000_000 + p.CreatedAt
			return p
		}
	}
	t.Fatalf("no sample post %s", id)
	return Post{}
}

func loadedPosts(t *testing.T, ids ...string) []Post {
	t.Helper()
	out := make([]Post, 0, len(ids))
	for _, id := range ids {
		out = append(out, loadedPost(t, id))
	}
	return out
}

func loadedUser(t *testing.T, id string) User {
	t.Helper()
	for _, u := range Sample().Users {
		if u.UserID == id {
			u.PostCount = wantUserPosts[id]
			u.Impressions = wantUserImpressions[id]
			return u
		}
	}
	t.Fatalf("no sample user %s", id)
	return User{}
}

func loadedUsers(t *testing.T, ids ...string) []User {
	t.Helper()
	out := make([]User, 0, len(ids))
	for _, id := range ids {
		out = append(out, loadedUser(t, id))
	}
	return out
}

func loadedTags(t *testing.T, names ...string) []PostTag {
	t.Helper()
	out := make([]PostTag, 0, len(names))
	for _, n := range names {
		found := false
		for _, tag := range Sample().Tags {
			if tag.TagName == n {
				tag.PostCount = wantTagPosts[n]
				out = append(out, tag)
				found = true
			}
		}
		if !found {
			t.Fatalf("no sample tag %s", n)
		}
	}
	return out
}

func loadedMessages(t *testing.T, ids ...string) []ContactMessage {
	t.Helper()
	var out []ContactMessage
	for _, id := range ids {
		found := false
		for _, m := range Sample().ContactMessages {
			if m.MessageID == id {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			t.Fatalf("no sample message %s", id)
		}
	}
	return out
}

// storedMarker reads, with a plain GetItem, the library's unique marker item
// of entity's attribute attr holding value (nil when there is none).
func storedMarker(t *testing.T, db *entity.DB, entityName, attr, value string) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(context.Background(), &dynamodb.GetItemInput{
		TableName: &db.TableName,
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "UNIQUE#" + entityName + "#" + attr + "#" + value},
			"sk": &types.AttributeValueMemberS{Value: "UNIQUE"},
		},
		ConsistentRead: aws.Bool(true),
	}, db.Options...)
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// wantMarker checks that the marker of value names the item with the
// table key pk as its owner.
func wantMarker(t *testing.T, db *entity.DB, entityName, attr, value, ownerPK string) {
	t.Helper()
	item := storedMarker(t, db, entityName, attr, value)
	if item == nil {
		t.Fatalf("no unique marker for %s %s %q", entityName, attr, value)
	}
	owner, _ := item["uniqueOwner"].(*types.AttributeValueMemberS)
	if owner == nil || !strings.Contains(owner.Value, ownerPK) {
		t.Errorf("marker of %s %s %q: owner %v, want the item %s", entityName, attr, value, item["uniqueOwner"], ownerPK)
	}
	if m, _ := item[entity.DefaultEntityAttribute].(*types.AttributeValueMemberS); m == nil || m.Value != "UNIQUE#"+entityName+"#"+attr {
		t.Errorf("marker of %s %s %q: entity marker %v", entityName, attr, value, item[entity.DefaultEntityAttribute])
	}
}

// noMarker checks that no item holds value of the unique attribute.
func noMarker(t *testing.T, db *entity.DB, entityName, attr, value string) {
	t.Helper()
	if item := storedMarker(t, db, entityName, attr, value); item != nil {
		t.Errorf("a unique marker for %s %s %q is left: %v", entityName, attr, value, item)
	}
}
