package entity_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

type Book struct {
	Shelf  string `dynamo:"shelf"`
	ID     string `dynamo:"id"`
	Title  string `dynamo:"title"`
	Author string `dynamo:"author"`
}

// Bookmark shares Book's keys on purpose: its marked items have keys
// Book's templates render.
type Bookmark struct {
	Shelf string `dynamo:"shelf"`
	ID    string `dynamo:"id"`
	Page  int    `dynamo:"page"`
}

// brownModel defines Book (recognising unmarked items when recognize is
// set) and Bookmark on a fresh table.
func brownModel(recognize bool) (*entity.Table, *entity.Entity[Book], *entity.Entity[Bookmark]) {
	table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	books := entity.MustDefine(table, entity.Config[Book]{
		Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
		Indexes:           []entity.IndexKey[Book]{{Index: "GSI1", Partition: "AUTHOR#${author}", Sort: "BOOK#${id}", Sparse: true}},
		RecognizeUnmarked: recognize,
		SharesKeysWith:    []string{"Bookmark"},
	})
	marks := entity.MustDefine(table, entity.Config[Bookmark]{
		Name: "Bookmark", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
		SharesKeysWith: []string{"Book"},
	})
	return table, books, marks
}

// rawBook is an item as other code writes it: no markers.
func rawBook(shelf, id, title, author string, withIndex bool) map[string]types.AttributeValue {
	it := map[string]types.AttributeValue{
		"PK": s("SHELF#" + shelf), "SK": s("BOOK#" + id),
		"shelf": s(shelf), "id": s(id), "title": s(title), "author": s(author),
	}
	if withIndex {
		it["GSI1PK"], it["GSI1SK"] = s("AUTHOR#"+author), s("BOOK#"+id)
	}
	return it
}

func rawPut(t *testing.T, db *entity.DB, item map[string]types.AttributeValue) {
	t.Helper()
	if _, err := db.Client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String(db.TableName), Item: item}); err != nil {
		t.Fatal(err)
	}
}

func rawGet(t *testing.T, db *entity.DB, pk, sk string) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(db.TableName),
		Key: map[string]types.AttributeValue{"PK": s(pk), "SK": s(sk)}, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

