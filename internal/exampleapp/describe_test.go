package exampleapp

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func n(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

func TestDescribeQuery(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   *dynamodb.QueryInput
		want string
	}{
		{
			name: "index, begins_with, descending, limit",
			in: &dynamodb.QueryInput{
				TableName:                 aws.String("cms"),
				IndexName:                 aws.String("GSI1"),
				KeyConditionExpression:    aws.String("#pk = :pk AND begins_with(#sk, :sk)"),
				ExpressionAttributeNames:  map[string]string{"#pk": "GSI1PK", "#sk": "GSI1SK"},
				ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s("AUTHOR#a1"), ":sk": s("ARTICLE#")},
				ScanIndexForward:          aws.Bool(false),
				Limit:                     aws.Int32(10),
			},
			want: `Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); descending; limit 10`,
		},
		{
			name: "longer placeholders are not hit by their prefixes",
			in: &dynamodb.QueryInput{
				TableName:              aws.String("t"),
				KeyConditionExpression: aws.String("#pk = :pk AND #pk1 BETWEEN :pk1 AND :pk10"),
				ExpressionAttributeNames: map[string]string{
					"#pk": "PK", "#pk1": "Score",
				},
				ExpressionAttributeValues: map[string]types.AttributeValue{
					":pk": s("GAME#1"), ":pk1": n("10"), ":pk10": n("20"),
				},
			},
			want: `Query t: PK = "GAME#1" AND Score BETWEEN 10 AND 20`,
		},
		{
			name: "substituted values are not scanned again",
			in: &dynamodb.QueryInput{
				TableName:                 aws.String("t"),
				KeyConditionExpression:    aws.String("#a = :v"),
				ExpressionAttributeNames:  map[string]string{"#a": "PK", "#b": "WRONG"},
				ExpressionAttributeValues: map[string]types.AttributeValue{":v": s("X#b:v")},
			},
			want: `Query t: PK = "X#b:v"`,
		},
		{
			name: "filter, projection, consistent read, count, start key, ascending",
			in: &dynamodb.QueryInput{
				TableName:                 aws.String("blog"),
				KeyConditionExpression:    aws.String("PK = :pk"),
				FilterExpression:          aws.String("#st = :pub AND Views > :min AND Draft = :f"),
				ProjectionExpression:      aws.String("Title, #st"),
				ExpressionAttributeNames:  map[string]string{"#st": "Status"},
				ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s("BLOG#b1"), ":pub": s("published"), ":min": n("100"), ":f": &types.AttributeValueMemberBOOL{Value: false}},
				ScanIndexForward:          aws.Bool(true),
				ConsistentRead:            aws.Bool(true),
				Select:                    types.SelectCount,
				ExclusiveStartKey:         map[string]types.AttributeValue{"SK": s("POST#2"), "PK": s("BLOG#b1")},
			},
			want: `Query blog: PK = "BLOG#b1"; filter: Status = "published" AND Views > 100 AND Draft = false; project: Title, Status; consistent read; count only; after PK = "BLOG#b1", SK = "POST#2"`,
		},
		{
			name: "unknown placeholders stay",
			in: &dynamodb.QueryInput{
				KeyConditionExpression: aws.String("#missing = :missing"),
			},
			want: `Query: #missing = :missing`,
		},
		{name: "nil", in: nil, want: "Query <nil>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DescribeQuery(tt.in); got != tt.want {
				t.Errorf("DescribeQuery() =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestDescribeGet(t *testing.T) {
	t.Parallel()
	in := &dynamodb.GetItemInput{
		TableName: aws.String("cms"),
		Key:       map[string]types.AttributeValue{"SK": s("META"), "PK": s("ARTICLE#a1")},
	}
	if got, want := DescribeGet(in), `GetItem cms: PK = "ARTICLE#a1", SK = "META"`; got != want {
		t.Errorf("DescribeGet() = %s, want %s", got, want)
	}
	in.ProjectionExpression = aws.String("#t, Body")
	in.ExpressionAttributeNames = map[string]string{"#t": "Title"}
	in.ConsistentRead = aws.Bool(true)
	in.Key["PK"] = n("7")
	if got, want := DescribeGet(in), `GetItem cms: PK = 7, SK = "META"; project: Title, Body; consistent read`; got != want {
		t.Errorf("DescribeGet() = %s, want %s", got, want)
	}
}

func TestDescribeScan(t *testing.T) {
	t.Parallel()
	in := &dynamodb.ScanInput{
		TableName:                 aws.String("edtech"),
		IndexName:                 aws.String("GSI2"),
		FilterExpression:          aws.String("begins_with(#pk, :p)"),
		ExpressionAttributeNames:  map[string]string{"#pk": "PK"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": s("USER#")},
		Limit:                     aws.Int32(20),
		Segment:                   aws.Int32(1),
		TotalSegments:             aws.Int32(4),
	}
	if got, want := DescribeScan(in), `Scan edtech/GSI2; filter: begins_with(PK, "USER#"); limit 20; segment 1 of 4`; got != want {
		t.Errorf("DescribeScan() =\n%s\nwant\n%s", got, want)
	}
	if got, want := DescribeScan(&dynamodb.ScanInput{TableName: aws.String("t")}), "Scan t"; got != want {
		t.Errorf("DescribeScan(plain) = %s, want %s", got, want)
	}
}

func TestDescribeTransaction(t *testing.T) {
	t.Parallel()
	in := &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{
			TableName:                aws.String("cms"),
			Item:                     map[string]types.AttributeValue{"PK": s("USER#u1"), "SK": s("PROFILE"), "Name": s("Ann"), "Age": n("31")},
			ConditionExpression:      aws.String("attribute_not_exists(#pk)"),
			ExpressionAttributeNames: map[string]string{"#pk": "PK"},
		}},
		{Update: &types.Update{
			TableName:                 aws.String("cms"),
			Key:                       map[string]types.AttributeValue{"PK": s("STATS"), "SK": s("USERS")},
			UpdateExpression:          aws.String("SET #n = #n + :one, #u = :now"),
			ExpressionAttributeNames:  map[string]string{"#n": "Total", "#u": "UpdatedAt"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": n("1"), ":now": s("2026-01-02")},
		}},
		{Delete: &types.Delete{
			TableName:                 aws.String("cms"),
			Key:                       map[string]types.AttributeValue{"PK": s("INVITE#i1"), "SK": s("INVITE#i1")},
			ConditionExpression:       aws.String("Email = :e"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":e": s("ann@example.com")},
		}},
		{ConditionCheck: &types.ConditionCheck{
			TableName:                 aws.String("cms"),
			Key:                       map[string]types.AttributeValue{"PK": s("ORG#o1"), "SK": s("META")},
			ConditionExpression:       aws.String("Active = :t"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}},
		}},
		{Put: &types.Put{
			TableName: aws.String("kv"),
			Item:      map[string]types.AttributeValue{"id": s("k1"), "n": n("2")},
		}},
		{Put: &types.Put{
			TableName: aws.String("cms"),
			Item:      map[string]types.AttributeValue{"pk": s("A"), "sk": s("B"), "x": n("1")},
		}},
	}}
	want := `Put cms: PK = "USER#u1", SK = "PROFILE" (+2 attributes); if attribute_not_exists(PK)
Update cms: PK = "STATS", SK = "USERS"; SET Total = Total + 1, UpdatedAt = "2026-01-02"
Delete cms: PK = "INVITE#i1", SK = "INVITE#i1"; if Email = "ann@example.com"
ConditionCheck cms: PK = "ORG#o1", SK = "META"; if Active = true
Put kv: {"id": "k1", "n": 2}
Put cms: pk = "A", sk = "B" (+1 attribute)`
	if got := DescribeTransaction(in); got != want {
		t.Errorf("DescribeTransaction() =\n%s\nwant\n%s", got, want)
	}
}

