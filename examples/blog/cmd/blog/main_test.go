package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/examples/blog"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

func TestProgram(t *testing.T) {
	t.Parallel()
	in := blog.Table.CreateTableInput()
	in.TableName = aws.String("blog-cmd-")
	table := entitytest.NewTable(t, in)
	report := exampletest.RunTwice(t, config(), table)
	exampletest.Contains(t, report,
		"== AP1: Latest published posts",
		"== AP2: Most popular published posts",
		"== AP3: Post by its slug",
		"== AP4: Posts of author u01 with status published",
		"== AP4: Posts of author u01 with status unpublished",
		"== AP5: Published posts tagged both dynamodb and aws",
		"== AP6: Tag autocomplete",
		"== AP7: Popular tags",
		"== AP8: User by e-mail",
		"== AP9: User by username",
		"== AP10: User by provider identity",
		"== AP11: Moderation: active users by rating",
		"== AP12: Moderation: active users, latest registered first",
		"== AP13: Contact messages, newest first",
		"== W1: Publishing post p05 is one transaction",
		"== W2: Registering a second user with alice's e-mail address, or with bob's username, fails whole",
		"== AP14: Has a user seen a post",
		"== W3: Likes and ratings move post p25 in the popular feed",
		"marker UNIQUE#User#username#bob", // W2: the marker's pk as read
		"Query "+table+"/POSTS_BY_STATUS_CREATED_AT_2: post_status_pk = \"POST#STATUS#published\"; descending; limit 10",
		"GetItem "+table+": pk = \"USER_EMAIL#carol@example.com\", sk = \"META\"; consistent read",
	)
}

// With -v every request is logged to standard error at debug level, with
// its consumed capacity; the report is the one printed without -v.
func TestProgramVerbose(t *testing.T) {
	t.Parallel()
	in := blog.Table.CreateTableInput()
	in.TableName = aws.String("blog-cmd-v-")
	table := entitytest.NewTable(t, in)
	args := []string{"-endpoint", entitytest.Endpoint(t), "-table", table}
	var quiet, quietErr, loud, log bytes.Buffer
	if err := exampleapp.Run(t.Context(), config(), args, &quiet, &quietErr); err != nil {
		t.Fatal(err)
	}
	if err := exampleapp.Run(t.Context(), config(), append(args, "-v"), &loud, &log); err != nil {
		t.Fatal(err)
	}
	if quiet.String() != loud.String() {
		t.Errorf("-v changed the report:\n%s\n----\n%s", quiet.String(), loud.String())
	}
	if strings.Contains(quietErr.String(), "dynamodb request") {
		t.Errorf("without -v, requests were logged:\n%s", quietErr.String())
	}
	for _, want := range []string{
		`level=DEBUG msg="dynamodb request" op=GetItem entities=[User] tables=[` + table + `] attempt=1`,
		`op=Query entities=[Post] tables=[` + table + `] index=POSTS_BY_STATUS_CREATED_AT_2`,
		`op=TransactWriteItems`,
		`level=WARN msg="dynamodb request" op=TransactWriteItems`, // W2: the refused registration
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("log:\n%s", log.String())
	}
}
