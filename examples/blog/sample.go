package blog

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

// SampleEpoch is the time of the sample data, in Unix milliseconds
// (2025-09-28T19:01:35.241Z, the timestamp of the design's examples).
const SampleEpoch int64 = 1759086095241

const (
	day  int64 = 24 * 60 * 60 * 1000
	hour int64 = 60 * 60 * 1000
)

// SampleData is a small blog: users with statuses and ratings, their
// provider identities, tags, posts across statuses, authors and tags,
// impressions (some repeated, which count once), likes and star ratings
// of posts (which make their popularity), and contact messages.
type SampleData struct {
	Users           []User
	Identities      []ProviderUser
	Tags            []PostTag
	Posts           []Post
	PostImpressions []PostImpression
	PostLikes       []PostLike
	StarRatings     []StarRating
	UserImpressions []UserImpression
	ContactMessages []ContactMessage
}

// Sample returns the sample data. It is the same on every call: fixed ids
// and fixed timestamps. Counters are zero here; LoadSample's workflows
// maintain them.
func Sample() SampleData {
	var s SampleData
	users := []struct {
		id, username, name, status string
		rating                     int64
	}{
		{"u01", "alice", "Alice Archer", UserActive, 950},
		{"u02", "bob", "Bob Brennan", UserActive, 720},
		{"u03", "carol", "Carol Chen", UserActive, 880},
		{"u04", "dave", "Dave Dumont", UserActive, 610},
		{"u05", "erin", "Erin Evans", UserInactive, 300},
		{"u06", "frank", "Frank Fischer", UserSuspended, 120},
		{"u07", "grace", "Grace Gupta", UserActive, 500},
		{"u08", "heidi", "Heidi Holm", UserInactive, 340},
	}
	for i, u := range users {
		s.Users = append(s.Users, User{
			UserID: u.id, Email: u.username + "@example.com", Username: u.username, DisplayName: u.name,
			Status: u.status, Rating: u.rating, CreatedAt: SampleEpoch + int64(i)*day,
		})
	}
	s.Identities = []ProviderUser{
		{Provider: "cognito", ProviderUserID: "1", UserID: "u01"},
		{Provider: "github", ProviderUserID: "583231", UserID: "u02"},
		{Provider: "google", ProviderUserID: "107691503500061507151", UserID: "u03"},
		{Provider: "github", ProviderUserID: "1024025", UserID: "u04"},
	}
	for _, t := range []struct {
		name   string
		rating int64
	}{
		{"aws", 80}, {"design", 55}, {"dynamodb", 95}, {"go", 90}, {"go-testing", 40},
		{"google-cloud", 30}, {"python", 60}, {"serverless", 70},
	} {
		s.Tags = append(s.Tags, PostTag{TagName: t.name, Rating: t.rating})
	}
	posts := []struct {
		id, author, status string
		tags               []string
		title, slug        string
	}{
		{"p01", "u01", PostPublished, []string{"aws", "dynamodb"}, "Single-table design in practice", "single-table-design-in-practice"},
		{"p02", "u02", PostPublished, []string{"go"}, "Error handling in Go", "error-handling-in-go"},
		{"p03", "u01", PostPublished, []string{"dynamodb"}, "Modelling one-to-many relations", "modelling-one-to-many-relations"},
		{"p04", "u03", PostPublished, []string{"aws", "python"}, "Boto3 tips", "boto3-tips"},
		{"p05", "u02", PostUnpublished, []string{"go", "go-testing"}, "Table-driven tests", "table-driven-tests"},
		{"p06", "u04", PostPublished, []string{"aws", "serverless"}, "Cold starts measured", "cold-starts-measured"},
		{"p07", "u01", PostPublished, []string{"design", "dynamodb"}, "GSI overloading", "gsi-overloading"},
		{"p08", "u03", PostPublished, []string{"design"}, "Naming things", "naming-things"},
		{"p09", "u02", PostPublished, []string{"aws", "dynamodb", "go"}, "DynamoDB from Go", "dynamodb-from-go"},
		{"p10", "u04", PostUnpublished, []string{"serverless"}, "Step Functions patterns", "step-functions-patterns"},
		{"p11", "u01", PostPublished, []string{"aws", "dynamodb", "serverless"}, "Streams to Lambda", "streams-to-lambda"},
		{"p12", "u03", PostPublished, []string{"python"}, "Type hints everywhere", "type-hints-everywhere"},
		{"p13", "u02", PostPublished, []string{"go", "go-testing"}, "Fuzzing Go code", "fuzzing-go-code"},
		{"p14", "u01", PostUnpublished, []string{"design"}, "API versioning", "api-versioning"},
		{"p15", "u04", PostPublished, []string{"dynamodb", "google-cloud"}, "Firestore or DynamoDB", "firestore-or-dynamodb"},
		{"p16", "u03", PostPublished, []string{"aws"}, "IAM least privilege", "iam-least-privilege"},
		{"p17", "u02", PostUnpublished, []string{"go"}, "Generics one year on", "generics-one-year-on"},
		{"p18", "u01", PostPublished, []string{"dynamodb", "go"}, "Pagination cursors", "pagination-cursors"},
		{"p19", "u04", PostPublished, []string{"go", "serverless"}, "Go on Lambda", "go-on-lambda"},
		{"p20", "u03", PostUnpublished, []string{"python", "serverless"}, "Chalice in production", "chalice-in-production"},
		{"p21", "u01", PostPublished, []string{"aws", "design", "dynamodb"}, "Sort keys that sort", "sort-keys-that-sort"},
		{"p22", "u02", PostPublished, []string{"go-testing"}, "Golden files", "golden-files"},
		{"p23", "u04", PostUnpublished, []string{"aws"}, "Cost Explorer deep dive", "cost-explorer-deep-dive"},
		{"p24", "u03", PostPublished, []string{"design", "python"}, "Readable code", "readable-code"},
		{"p25", "u01", PostPublished, []string{"go"}, "Context cancellation", "context-cancellation"},
		{"p26", "u02", PostUnpublished, []string{"dynamodb", "go"}, "Transactions in Go", "transactions-in-go"},
		{"p27", "u04", PostPublished, []string{"aws", "dynamodb"}, "On-demand capacity", "on-demand-capacity"},
		{"p28", "u05", PostPublished, []string{"design"}, "Notes from a quiet author", "notes-from-a-quiet-author"},
	}
	for i, p := range posts {
		s.Posts = append(s.Posts, Post{
			PostID: p.id, UserID: p.author, Title: p.title, Slug: p.slug, Status: p.status, Tags: p.tags,
			CreatedAt: SampleEpoch + 10*day + int64(i)*hour,
			Content:   fmt.Sprintf("The text of %q.", p.title),
		})
	}
	at := SampleEpoch + 20*day
	for i, v := range [][2]string{
		{"p02", "u01"}, {"p02", "u03"}, {"p02", "u01"}, // u01's second view counts nothing
		{"p06", "u02"}, {"p06", "u03"}, {"p06", "u05"}, {"p06", "u02"},
		{"p13", "u04"}, {"p27", "u01"}, {"p09", "u02"}, {"p24", "u01"},
	} {
		s.PostImpressions = append(s.PostImpressions, PostImpression{PostID: v[0], UserID: v[1], CreatedAt: at + int64(i)*60000})
	}
	for i, v := range [][2]string{
		{"p27", "u02"}, {"p27", "u03"}, {"p27", "u04"}, {"p06", "u01"}, {"p06", "u03"},
		{"p13", "u01"}, {"p21", "u02"}, {"p02", "u04"},
	} {
		s.PostLikes = append(s.PostLikes, PostLike{PostID: v[0], UserID: v[1], CreatedAt: at + hour + int64(i)*60000})
	}
	for i, r := range []struct {
		post, user string
		stars      int64
	}{
		{"p13", "u01", 5}, {"p13", "u03", 4}, {"p02", "u04", 2}, {"p06", "u04", 1}, {"p21", "u03", 5}, {"p04", "u02", 1},
	} {
		s.StarRatings = append(s.StarRatings, StarRating{PostID: r.post, UserID: r.user, Stars: r.stars, CreatedAt: at + 2*hour + int64(i)*60000})
	}
	for i, v := range [][2]string{
		{"u01", "u02"}, {"u01", "u03"}, {"u01", "u02"}, {"u03", "u01"},
	} {
		s.UserImpressions = append(s.UserImpressions, UserImpression{UserID: v[0], ViewerID: v[1], CreatedAt: at + int64(i)*60000})
	}
	msgAt := SampleEpoch + 30*day
	for _, m := range []struct {
		id, name, email, subject string
		after                    int64
	}{
		{"m01", "Ivan", "ivan@example.org", "Typo in a post", 0},
		{"m02", "Judy", "judy@example.org", "Guest post", 2 * hour},
		{"m03", "Mallory", "mallory@example.org", "Advertising", 5 * hour},
		{"m04", "Niaj", "niaj@example.org", "Broken link", 9 * hour},
		{"m05", "Olivia", "olivia@example.org", "Newsletter", 26 * hour},
		{"m06", "Peggy", "peggy@example.org", "Newsletter too", 26 * hour}, // the same millisecond as m05
		{"m07", "Rupert", "rupert@example.org", "Thanks", 50 * hour},
	} {
		s.ContactMessages = append(s.ContactMessages, ContactMessage{
			MessageID: m.id, Name: m.name, Email: m.email, Subject: m.subject,
			Body: "Hello, " + m.subject + ".", CreatedAt: msgAt + m.after,
		})
	}
	return s
}

