package query_test

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// One worker scans segment 2 of 4, page by page; it can stop and resume
// from the last cursor it kept. A recorder with no table behind it stands
// in for DynamoDB here, so the segment has one empty page.
func ExampleScanner_SegmentPage() {
	_, _, _, students, _ := newSchool()
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "school")
	scan := query.Scan(students).Segments(4).Limit(100).SignCursors([]byte("secret"))
	cursor := ""
	for {
		p, err := scan.SegmentPage(context.Background(), db, 2, cursor)
		if err != nil {
			panic(err)
		}
		// ... handle p.Items, keep p.Cursor to resume ...
		if p.Cursor == "" {
			break
		}
		cursor = p.Cursor
	}
	in := rec.Requests()[0].Input.(*dynamodb.ScanInput)
	fmt.Println("segment", *in.Segment, "of", *in.TotalSegments, "limit", *in.Limit, "requests", rec.Count())
	_, err := scan.Page(context.Background(), db, "not a cursor")
	fmt.Println(err)
	// Output:
	// segment 2 of 4 limit 100 requests 1
	// ddbmodel: invalid cursor: not base64url
}
