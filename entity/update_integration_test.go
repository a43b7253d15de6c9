package entity_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type Issue struct {
	Owner  string   `dynamo:"owner"`
	Repo   string   `dynamo:"repo_name"`
	Number int      `dynamo:"issue_number"`
	Status string   `dynamo:"status"`
	Title  string   `dynamo:"title"`
	Labels []string `dynamo:"labels,set"`
	Votes  int      `dynamo:"votes"`
	Log    []string `dynamo:"log"`
	Slug   string   `dynamo:"slug"`
}

func issueTable() *entity.Table {
	return &entity.Table{
		Name: "issues", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI4", PartitionKey: entity.S("GSI4PK"), SortKey: entity.S("GSI4SK")},
			{Name: "BySlug", PartitionKey: entity.S("SlugPK"), SortKey: entity.S("SlugSK")},
		},
	}
}

func defineIssues(t *testing.T, table *entity.Table) *entity.Entity[Issue] {
	t.Helper()
	return entity.MustDefine(table, entity.Config[Issue]{
		Name: "Issue",
		Key:  entity.Key{Partition: "REPO#${owner}#${repo_name}", Sort: "ISSUE#${issue_number:pad(8)}"},
		Indexes: []entity.IndexKey[Issue]{
			{
				Index: "GSI4", Partition: "REPO#${owner}#${repo_name}",
				SortFunc: func(i Issue) (string, error) {
					if i.Status == "closed" {
						return "#ISSUE#CLOSED#" + pad8(i.Number), nil
					}
					return "#ISSUE#OPEN#" + pad8(99999999-i.Number), nil
				},
				SortUses: []string{"status", "issue_number"},
			},
			{Index: "BySlug", Partition: "SLUG#${slug}", Sort: "ISSUE", Sparse: true},
		},
		Attributes: map[string]entity.Attribute{"status": {Default: "open", Enum: []string{"open", "closed"}}},
	})
}

