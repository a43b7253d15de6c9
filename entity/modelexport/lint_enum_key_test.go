package modelexport_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

type enumKeyed struct {
	ID     string `dynamo:"id"`
	Status string `dynamo:"status"`
}

// Lint reports an Enum value a key template refuses (here one holding the
// template's delimiter), which Define accepts and every put with it would
// fail on; a clean twin whose values all fit reports nothing.
func TestLintReportsAnEnumValueTheKeyRefuses(t *testing.T) {
	for _, c := range []struct {
		enum []string
		want int
	}{{[]string{"a#b", "ok"}, 1}, {[]string{"open", "ok"}, 0}} {
		table := &entity.Table{Name: "enumkey", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		e := entity.MustDefine(table, entity.Config[enumKeyed]{Name: "T1",
			Key:        entity.Key{Partition: "T#${id}", Sort: "S#${status}#X"},
			Attributes: map[string]entity.Attribute{"status": {Enum: c.enum}}})
		var got []entity.Finding
		for _, f := range table.Lint(entity.LintOptions{}) {
			if f.Code == entity.LintEnumKeyRefused {
				got = append(got, f)
			}
		}
		if len(got) != c.want {
			t.Fatalf("Enum %v: %d enum-key-refused findings (%v), want %d", c.enum, len(got), got, c.want)
		}
		if c.want == 1 {
			if got[0].Entities[0] != "T1" || got[0].Index != "" {
				t.Errorf("finding %+v", got[0])
			}
			if _, err := e.Put(enumKeyed{ID: "1", Status: "a#b"}).Build(); err == nil {
				t.Errorf("a put with the refused value built: the finding is wrong")
			}
			// The sample item takes the first Enum value the key takes,
			// so the Workbench export of the model works.
			item, _, err := table.Sample("T1")
			if err != nil {
				t.Fatalf("Sample: %v", err)
			}
			if s, ok := item["status"].(*types.AttributeValueMemberS); !ok || s.Value != "ok" {
				t.Errorf("sample status = %v, want ok", item["status"])
			}
			if _, err := modelexport.NoSQLWorkbench(table); err != nil {
				t.Errorf("NoSQLWorkbench: %v", err)
			}
		}
	}
}