func attrS(item map[string]types.AttributeValue, name string) string {
	if v, ok := item[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

func TestUnmarkedRequestShapes(t *testing.T) {
	t.Parallel()
	_, books, _ := brownModel(true)
	_, strict, _ := brownModel(false)
	key := entity.Values{"shelf": "s1", "id": "b1"}
	b := Book{Shelf: "s1", ID: "b1", Title: "T", Author: "ann"}

	put, err := books.Put(b).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(put.ConditionExpression), "attribute_not_exists(#__entity) OR #__entity = :v0"; got != want {
		t.Errorf("put condition = %q, want %q", got, want)
	}
	if sp, _ := strict.Put(b).Build(); aws.ToString(sp.ConditionExpression) == aws.ToString(put.ConditionExpression) {
		t.Errorf("the strict entity's put condition changed too: %q", aws.ToString(sp.ConditionExpression))
	}
	if put.ExpressionAttributeNames["#__entity"] != "__entity" || attrS(put.ExpressionAttributeValues, ":v0") != "Book" {
		t.Errorf("put names/values = %v %v", put.ExpressionAttributeNames, put.ExpressionAttributeValues)
	}

	upd, err := books.Update(key).Set("title", "U").Build()
	if err != nil {
		t.Fatal(err)
	}
	wantUE := "SET #title = :v0" // an update leaves an unmarked item unmarked: Adopt marks it
	if got := aws.ToString(upd.UpdateExpression); got != wantUE {
		t.Errorf("update expression = %q, want %q", got, wantUE)
	}
	if got, want := aws.ToString(upd.ConditionExpression), "#__entity = :v1 OR (attribute_not_exists(#__entity) AND attribute_exists(#PK))"; got != want {
		t.Errorf("update condition = %q, want %q", got, want)
	}
	if attrS(upd.ExpressionAttributeValues, ":v1") != "Book" {
		t.Errorf("update values = %v", upd.ExpressionAttributeValues)
	}
	if su, _ := strict.Update(key).Set("title", "U").Build(); aws.ToString(su.UpdateExpression) != "SET #title = :v0" {
		t.Errorf("the strict entity's update sets %q", aws.ToString(su.UpdateExpression))
	}

	del, err := books.Delete(key).MustExist().Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(del.ConditionExpression), "#__entity = :v0 OR (attribute_not_exists(#__entity) AND attribute_exists(#PK))"; got != want {
		t.Errorf("delete condition = %q, want %q", got, want)
	}

	scans, err := query.Scan(books).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(scans[0].FilterExpression), "(#__entity = :v0) OR (attribute_not_exists(#__entity))"; got != want {
		t.Errorf("scan filter = %q, want %q", got, want)
	}
	if ss, _ := query.Scan(strict).Build(); aws.ToString(ss[0].FilterExpression) != "#__entity = :v0" {
		t.Errorf("the strict entity's scan filter = %q", aws.ToString(ss[0].FilterExpression))
	}

	ad, err := books.AdoptItem(rawBook("s1", "b1", "T", "ann", false)).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(ad.UpdateExpression), "SET #GSI1PK = :v0, #GSI1SK = :v1, #__entity = :v2, #__entity_version = :v3"; got != want {
		t.Errorf("adopt update = %q, want %q", got, want)
	}
	if attrS(ad.ExpressionAttributeValues, ":v0") != "AUTHOR#ann" || attrS(ad.ExpressionAttributeValues, ":v1") != "BOOK#b1" ||
		attrS(ad.ExpressionAttributeValues, ":v2") != "Book" || attrS(ad.ExpressionAttributeValues, ":v3") != "1" || attrS(ad.ExpressionAttributeValues, ":v9") != "T" {
		t.Errorf("adopt values = %v", ad.ExpressionAttributeValues)
	}
	wantCond := "attribute_not_exists(#__entity) AND #PK = :v4 AND #SK = :v5 AND #author = :v6 AND #id = :v7 AND #shelf = :v8 AND #title = :v9" +
		" AND attribute_not_exists(#GSI1PK) AND attribute_not_exists(#GSI1SK) AND attribute_not_exists(#__entity_version)"
	if got := aws.ToString(ad.ConditionExpression); got != wantCond {
		t.Errorf("adopt condition = %q, want %q", got, wantCond)
	}
}

func TestUnmarkedRecognition(t *testing.T) {
	t.Parallel()
	table, books, marks := brownModel(true)
	_, strict, _ := brownModel(false)
	raw := rawBook("s1", "b1", "T", "ann", false)
	note := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("NOTE#n1"), "title": s("n")}
	marked := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#b9"), "__entity": s("Bookmark"), "__entity_version": s("1")}

	if !books.Is(raw) || books.Is(note) || books.Is(marked) || marks.Is(raw) || strict.Is(raw) {
		t.Errorf("Is: raw %v note %v marked %v; Bookmark on raw %v; strict on raw %v",
			books.Is(raw), books.Is(note), books.Is(marked), marks.Is(raw), strict.Is(raw))
	}
	if err := entity.CheckUnmarked(books, note); !errors.Is(err, keys.ErrNoMatch) {
		t.Errorf("checkUnmarked(note) = %v, want keys.ErrNoMatch", err)
	}
	if v, err := books.Decode(raw); err != nil || v.Title != "T" {
		t.Errorf("Decode(raw) = %+v, %v", v, err)
	}
	if _, err := books.Decode(note); !errors.Is(err, ddbmodel.ErrUnknownEntity) || !errors.Is(err, keys.ErrNoMatch) {
		t.Errorf("Decode(note) = %v, want ErrUnknownEntity and keys.ErrNoMatch", err)
	}
	if _, err := strict.Decode(raw); !errors.Is(err, ddbmodel.ErrUnknownEntity) {
		t.Errorf("strict Decode(raw) = %v, want ErrUnknownEntity", err)
	}
	if name, ver, err := table.EntityOf(raw); err != nil || name != "Book" || ver != "1" {
		t.Errorf("EntityOf(raw) = %q %q %v", name, ver, err)
	}
	if _, _, err := table.EntityOf(note); !errors.Is(err, ddbmodel.ErrUnknownEntity) {
		t.Errorf("EntityOf(note) = %v, want ErrUnknownEntity", err)
	}
	if v, err := table.Decode(raw); err != nil || v.(Book).ID != "b1" {
		t.Errorf("table Decode(raw) = %v, %v", v, err)
	}
	if _, _, err := strict.Table().EntityOf(raw); !errors.Is(err, ddbmodel.ErrUnknownEntity) {
		t.Errorf("strict EntityOf(raw) = %v, want ErrUnknownEntity", err)
	}
}

func TestAdoptRefusalsSendNothing(t *testing.T) {
	t.Parallel()
	_, books, _ := brownModel(true)
	db := entity.NewDB(entitytest.NoRequests(t), "library")
	marked := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#b9"), "__entity": s("Bookmark")}
	var ae *entity.AdoptError
	if _, err := books.AdoptItem(marked).Run(t.Context(), db); !errors.As(err, &ae) || !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("adopting a Bookmark: %v, want an *AdoptError wrapping ErrOtherEntity", err)
	}
	note := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("NOTE#n1")}
	if _, err := books.AdoptItem(note).Run(t.Context(), db); !errors.As(err, &ae) || !errors.Is(err, keys.ErrNoMatch) {
		t.Errorf("adopting a note: %v, want an *AdoptError wrapping keys.ErrNoMatch", err)
	}
	// The item's attributes hold another composite than its key: a put of
	// its value would write another key. (One lacking them has them
	// recovered from its key: unmarked_legacy_test.go.)
	bare := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#b1"), "id": s("b2"), "title": s("T")}
	if _, err := books.AdoptItem(bare).Run(t.Context(), db); !errors.As(err, &ae) || !errors.Is(err, keys.ErrNoMatch) {
		t.Errorf("adopting an item whose attributes disagree with its key: %v, want an *AdoptError wrapping keys.ErrNoMatch", err)
	}
	type Member struct {
		ID    string `dynamo:"id"`
		Email string `dynamo:"email"`
	}
	ut := &entity.Table{Name: "u", PartitionKey: entity.S("PK")}
	members := entity.MustDefine(ut, entity.Config[Member]{Name: "Member", Key: entity.Key{Partition: "M#${id}"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}}})
	// Adoption writes unique attributes' markers in a transaction (Run);
	// AdoptItem's Build, one request, is refused.
	var ve *ddbmodel.ValidationError
	if _, err := members.AdoptItem(map[string]types.AttributeValue{"PK": s("M#m1"), "id": s("m1"), "email": s("a@x")}).Build(); !errors.As(err, &ve) || ve.Entity != "Member" {
		t.Errorf("AdoptItem.Build with unique attributes: %v, want a *ValidationError naming Member", err)
	}
}

func TestUnmarkedItemsOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	table, books, marks := brownModel(true)
	db := entitytest.NewDB(t, table)
	ctx := t.Context()
	rawPut(t, db, rawBook("s1", "b1", "One", "ann", true))
	rawPut(t, db, rawBook("s1", "b2", "Two", "ann", true))
	rawPut(t, db, map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("NOTE#n1"), "title": s("a note")})
	if _, err := marks.Put(Bookmark{Shelf: "s1", ID: "b9", Page: 7}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}

	// Read.
	if b, err := books.Get(entity.Values{"shelf": "s1", "id": "b1"}).Run(ctx, db); err != nil || b.Title != "One" {
		t.Errorf("Get b1 = %+v, %v", b, err)
	}
	if _, err := books.Get(entity.Values{"shelf": "s1", "id": "b9"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("Get of the Bookmark's item = %v, want ErrNotFound", err)
	}

	// Query the table and the index.
	p, err := query.New(books).Where(entity.Values{"shelf": "s1"}).Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 2 || p.Items[0].ID != "b1" || p.Items[1].ID != "b2" {
		t.Errorf("query items = %+v, want b1 and b2", p.Items)
	}
	if len(p.Unrecognized) != 0 {
		t.Errorf("query Unrecognized = %v, want none (the key condition reads BOOK# sort keys only)", p.Unrecognized)
	}
	sp, err := query.Scan(books).Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(sp.Items) != 2 || len(sp.Unrecognized) != 1 || attrS(sp.Unrecognized[0], "SK") != "NOTE#n1" {
		t.Errorf("scan page = %+v, want b1, b2 and the note in Unrecognized", sp)
	}
	byAuthor, err := query.New(books).Index("GSI1").Where(entity.Values{"author": "ann"}).Collect(ctx, db)
	if err != nil || len(byAuthor) != 2 {
		t.Errorf("GSI1 query = %+v, %v, want 2 books", byAuthor, err)
	}
	if n, err := query.New(books).Where(entity.Values{"shelf": "s1"}).Count(ctx, db); err != nil || n != 2 {
		t.Errorf("Count = %d, %v, want 2", n, err)
	}
	scanned, err := query.Scan(books).Collect(ctx, db)
	if err != nil || len(scanned) != 2 {
		t.Errorf("scan = %+v, %v, want 2 books", scanned, err)
	}

	// Update: changes the item and leaves it unmarked (Adopt marks it).
	if b, err := books.Update(entity.Values{"shelf": "s1", "id": "b1"}).Set("title", "One!").Run(ctx, db); err != nil || b.Title != "One!" {
		t.Errorf("update b1 = %+v, %v", b, err)
	}
	if it := rawGet(t, db, "SHELF#s1", "BOOK#b1"); attrS(it, "__entity") != "" || attrS(it, "title") != "One!" {
		t.Errorf("b1 after the update = %v, want it unmarked with the new title", it)
	}
	// The Bookmark's item is never updated, put over or deleted.
	if _, err := books.Update(entity.Values{"shelf": "s1", "id": "b9"}).Set("title", "x").Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("update of the Bookmark's item = %v, want ErrNotFound", err)
	}
	if _, err := books.Put(Book{Shelf: "s1", ID: "b9", Title: "x", Author: "ann"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("put over the Bookmark's item = %v, want ErrOtherEntity", err)
	}
	if err := books.Delete(entity.Values{"shelf": "s1", "id": "b9"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("delete of the Bookmark's item = %v, want ErrOtherEntity", err)
	}
	if m, err := marks.Get(entity.Values{"shelf": "s1", "id": "b9"}).Run(ctx, db); err != nil || m.Page != 7 {
		t.Errorf("the Bookmark after Book's writes = %+v, %v", m, err)
	}

	// Delete of an unmarked item, and a put over one (which marks it).
	rawPut(t, db, rawBook("s2", "d1", "Gone", "bob", false))
	if err := books.Delete(entity.Values{"shelf": "s2", "id": "d1"}).MustExist().Run(ctx, db); err != nil {
		t.Errorf("delete of an unmarked item: %v", err)
	}
	rawPut(t, db, rawBook("s2", "p1", "Old", "bob", false))
	if _, err := books.Put(Book{Shelf: "s2", ID: "p1", Title: "New", Author: "bob"}).Run(ctx, db); err != nil {
		t.Errorf("put over an unmarked item: %v", err)
	}
	if it := rawGet(t, db, "SHELF#s2", "BOOK#p1"); attrS(it, "__entity") != "Book" || attrS(it, "GSI1PK") != "AUTHOR#bob" {
		t.Errorf("p1 after the put = %v", it)
	}

	// Adopt one by one: the index key the other writer left out is written.
	rawPut(t, db, rawBook("s3", "a1", "Adopt me", "cy", false))
	if b, err := books.Adopt(entity.Values{"shelf": "s3", "id": "a1"}).Run(ctx, db); err != nil || b.Title != "Adopt me" {
		t.Errorf("adopt a1 = %+v, %v", b, err)
	}
	if it := rawGet(t, db, "SHELF#s3", "BOOK#a1"); attrS(it, "__entity") != "Book" || attrS(it, "GSI1PK") != "AUTHOR#cy" || attrS(it, "GSI1SK") != "BOOK#a1" {
		t.Errorf("a1 after adoption = %v", it)
	}
	var ae *entity.AdoptError
	if _, err := books.Adopt(entity.Values{"shelf": "s1", "id": "b9"}).Run(ctx, db); !errors.As(err, &ae) || !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Errorf("adopting the Bookmark's item = %v, want an *AdoptError wrapping ErrOtherEntity", err)
	}
	if _, err := books.Adopt(entity.Values{"shelf": "s3", "id": "none"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("adopting nothing = %v, want ErrNotFound", err)
	}

	// Adopt in bulk: b1, b2 and two more; the note is no Book by its key
	// layout: reported as unrecognized, left unchanged, and no failure.
	rawPut(t, db, rawBook("s4", "c1", "C1", "di", false))
	rawPut(t, db, rawBook("s4", "c2", "C2", "di", true))
	r, err := query.Scan(books).Adopt(ctx, db)
	if r.Adopted != 4 || len(r.Failed) != 0 || len(r.Unrecognized) != 1 || attrS(r.Unrecognized[0], "SK") != "NOTE#n1" || len(r.Unrecognized[0]) != 2 {
		t.Errorf("bulk adopt = %+v", r)
	}
	if err != nil {
		t.Errorf("bulk adopt error = %v, want nil (the note is another kind of item)", err)
	}
	for _, k := range [][2]string{{"SHELF#s1", "BOOK#b2"}, {"SHELF#s4", "BOOK#c1"}, {"SHELF#s4", "BOOK#c2"}} {
		if it := rawGet(t, db, k[0], k[1]); attrS(it, "__entity") != "Book" || attrS(it, "GSI1PK") == "" {
			t.Errorf("%v after the bulk adoption = %v", k, it)
		}
	}
	if it := rawGet(t, db, "SHELF#s1", "BOOK#b9"); attrS(it, "__entity") != "Bookmark" {
		t.Errorf("the Bookmark after the bulk adoption = %v", it)
	}
	if it := rawGet(t, db, "SHELF#s1", "NOTE#n1"); len(it) == 0 || attrS(it, "__entity") != "" {
		t.Errorf("the note after the bulk adoption = %v, want it unchanged", it)
	}
	// Nothing unmarked is left but the note: a second run adopts nothing.
	if r, _ := query.Scan(books).Adopt(ctx, db); r.Adopted != 0 || len(r.Failed) != 0 || len(r.Unrecognized) != 1 {
		t.Errorf("second bulk adopt = %+v", r)
	}
}

func TestAdoptByQueryOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	table, books, _ := brownModel(true)
	db := entitytest.NewDB(t, table)
	ctx := t.Context()
	rawPut(t, db, rawBook("s1", "b1", "One", "ann", true))
	rawPut(t, db, rawBook("s1", "b2", "Two", "ann", true))
	rawPut(t, db, rawBook("s2", "b3", "Three", "ann", true))
	r, err := query.New(books).Index("GSI1").Where(entity.Values{"author": "ann"}).Adopt(ctx, db)
	if err != nil || r.Adopted != 3 {
		t.Errorf("adopt by GSI1 query = %+v, %v, want 3", r, err)
	}
	if it := rawGet(t, db, "SHELF#s2", "BOOK#b3"); attrS(it, "__entity") != "Book" {
		t.Errorf("b3 = %v", it)
	}
}