func pad8(n int) string {
	s := "00000000" + itoa(n)
	return s[len(s)-8:]
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

func TestComputedKeyMovesWithStatus(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := issueTable()
	issues := defineIssues(t, table)
	db := entitytest.NewDB(t, table)
	if _, err := issues.Create(Issue{Owner: "o", Repo: "r", Number: 7, Title: "bug"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"owner": "o", "repo_name": "r", "issue_number": 7}
	pk, _ := issues.Key(key)
	if got := str(rawItem(t, db, pk)["GSI4SK"]); got != "#ISSUE#OPEN#99999992" {
		t.Fatalf("open GSI4SK = %q", got)
	}
	// The key function needs status and issue_number: both are known here.
	if _, err := issues.Update(key).Set("status", "closed").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if got := str(rawItem(t, db, pk)["GSI4SK"]); got != "#ISSUE#CLOSED#00000007" {
		t.Fatalf("closed GSI4SK = %q", got)
	}
	if _, err := issues.Update(key).Set("status", "open").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if got := str(rawItem(t, db, pk)["GSI4SK"]); got != "#ISSUE#OPEN#99999992" {
		t.Fatalf("reopened GSI4SK = %q", got)
	}
}

func TestUpdateActionsApply(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := issueTable()
	issues := defineIssues(t, table)
	db := entitytest.NewDB(t, table)
	key := entity.Values{"owner": "o", "repo_name": "r", "issue_number": 1}
	if _, err := issues.Create(Issue{Owner: "o", Repo: "r", Number: 1, Title: "t", Labels: []string{"bug", "ui"}}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := issues.Update(key).
		Add("votes", 2).
		Append("log", []string{"a", "b"}).
		DeleteFromSet("labels", entity.StringSet("ui")).
		Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	got, err = issues.Update(key).Add("votes", 3).Prepend("log", []string{"z"}).Add("labels", entity.StringSet("p1")).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	want := Issue{Owner: "o", Repo: "r", Number: 1, Status: "open", Title: "t", Labels: []string{"bug", "p1"}, Votes: 5, Log: []string{"z", "a", "b"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("after updates (-want +got):\n%s", diff)
	}
	got, err = issues.Update(key).SetIfNotExists("title", "other").Remove("log").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "t" || got.Log != nil {
		t.Errorf("SetIfNotExists/Remove: %+v", got)
	}
}

func TestSparseIndexEntersAndLeaves(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := issueTable()
	issues := defineIssues(t, table)
	db := entitytest.NewDB(t, table)
	key := entity.Values{"owner": "o", "repo_name": "r", "issue_number": 2}
	if _, err := issues.Create(Issue{Owner: "o", Repo: "r", Number: 2, Title: "t"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	pk, _ := issues.Key(key)
	if _, ok := rawItem(t, db, pk)["SlugPK"]; ok {
		t.Fatal("item without a slug is in the sparse index")
	}
	if _, err := issues.Update(key).Set("slug", "crash").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	item := rawItem(t, db, pk)
	if str(item["SlugPK"]) != "SLUG#crash" || str(item["SlugSK"]) != "ISSUE" {
		t.Fatalf("after setting slug: SlugPK=%v SlugSK=%v", item["SlugPK"], item["SlugSK"])
	}
	if _, err := issues.Update(key).Remove("slug").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	item = rawItem(t, db, pk)
	if _, ok := item["SlugPK"]; ok {
		t.Fatalf("after removing slug the item is still in the sparse index: %v", item["SlugPK"])
	}
}

type Member struct {
	Group   string `dynamo:"groupId"`
	User    string `dynamo:"userId"`
	Role    string `dynamo:"role"`
	Region  string `dynamo:"region"`
	Version int    `dynamo:"v"`
}

func TestReadFirstAndMove(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	members := entity.MustDefine(table, entity.Config[Member]{
		Name: "Member",
		Key:  entity.Key{Partition: "GROUP#${groupId}", Sort: "USER#${userId}"},
		Indexes: []entity.IndexKey[Member]{
			{Index: "GSI1", Partition: "REGION#${region}", Sort: "ROLE#${role}#USER#${userId}"},
		},
		LockAttribute: "v",
	})
	db := entitytest.NewDB(t, table)
	if _, err := members.Create(Member{Group: "g1", User: "u1", Role: "member", Region: "eu"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"groupId": "g1", "userId": "u1"}
	// role feeds GSI1SK, whose other composite userId is in the key: fine.
	// region feeds GSI1PK alone: fine. A key needing role when only region changes: none here, so use ReadFirst via a missing composite.
	_, err := members.Update(key).Set("role", "admin").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	// Move: changing the group (a primary-key composite) moves the item in one transaction.
	moved, err := members.Update(key).Set("groupId", "g2").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Member{Group: "g2", User: "u1", Role: "admin", Region: "eu", Version: 3}, moved); diff != "" {
		t.Errorf("moved (-want +got):\n%s", diff)
	}
	if _, err := members.Get(key).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("old item still there: %v", err)
	}
	newKey := entity.Values{"groupId": "g2", "userId": "u1"}
	got, err := members.Get(newKey).Consistent().Run(ctx, db)
	if err != nil || got != moved {
		t.Fatalf("new item: %+v, %v", got, err)
	}
	pk, _ := members.Key(newKey)
	if item := rawItem(t, db, pk); str(item["GSI1SK"]) != "ROLE#admin#USER#u1" || str(item["GSI1PK"]) != "REGION#eu" {
		t.Errorf("moved item's index keys: %v %v", item["GSI1PK"], item["GSI1SK"])
	}
	// Moving onto an existing item fails and changes nothing.
	if _, err := members.Create(Member{Group: "g3", User: "u1", Role: "member", Region: "us"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err = members.Update(newKey).Set("groupId", "g3").Run(ctx, db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Fatalf("move onto an existing item: err = %v", err)
	}
	// The move is one update: its failure is the update's ConditionError,
	// naming the key it could not take, as an update in place names its own.
	var ce *ddbmodel.ConditionError
	target, _ := members.Key(entity.Values{"groupId": "g3", "userId": "u1"})
	if !errors.As(err, &ce) || ce.Entity != "Member" || ce.Op != "update" || ce.Err != ddbmodel.ErrAlreadyExists || !reflect.DeepEqual(ce.Key, target) {
		t.Errorf("move onto an existing item: ConditionError %+v, want Member update ErrAlreadyExists at %v", ce, target)
	}
	if _, err := members.Get(newKey).Run(ctx, db); err != nil {
		t.Errorf("the source was lost: %v", err)
	}
}

type Profile struct {
	ID      string `dynamo:"id"`
	Country string `dynamo:"country"`
	City    string `dynamo:"city"`
	Name    string `dynamo:"name"`
}

func TestReadFirstFillsMissingComposites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	profiles := entity.MustDefine(table, entity.Config[Profile]{
		Name: "Profile",
		Key:  entity.Key{Partition: "P#${id}", Sort: "P"},
		Indexes: []entity.IndexKey[Profile]{
			{Index: "GSI1", Partition: "C#${country}", Sort: "${city}#NAME#${name}"},
		},
	})
	db := entitytest.NewDB(t, table)
	if _, err := profiles.Create(Profile{ID: "p1", Country: "FR", City: "Lyon", Name: "A"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"id": "p1"}
	pk, _ := profiles.Key(key)
	before := rawItem(t, db, pk)
	// name feeds GSI1SK together with city, which the update does not know.
	_, err := profiles.Update(key).Set("name", "B").Run(ctx, db)
	var mc *ddbmodel.MissingCompositesError
	if !errors.As(err, &mc) || cmp.Diff([]string{"city"}, mc.Missing) != "" {
		t.Fatalf("err = %v, want missing [city]", err)
	}
	if diff := cmp.Diff(before, rawItem(t, db, pk), entitytest.CmpOptions); diff != "" {
		t.Fatalf("a refused update changed the item:\n%s", diff)
	}
	got, err := profiles.Update(key).Set("name", "B").ReadFirst().Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "B" || got.City != "Lyon" {
		t.Errorf("after ReadFirst update: %+v", got)
	}
	if item := rawItem(t, db, pk); str(item["GSI1SK"]) != "Lyon#NAME#B" {
		t.Errorf("GSI1SK = %v", item["GSI1SK"])
	}
	// A ReadFirst update built on a stale read fails instead of writing a stale key.
	stale := &racingClient{Client: db.Client, before: func() {
		if _, err := profiles.Update(key).Set("city", "Nice").With(entity.Values{"name": "B"}).Run(ctx, db); err != nil {
			t.Error(err)
		}
	}}
	_, err = profiles.Update(key).Set("name", "C").ReadFirst().Run(ctx, &entity.DB{Client: stale, TableName: db.TableName})
	if !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("update after a concurrent change: err = %v, want ErrConditionFailed", err)
	}
	if item := rawItem(t, db, pk); str(item["GSI1SK"]) != "Nice#NAME#B" {
		t.Errorf("GSI1SK = %v, want the concurrent writer's key", item["GSI1SK"])
	}
}

type NamedAccount struct {
	Name  string `dynamo:"name"`
	Email string `dynamo:"email"`
}

// Two entities may share a key layout (a user and an organization in one
// account namespace); an update or a must-exist delete of one never touches
// the other's item.
func TestUpdatesNeverTouchAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	users := entity.MustDefine(table, entity.Config[NamedAccount]{Name: "User", Key: entity.Key{Partition: "ACCOUNT#${name}", Sort: "ACCOUNT#${name}"}})
	orgs := entity.MustDefine(table, entity.Config[NamedAccount]{Name: "Organization", Key: entity.Key{Partition: "ACCOUNT#${name}", Sort: "ACCOUNT#${name}"}, SharesKeysWith: []string{"User"}})
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(NamedAccount{Name: "ana", Email: "ana@example.com"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"name": "ana"}
	if _, err := orgs.Update(key).Set("email", "org@example.com").Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("updating a user as an organization: err = %v, want ErrNotFound", err)
	}
	if err := orgs.Delete(key).MustExist().Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("deleting a user as an organization: err = %v, want ErrNotFound", err)
	}
	if _, err := orgs.Get(key).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("reading a user as an organization: err = %v, want ErrNotFound", err)
	}
	got, err := users.Get(key).Consistent().Run(ctx, db)
	if err != nil || got.Email != "ana@example.com" {
		t.Errorf("the user after the refused writes: %+v, %v", got, err)
	}
}
