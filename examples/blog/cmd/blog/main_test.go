package main

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/examples/blog"
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
		"== W2: Registering a second user with alice's e-mail address fails whole",
		"Query "+table+"/POSTS_BY_STATUS_CREATED_AT_2: post_status_pk = \"POST#STATUS#published\"; descending; limit 10",
		"GetItem "+table+": pk = \"USER_EMAIL#carol@example.com\", sk = \"META\"; consistent read",
	)
}
