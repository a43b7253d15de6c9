package modelexport

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// ResourceName returns the Terraform resource name of the table: the
// ASCII letters and digits of its Name in lower case, every run of other
// characters between two of them one underscore ("edtech-platform" gives
// edtech_platform); a run at the start or the end is dropped ("-app-"
// gives app). A name that would not start with a letter gets the prefix
// "table_", since Terraform names start with a letter or an underscore:
// one starting with a digit ("2024-data" gives table_2024_data), and one
// with no ASCII letter or digit at all ("", "..." or "表" give table_).
// A nil table gives "".
func ResourceName(t *entity.Table) string {
	if t == nil {
		return ""
	}
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(t.Name) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(r)
			continue
		}
		under = true
	}
	s := b.String()
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		s = "table_" + s
	}
	return s
}

// hcl writes Terraform's native syntax as terraform fmt lays it out:
// two-space indents, the "=" of consecutive attributes aligned, a blank
// line between blocks.
type hcl struct {
	b     strings.Builder
	depth int
	attrs [][2]string // pending attributes of the current block
}

func (h *hcl) attr(name, value string) { h.attrs = append(h.attrs, [2]string{name, value}) }

func (h *hcl) flush() {
	width := 0
	for _, a := range h.attrs {
		width = max(width, len(a[0]))
	}
	for _, a := range h.attrs {
		fmt.Fprintf(&h.b, "%s%-*s = %s\n", strings.Repeat("  ", h.depth), width, a[0], a[1])
	}
	h.attrs = nil
}

func (h *hcl) open(header string) {
	if len(h.attrs) > 0 {
		h.flush()
		h.b.WriteByte('\n')
	} else if h.depth > 0 && !strings.HasSuffix(h.b.String(), "{\n") {
		h.b.WriteByte('\n')
	}
	h.b.WriteString(strings.Repeat("  ", h.depth) + header + " {\n")
	h.depth++
}

// comment writes a comment line in the current block.
func (h *hcl) comment(text string) {
	h.flush()
	h.b.WriteString(strings.Repeat("  ", h.depth) + "# " + text + "\n")
}

func (h *hcl) close() {
	h.flush()
	h.depth--
	h.b.WriteString(strings.Repeat("  ", h.depth) + "}\n")
}

// Terraform returns the table as a Terraform aws_dynamodb_table resource
// named [ResourceName], in HCL: every key attribute, global and local index
// with its projection, the billing mode and, when provisioned, the
// read_capacity and write_capacity of the table and of each global index,
// stream_enabled and stream_view_type of a declared stream, and the TTL
// attribute. A table whose Provisioned.AutoScaled is set gets a lifecycle
// block ignoring changes to the table's read_capacity and write_capacity,
// which auto scaling changes.
//
// A global index with a multi-attribute key is written with the ordered
// key_schema blocks that the hashicorp/aws provider's
// global_secondary_index takes from version 6.29.0 on (its hash_key and
// range_key hold one attribute each); the file then begins with a comment
// saying it needs the provider [TerraformMultiKeyProvider]. Other indexes
// keep hash_key and range_key, which every provider version reads.
func Terraform(t *entity.Table) ([]byte, error) {
	in, err := input(t)
	if err != nil {
		return nil, err
	}
	multi := map[string]bool{}
	for _, n := range multiKeyIndexes(t) {
		multi[n] = true
	}
	h := &hcl{}
	if len(multi) > 0 {
		fmt.Fprintf(&h.b, "# Needs the hashicorp/aws provider %s: a multi-attribute index key is\n# declared with global_secondary_index key_schema blocks.\n\n", TerraformMultiKeyProvider)
	}
	h.open(fmt.Sprintf("resource %s %s", hclQuote("aws_dynamodb_table"), hclQuote(ResourceName(t))))
	h.attr("name", hclQuote(aws.ToString(in.TableName)))
	h.attr("billing_mode", hclQuote(string(in.BillingMode)))
	capacityAttrs(h, in.ProvisionedThroughput)
	streamAttrs(h, in.StreamSpecification)
	keyAttrs(h, in.KeySchema)
	for _, d := range in.AttributeDefinitions {
		h.open("attribute")
		h.attr("name", hclQuote(aws.ToString(d.AttributeName)))
		h.attr("type", hclQuote(string(d.AttributeType)))
		h.close()
	}
	for _, ix := range in.GlobalSecondaryIndexes {
		h.open("global_secondary_index")
		h.attr("name", hclQuote(aws.ToString(ix.IndexName)))
		if !multi[aws.ToString(ix.IndexName)] {
			keyAttrs(h, ix.KeySchema)
		}
		projectionAttrs(h, ix.Projection)
		capacityAttrs(h, ix.ProvisionedThroughput)
		if multi[aws.ToString(ix.IndexName)] {
			keySchemaBlocks(h, ix.KeySchema)
		}
		h.close()
	}
	for _, ix := range in.LocalSecondaryIndexes {
		h.open("local_secondary_index")
		h.attr("name", hclQuote(aws.ToString(ix.IndexName)))
		for _, k := range ix.KeySchema {
			if k.KeyType == types.KeyTypeRange {
				h.attr("range_key", hclQuote(aws.ToString(k.AttributeName)))
			}
		}
		projectionAttrs(h, ix.Projection)
		h.close()
	}
	if t.TTLAttribute != "" {
		h.open("ttl")
		h.attr("attribute_name", hclQuote(t.TTLAttribute))
		h.attr("enabled", "true")
		h.close()
	}
	if p := t.Provisioned; p != nil && p.AutoScaled {
		h.open("lifecycle")
		if len(in.GlobalSecondaryIndexes) > 0 {
			h.comment("Auto scaling changes the units; the provider cannot ignore a global")
			h.comment("index's units alone, so a plan shows those as changes.")
		}
		h.attr("ignore_changes", "[read_capacity, write_capacity]")
		h.close()
	}
	h.close()
	return []byte(h.b.String()), nil
}

// hclQuote quotes s as an HCL string: JSON's escapes, and "${" and "%{",
// which would start a template, doubled to "$${" and "%%{".
func hclQuote(s string) string {
	q := quote(s)
	q = strings.ReplaceAll(q, "${", "$${")
	return strings.ReplaceAll(q, "%{", "%%{")
}

func keyAttrs(h *hcl, ks []types.KeySchemaElement) {
	for _, k := range ks {
		name := "hash_key"
		if k.KeyType == types.KeyTypeRange {
			name = "range_key"
		}
		h.attr(name, hclQuote(aws.ToString(k.AttributeName)))
	}
}

func projectionAttrs(h *hcl, p *types.Projection) {
	h.attr("projection_type", hclQuote(string(p.ProjectionType)))
	if len(p.NonKeyAttributes) > 0 {
		q := make([]string, len(p.NonKeyAttributes))
		for i, a := range p.NonKeyAttributes {
			q[i] = hclQuote(a)
		}
		h.attr("non_key_attributes", "["+strings.Join(q, ", ")+"]")
	}
}
