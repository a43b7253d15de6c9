package modelexport

import (
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// TerraformProvider is the hashicorp/aws provider version a Terraform
// export of a table with a global secondary index targets: the export
// declares every global_secondary_index with key_schema blocks, which the
// provider takes from 6.29.0 on (and which 6.x deprecates hash_key and
// range_key of an index for). The first releases that took them had bugs
// on them that later 6.x releases fixed (a crash, a plan that never
// settles on an index with a sort key, and the removal of one index
// deleting and re-creating every other); 6.37.0 has those fixes.
const TerraformProvider = ">= 6.37.0"

// throughputObj is a CloudFormation ProvisionedThroughput (also the
// NoSQL Workbench model's).
func throughputObj(p *types.ProvisionedThroughput) obj {
	return obj{
		{"ReadCapacityUnits", int(aws.ToInt64(p.ReadCapacityUnits))},
		{"WriteCapacityUnits", int(aws.ToInt64(p.WriteCapacityUnits))},
	}
}

// withThroughput appends p, when set, to a CloudFormation object.
func withThroughput(o obj, p *types.ProvisionedThroughput) obj {
	if p == nil {
		return o
	}
	return append(o, field{"ProvisionedThroughput", throughputObj(p)})
}

// capacityAttrs writes Terraform's read_capacity and write_capacity, when
// p is set.
func capacityAttrs(h *hcl, p *types.ProvisionedThroughput) {
	if p == nil {
		return
	}
	h.attr("read_capacity", fmt.Sprint(aws.ToInt64(p.ReadCapacityUnits)))
	h.attr("write_capacity", fmt.Sprint(aws.ToInt64(p.WriteCapacityUnits)))
}

// streamAttrs writes Terraform's stream_enabled and stream_view_type, when
// the request declares a stream.
func streamAttrs(h *hcl, s *types.StreamSpecification) {
	if s == nil || !aws.ToBool(s.StreamEnabled) {
		return
	}
	h.attr("stream_enabled", "true")
	h.attr("stream_view_type", hclQuote(string(s.StreamViewType)))
}

// keySchemaBlocks writes a global index's key (one attribute or several
// per part) as the key_schema blocks of its global_secondary_index, in the
// request's order.
func keySchemaBlocks(h *hcl, ks []types.KeySchemaElement) {
	for _, k := range ks {
		h.open("key_schema")
		h.attr("attribute_name", hclQuote(aws.ToString(k.AttributeName)))
		h.attr("key_type", hclQuote(string(k.KeyType)))
		h.close()
	}
}

// multiKeyIndexes returns the names of the table's indexes with a
// multi-attribute key.
func multiKeyIndexes(t *entity.Table) []string {
	var out []string
	for _, ix := range t.Indexes {
		if ix.MultiAttribute() {
			out = append(out, ix.Name)
		}
	}
	return out
}

// billingText is the design document's sentence on billing and stream.
func billingText(t *entity.Table, in *dynamodb.CreateTableInput) string {
	var b strings.Builder
	if p := in.ProvisionedThroughput; p != nil {
		if t.Provisioned.AutoScaled {
			fmt.Fprintf(&b, "Billing: provisioned (`%s`), the units managed by Application Auto Scaling, which starts them at read %d and write %d capacity units", in.BillingMode, aws.ToInt64(p.ReadCapacityUnits), aws.ToInt64(p.WriteCapacityUnits))
		} else {
			fmt.Fprintf(&b, "Billing: provisioned (`%s`), read %d and write %d capacity units", in.BillingMode, aws.ToInt64(p.ReadCapacityUnits), aws.ToInt64(p.WriteCapacityUnits))
		}
		var own []string
		for _, ix := range in.GlobalSecondaryIndexes {
			name := aws.ToString(ix.IndexName)
			if _, set := t.Provisioned.Indexes[name]; set {
				q := ix.ProvisionedThroughput
				own = append(own, fmt.Sprintf("`%s` read %d and write %d", cell(name), aws.ToInt64(q.ReadCapacityUnits), aws.ToInt64(q.WriteCapacityUnits)))
			}
		}
		switch {
		case len(own) > 0 && len(own) < len(in.GlobalSecondaryIndexes):
			fmt.Fprintf(&b, "; global indexes: %s, the others the table's", strings.Join(own, ", "))
		case len(own) > 0:
			fmt.Fprintf(&b, "; global indexes: %s", strings.Join(own, ", "))
		case len(in.GlobalSecondaryIndexes) > 0:
			b.WriteString("; every global index the table's")
		}
		b.WriteString(". ")
	} else {
		fmt.Fprintf(&b, "Billing: on demand (`%s`). ", in.BillingMode)
	}
	if s := in.StreamSpecification; s != nil && aws.ToBool(s.StreamEnabled) {
		fmt.Fprintf(&b, "Stream: `%s`. ", s.StreamViewType)
	}
	return b.String()
}

// multiKeyNote is the design document's note on the exports of a table
// with a multi-attribute index key, or "".
func multiKeyNote(t *entity.Table) string {
	names := multiKeyIndexes(t)
	if len(names) == 0 {
		return ""
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + cell(n) + "`"
	}
	return fmt.Sprintf("\nA multi-attribute index key (%s) is declared by the CloudFormation export and by the Terraform export "+
		"(as global_secondary_index key_schema blocks, which need the hashicorp/aws provider %s). "+
		"A NoSQL Workbench data model cannot declare one, so this model has no Workbench export.\n", strings.Join(q, ", "), TerraformProvider)
}