func TestUnmarkedRefusedWithoutTheOption(t *testing.T) {
	t.Parallel()
	table, books, _ := brownModel(false)
	db := entitytest.NewDB(t, table)
	ctx := t.Context()
	rawPut(t, db, rawBook("s1", "b1", "One", "ann", true))
	key := entity.Values{"shelf": "s1", "id": "b1"}
	// Get, update, delete and put all report the item one way: it has no
	// marker (ErrUnmarked), with the item.
	wantUnmarked := func(op string, err error) {
		t.Helper()
		var ce *ddbmodel.ConditionError
		if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrUnmarked) || ce.Entity != "Book" || ce.Op != op || attrS(ce.Item, "title") != "One" {
			t.Errorf("%s = %v, want a *ConditionError of Book %s with ErrUnmarked and the item", op, err, op)
		}
	}
	_, err := books.Get(key).Run(ctx, db)
	wantUnmarked("get", err)
	if got, err := query.New(books).Where(entity.Values{"shelf": "s1"}).Collect(ctx, db); err != nil || len(got) != 0 {
		t.Errorf("query = %+v, %v, want nothing", got, err)
	}
	if got, err := query.Scan(books).Collect(ctx, db); err != nil || len(got) != 0 {
		t.Errorf("scan = %+v, %v, want nothing", got, err)
	}
	_, err = books.Update(key).Set("title", "x").Run(ctx, db)
	wantUnmarked("update", err)
	_, err = books.Update(key).Set("shelf", "s2").Run(ctx, db) // a move reads first
	wantUnmarked("update", err)
	_, err = books.Put(Book{Shelf: "s1", ID: "b1", Title: "x", Author: "ann"}).Run(ctx, db)
	wantUnmarked("put", err)
	wantUnmarked("delete", books.Delete(key).Run(ctx, db))
	if _, err := books.Create(Book{Shelf: "s1", ID: "b1", Title: "x", Author: "ann"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("create = %v, want ErrAlreadyExists", err)
	}
	if it := rawGet(t, db, "SHELF#s1", "BOOK#b1"); attrS(it, "title") != "One" || attrS(it, "__entity") != "" {
		t.Errorf("the item = %v, want it unchanged", it)
	}
	// Explicit adoption works without the option.
	if _, err := books.Adopt(key).Run(ctx, db); err != nil {
		t.Errorf("adopt: %v", err)
	}
	if b, err := books.Get(key).Run(ctx, db); err != nil || b.Title != "One" {
		t.Errorf("Get after adoption = %+v, %v", b, err)
	}
}
