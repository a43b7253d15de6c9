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
// attribute.
//
// The file targets the hashicorp/aws provider [TerraformProvider]. Every
// global_secondary_index is declared with ordered key_schema blocks, as
// the provider's 6.x documentation asks (it deprecates an index's hash_key
// and range_key, and a multi-attribute key has no other form), so a plan
// shows no deprecation warning. A provider before 6.29.0 refuses those
// blocks ("Blocks of type key_schema are not expected here") and the first
// releases that took them mishandled them, so a file with a global index
// begins with a comment naming the version it needs. The table's own
// hash_key and range_key and a local index's range_key are not deprecated
// and stay. A table applied from an earlier export, which wrote an index's
// hash_key and range_key, is declared with the same keys; review the first
// plan after the change of form all the same.
//
// A table whose Provisioned.AutoScaled is set gets a lifecycle block whose
// ignore_changes lists the table's read_capacity and write_capacity, which
// auto scaling changes, as the provider's documentation recommends. A
// global index's units sit inside its global_secondary_index block, which
// Terraform can ignore only as a whole: a table with a global index also
// ignores global_secondary_index, so that an apply does not reset the
// indexes' scaled units to the declared ones, at the cost that Terraform
// then ignores every other change to the indexes too (adding, removing or
// re-keying one); a comment in the block says so. Apply such a change with
// global_secondary_index taken out of the list for that apply, which also
// sets the indexes' units to the declared ones.
func Terraform(t *entity.Table) ([]byte, error) {
	in, err := input(t)
	if err != nil {
		return nil, err
	}
	h := &hcl{}
	if len(in.GlobalSecondaryIndexes) > 0 {
		fmt.Fprintf(&h.b, "# Needs the hashicorp/aws provider %s: each global_secondary_index is\n# declared with key_schema blocks.\n\n", TerraformProvider)
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
		projectionAttrs(h, ix.Projection)
		capacityAttrs(h, ix.ProvisionedThroughput)
		keySchemaBlocks(h, ix.KeySchema)
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
			h.comment("Auto scaling changes the units. An index's units can only be ignored")
			h.comment("with the whole global_secondary_index, so Terraform also ignores any")
			h.comment("other change to the indexes (adding, removing, re-keying one): apply")
			h.comment("such a change with global_secondary_index taken out of this list,")
			h.comment("which also sets the indexes' units back to the declared ones.")
			h.attr("ignore_changes", "[read_capacity, write_capacity, global_secondary_index]")
		} else {
			h.attr("ignore_changes", "[read_capacity, write_capacity]")
		}
		h.close()
	}
	h.close()
	return []byte(h.b.String()), nil
}

// hclQuote quotes s as an HCL string: quote, backslash, newline, return
// and tab escaped, every other control character as \uNNNN (HCL has no
// \b or \f), and "${" and "%{",
// which would start a template, doubled to "$${" and "%%{".
func hclQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || yamlUnsafe(r):
			// HCL has no \b or \f escape (JSON's): every other control
			// character is written as \uNNNN.
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	q := strings.ReplaceAll(b.String(), "${", "$${")
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