// LoadSample writes the sample data through the workflows (registration,
// tag and post creation, impressions, likes, ratings, contact messages),
// so that every counter, popularity and uniqueness marker is as the
// workflows keep them. (A like's or rating's time is the time of loading.)
func LoadSample(ctx context.Context, db *entity.DB) error {
	s := Sample()
	ids := map[string][]ProviderUser{}
	for _, id := range s.Identities {
		ids[id.UserID] = append(ids[id.UserID], id)
	}
	for _, u := range s.Users {
		if _, err := RegisterUser(ctx, db, u, ids[u.UserID]...); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	for _, t := range s.Tags {
		if _, err := CreateTag(ctx, db, t); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	for _, p := range s.Posts {
		if _, err := CreatePost(ctx, db, p); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	for _, imp := range s.PostImpressions {
		if _, err := RecordPostImpression(ctx, db, imp); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	for _, l := range s.PostLikes {
		if _, err := LikePost(ctx, db, l); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	for _, r := range s.StarRatings {
		if _, err := RatePost(ctx, db, r); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	for _, imp := range s.UserImpressions {
		if _, err := RecordProfileImpression(ctx, db, imp); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	for _, m := range s.ContactMessages {
		if _, err := SubmitContactMessage(ctx, db, m); err != nil {
			return fmt.Errorf("blog: load sample: %w", err)
		}
	}
	return nil
}