func TestDescribeSingleWrites(t *testing.T) {
	t.Parallel()
	key := map[string]types.AttributeValue{"PK": s("P"), "SK": s("S")}
	if got, want := DescribePut(&dynamodb.PutItemInput{TableName: aws.String("t"), Item: key}), `Put t: PK = "P", SK = "S"`; got != want {
		t.Errorf("DescribePut() = %s, want %s", got, want)
	}
	up := &dynamodb.UpdateItemInput{
		TableName:                 aws.String("t"),
		Key:                       key,
		UpdateExpression:          aws.String("ADD Tags :tags REMOVE Old"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":tags": &types.AttributeValueMemberSS{Value: []string{"go", "db"}}},
	}
	if got, want := DescribeUpdate(up), `Update t: PK = "P", SK = "S"; ADD Tags <<"go", "db">> REMOVE Old; if attribute_exists(PK)`; got != want {
		t.Errorf("DescribeUpdate() = %s, want %s", got, want)
	}
	if got, want := DescribeDelete(&dynamodb.DeleteItemInput{TableName: aws.String("t"), Key: key}), `Delete t: PK = "P", SK = "S"`; got != want {
		t.Errorf("DescribeDelete() = %s, want %s", got, want)
	}
}

func TestFormatValue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   types.AttributeValue
		want string
	}{
		{s(`say "hi"`), `"say \"hi\""`},
		{n("-1.5e3"), `-1.5e3`},
		{&types.AttributeValueMemberBOOL{Value: true}, `true`},
		{&types.AttributeValueMemberNULL{Value: true}, `null`},
		{&types.AttributeValueMemberB{Value: []byte("hi")}, `b64"aGk="`},
		{&types.AttributeValueMemberNS{Value: []string{"3", "1"}}, `<<3, 1>>`},
		{&types.AttributeValueMemberBS{Value: [][]byte{{0xff}}}, `<<b64"/w==">>`},
		{&types.AttributeValueMemberL{Value: []types.AttributeValue{s("a"), n("1")}}, `["a", 1]`},
		{&types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"z": n("1"), "a": &types.AttributeValueMemberL{}}}, `{"a": [], "z": 1}`},
		{nil, `<nil>`},
	}
	for _, tt := range tests {
		if got := FormatValue(tt.in); got != tt.want {
			t.Errorf("FormatValue(%#v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// Describe shows every request on the table the program runs on, whatever
// table Build named.
func TestDescribeRetargets(t *testing.T) {
	t.Parallel()
	key := map[string]types.AttributeValue{"PK": s("A"), "SK": s("B")}
	built := aws.String("default")
	tests := []struct {
		in   any
		want string
	}{
		{&dynamodb.GetItemInput{TableName: built, Key: key}, `GetItem run: PK = "A", SK = "B"`},
		{&dynamodb.QueryInput{TableName: built, KeyConditionExpression: aws.String("PK = :p"), ExpressionAttributeValues: map[string]types.AttributeValue{":p": s("A")}}, `Query run: PK = "A"`},
		{&dynamodb.ScanInput{TableName: built}, `Scan run`},
		{&dynamodb.PutItemInput{TableName: built, Item: key}, `Put run: PK = "A", SK = "B"`},
		{&dynamodb.UpdateItemInput{TableName: built, Key: key, UpdateExpression: aws.String("SET x = :x"), ExpressionAttributeValues: map[string]types.AttributeValue{":x": n("1")}}, `Update run: PK = "A", SK = "B"; SET x = 1`},
		{&dynamodb.DeleteItemInput{TableName: built, Key: key}, `Delete run: PK = "A", SK = "B"`},
		{&dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
			{Put: &types.Put{TableName: built, Item: key}},
			{Update: &types.Update{TableName: built, Key: key, UpdateExpression: aws.String("REMOVE x")}},
			{Delete: &types.Delete{TableName: built, Key: key}},
			{ConditionCheck: &types.ConditionCheck{TableName: built, Key: key, ConditionExpression: aws.String("attribute_exists(PK)")}},
		}}, "Put run: PK = \"A\", SK = \"B\"\nUpdate run: PK = \"A\", SK = \"B\"; REMOVE x\nDelete run: PK = \"A\", SK = \"B\"\nConditionCheck run: PK = \"A\", SK = \"B\"; if attribute_exists(PK)"},
	}
	for _, tt := range tests {
		if got := Describe("run", tt.in); got != tt.want {
			t.Errorf("Describe(%T) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if *built != "default" {
		t.Errorf("Describe changed the string Build's table name points to: %q", *built)
	}
}
