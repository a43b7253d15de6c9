package modelexport_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
	"github.com/ddbmodel/ddbmodel/examples/blog"
	"github.com/ddbmodel/ddbmodel/examples/cms"
	"github.com/ddbmodel/ddbmodel/examples/edtech"
	"github.com/ddbmodel/ddbmodel/examples/edtech/employment"
	"github.com/ddbmodel/ddbmodel/examples/edtech/geo"
	"github.com/ddbmodel/ddbmodel/examples/edtech/groups"
	"github.com/ddbmodel/ddbmodel/examples/edtech/orders"
	"github.com/ddbmodel/ddbmodel/examples/github"
	"github.com/ddbmodel/ddbmodel/examples/papers"
)

var update = flag.Bool("update", false, "rewrite the examples' checked-in exports under examples/*/model")

type model struct {
	name  string
	table *entity.Table
	lint  entity.LintOptions
}

// The five example models, and the edtech package's other tables.
var models = []model{
	{"blog", blog.Table, blog.LintOptions},
	{"cms", cms.Table, cms.LintOptions},
	{"edtech", edtech.Table, edtech.LintOptions},
	{"github", github.Table, entity.LintOptions{}},
	{"papers", papers.Table, entity.LintOptions{}},
	{"edtech-employment", employment.Table, entity.LintOptions{}},
	{"edtech-geo", geo.Table, entity.LintOptions{}},
	{"edtech-groups", groups.Table, entity.LintOptions{}},
	{"edtech-orders", orders.Table, orders.LintOptions},
}

// TestExampleModelsLintClean lints every example model: a finding must be
// covered by one of the model's documented allowances (each with its
// reason), and every allowance must cover a finding.
func TestExampleModelsLintClean(t *testing.T) {
	t.Parallel()
	for _, m := range models {
		for _, f := range m.table.Lint(m.lint) {
			if f.Allowed == "" {
				t.Errorf("%s: %v (entities %v, templates %q)", m.name, f, f.Entities, f.Templates)
			}
		}
	}
}

// golden compares got with the example's checked-in file
// examples/<example>/model/name, or rewrites it under -update (as the
// example's go generate does).
func golden(t *testing.T, example, name string, got []byte) {
	t.Helper()
	goldenFile(t, filepath.Join("..", "..", "examples", example, "model", name), got, "run go generate ./examples/"+example+", or go test ./entity/modelexport -update")
}

// goldenFile compares got with the file at path, or rewrites it under
// -update; regen says how to rewrite it.
func goldenFile(t *testing.T, path string, got []byte, regen string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s)", err, regen)
	}
	if string(got) != string(want) {
		t.Errorf("%s is stale: got\n%s\n(%s, and review the diff)", path, got, regen)
	}
}

// TestGoldenExports checks that each example's checked-in exports
// (CloudFormation JSON and YAML, Terraform, design document, NoSQL
// Workbench model, written by its go generate) are current, so that a model
// change shows as a diff of those files. Exporting twice gives the same
// bytes; blog's multi-attribute index key is refused by Workbench, and its
// file for it must not exist.
func TestGoldenExports(t *testing.T) {
	t.Parallel()
	for _, m := range models[:5] {
		again := modelexport.Files(m.table, m.name, m.lint)
		for i, f := range modelexport.Files(m.table, m.name, m.lint) {
			refused := m.name == "blog" && strings.HasSuffix(f.Name, ".workbench.json")
			if refused {
				if f.Err == nil || !strings.Contains(f.Err.Error(), "POSTS_BY_USER_STATUS_CREATED_AT_2") {
					t.Errorf("%s: err = %v, want a refusal naming the multi-attribute index", f.Name, f.Err)
				}
				if _, err := os.Stat(filepath.Join("..", "..", "examples", m.name, "model", f.Name)); err == nil {
					t.Errorf("%s is checked in, but the model cannot have it", f.Name)
				}
				continue
			}
			if f.Err != nil {
				t.Fatalf("%s: %v", f.Name, f.Err)
			}
			if string(again[i].Data) != string(f.Data) {
				t.Errorf("%s: two exports differ", f.Name)
			}
			golden(t, m.name, f.Name, f.Data)
		}
	}
}

// cfnTemplate is the part of a CloudFormation template the export writes.
type cfnTemplate struct {
	Resources map[string]struct {
		Type       string
		Properties struct {
			TableName               string
			BillingMode             string
			AttributeDefinitions    []types.AttributeDefinition
			KeySchema               []types.KeySchemaElement
			GlobalSecondaryIndexes  []types.GlobalSecondaryIndex
			LocalSecondaryIndexes   []types.LocalSecondaryIndex
			ProvisionedThroughput   *types.ProvisionedThroughput
			StreamSpecification     *struct{ StreamViewType string }
			TimeToLiveSpecification *struct {
				AttributeName string
				Enabled       bool
			}
		}
	}
}

// fromCloudFormation turns a template back into the CreateTable request
// and the TTL attribute it declares.
func fromCloudFormation(t *testing.T, doc []byte) (*dynamodb.CreateTableInput, string) {
	t.Helper()
	var tpl cfnTemplate
	dec := json.NewDecoder(strings.NewReader(string(doc)))
	if err := dec.Decode(&tpl); err != nil {
		t.Fatal(err)
	}
	if len(tpl.Resources) != 1 {
		t.Fatalf("%d resources, want 1", len(tpl.Resources))
	}
	for _, r := range tpl.Resources {
		if r.Type != "AWS::DynamoDB::Table" {
			t.Fatalf("resource type %q", r.Type)
		}
		p := r.Properties
		in := &dynamodb.CreateTableInput{
			TableName: aws.String(p.TableName), BillingMode: types.BillingMode(p.BillingMode),
			AttributeDefinitions: p.AttributeDefinitions, KeySchema: p.KeySchema,
			GlobalSecondaryIndexes: p.GlobalSecondaryIndexes, LocalSecondaryIndexes: p.LocalSecondaryIndexes,
			ProvisionedThroughput: p.ProvisionedThroughput,
		}
		if p.StreamSpecification != nil {
			in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewType(p.StreamSpecification.StreamViewType)}
		}
		ttl := ""
		if p.TimeToLiveSpecification != nil && p.TimeToLiveSpecification.Enabled {
			ttl = p.TimeToLiveSpecification.AttributeName
		}
		return in, ttl
	}
	return nil, ""
}

// fromTerraform reads back the subset of HCL Terraform writes: comment
// lines, nested blocks, and attributes whose values are strings, numbers,
// true or lists of strings.
func fromTerraform(t *testing.T, doc []byte) (*dynamodb.CreateTableInput, string) {
	t.Helper()
	in := &dynamodb.CreateTableInput{}
	type block struct {
		kind  string
		attrs map[string]string
		list  []string
		keys  []types.KeySchemaElement // its key_schema blocks
	}
	var stack []*block
	ttl := ""
	unquote := func(s string) string {
		var v string
		if err := json.Unmarshal([]byte(strings.NewReplacer("$${", "${", "%%{", "%{").Replace(s)), &v); err != nil {
			t.Fatalf("value %s: %v", s, err)
		}
		return v
	}
	schema := func(pk, sk string) []types.KeySchemaElement {
		ks := []types.KeySchemaElement{{AttributeName: aws.String(pk), KeyType: types.KeyTypeHash}}
		if sk != "" {
			ks = append(ks, types.KeySchemaElement{AttributeName: aws.String(sk), KeyType: types.KeyTypeRange})
		}
		return ks
	}
	capacity := func(a map[string]string) *types.ProvisionedThroughput {
		if a["read_capacity"] == "" {
			return nil
		}
		r, err1 := strconv.ParseInt(a["read_capacity"], 10, 64)
		w, err2 := strconv.ParseInt(a["write_capacity"], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("capacity %q/%q", a["read_capacity"], a["write_capacity"])
		}
		return &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(r), WriteCapacityUnits: aws.Int64(w)}
	}
	sc := bufio.NewScanner(strings.NewReader(string(doc)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasSuffix(line, "{"):
			stack = append(stack, &block{kind: strings.Fields(line)[0], attrs: map[string]string{}})
		case line == "}":
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			a := b.attrs
			proj := &types.Projection{ProjectionType: types.ProjectionType(a["projection_type"]), NonKeyAttributes: b.list}
			switch b.kind {
			case "resource":
				in.TableName = aws.String(a["name"])
				in.BillingMode = types.BillingMode(a["billing_mode"])
				in.KeySchema = schema(a["hash_key"], a["range_key"])
				in.ProvisionedThroughput = capacity(a)
				if a["stream_enabled"] == "true" {
					in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewType(a["stream_view_type"])}
				}
			case "attribute":
				in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{
					AttributeName: aws.String(a["name"]), AttributeType: types.ScalarAttributeType(a["type"])})
			case "key_schema":
				parent := stack[len(stack)-1]
				parent.keys = append(parent.keys, types.KeySchemaElement{AttributeName: aws.String(a["attribute_name"]), KeyType: types.KeyType(a["key_type"])})
			case "global_secondary_index":
				// The export declares every global index with key_schema
				// blocks: hash_key and range_key are deprecated there.
				ks := b.keys
				if ks == nil || a["hash_key"] != "" || a["range_key"] != "" {
					t.Fatalf("index %s: want key_schema blocks only, got %d and hash_key %q, range_key %q", a["name"], len(ks), a["hash_key"], a["range_key"])
				}
				in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{
					IndexName: aws.String(a["name"]), KeySchema: ks, Projection: proj, ProvisionedThroughput: capacity(a)})
			case "local_secondary_index":
				in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, types.LocalSecondaryIndex{
					IndexName: aws.String(a["name"]), KeySchema: schema(stack[0].attrs["hash_key"], a["range_key"]), Projection: proj})
			case "lifecycle": // Terraform's own, not the table's
				if v := a["ignore_changes"]; v != "[read_capacity, write_capacity]" && v != "[read_capacity, write_capacity, global_secondary_index]" {
					t.Fatalf("lifecycle ignore_changes = %s", v)
				}
			case "ttl":
				if a["enabled"] == "true" {
					ttl = a["attribute_name"]
				}
			default:
				t.Fatalf("unexpected block %s", b.kind)
			}
		default:
			name, value, ok := strings.Cut(line, "=")
			if !ok || len(stack) == 0 {
				t.Fatalf("line %q", line)
			}
			b := stack[len(stack)-1]
			name, value = strings.TrimSpace(name), strings.TrimSpace(value)
			if _, err := strconv.ParseInt(value, 10, 64); err == nil || value == "true" {
				b.attrs[name] = value
				continue
			}
			if b.kind == "lifecycle" {
				b.attrs[name] = value
				continue
			}
			if strings.HasPrefix(value, "[") {
				for _, v := range strings.Split(strings.Trim(value, "[]"), ", ") {
					b.list = append(b.list, unquote(v))
				}
				continue
			}
			b.attrs[name] = unquote(value)
		}
	}
	return in, ttl
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestExportsTurnBackIntoTheCreateTableRequest reads each example's
// CloudFormation and Terraform exports back into CreateTable requests:
// they must equal Table.CreateTableInput and declare the table's TTL.
func TestExportsTurnBackIntoTheCreateTableRequest(t *testing.T) {
	for _, m := range models {
		want := jsonOf(t, m.table.CreateTableInput())
		doc, err := modelexport.CloudFormationJSON(m.table)
		if err != nil {
			t.Fatal(err)
		}
		in, ttl := fromCloudFormation(t, doc)
		if got := jsonOf(t, in); got != want || ttl != m.table.TTLAttribute {
			t.Errorf("%s CloudFormation: got %s ttl %q\nwant %s ttl %q", m.name, got, ttl, want, m.table.TTLAttribute)
		}
		doc, err = modelexport.Terraform(m.table)
		if err != nil {
			t.Fatal(err)
		}
		in, ttl = fromTerraform(t, doc)
		if got := jsonOf(t, in); got != want || ttl != m.table.TTLAttribute {
			t.Errorf("%s Terraform: got %s ttl %q\nwant %s ttl %q", m.name, got, ttl, want, m.table.TTLAttribute)
		}
	}
}

// TestExportedTablesWorkOnDynamoDBLocal creates each example's table from
// its CloudFormation export and its Terraform export on
// DynamoDB Local, checks its stream (edtech declares one), loads the example's sample data into it (every entity,
// every index) and runs a query on an index.
func TestExportedTablesWorkOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	client := entitytest.Client(t)
	loads := map[string]func(t *testing.T, db *entity.DB){
		"blog":   func(t *testing.T, db *entity.DB) { must(t, blog.LoadSample(t.Context(), db)) },
		"edtech": func(t *testing.T, db *entity.DB) { must(t, edtech.LoadSample(t.Context(), db)) },
		"papers": func(t *testing.T, db *entity.DB) { must(t, papers.LoadSample(t.Context(), db)) },
		"github": func(t *testing.T, db *entity.DB) {
			_, err := github.Repos.Put(github.Repo{Owner: "aws", RepoName: "toolbox", Description: "x", UpdatedAt: time.Now()}).Run(t.Context(), db)
			must(t, err)
			got, err := github.AccountReposQuery("aws").Collect(t.Context(), db)
			must(t, err)
			if len(got) != 1 {
				t.Errorf("github: %d repositories on GSI3, want 1", len(got))
			}
		},
		"cms": func(t *testing.T, db *entity.DB) {
			must(t, cms.LoadSample(t.Context(), db))
			got, err := cms.ArticlesByAuthorQuery("u_01").Collect(t.Context(), db)
			must(t, err)
			if len(got) == 0 {
				t.Error("cms: no article of u_01 on GSI1")
			}
		},
	}
	for _, m := range models[:5] {
		for _, format := range []string{"cloudformation", "terraform"} {
			t.Run(m.name+"/"+format, func(t *testing.T) {
				t.Parallel()
				var in *dynamodb.CreateTableInput
				if format == "cloudformation" {
					doc, err := modelexport.CloudFormationJSON(m.table)
					must(t, err)
					in, _ = fromCloudFormation(t, doc)
				} else {
					doc, err := modelexport.Terraform(m.table)
					must(t, err)
					in, _ = fromTerraform(t, doc)
				}
				name := entitytest.NewTable(t, in)
				out, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
				must(t, err)
				if got, want := out.Table.StreamSpecification, m.table.Stream.ViewType(); want != "" && (got == nil || got.StreamViewType != want) || want == "" && got != nil && aws.ToBool(got.StreamEnabled) {
					t.Errorf("stream %+v, want %q", got, want)
				}
				loads[m.name](t, entity.NewDB(client, name))
			})
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestNamesAndQuotingAreSafe checks the generated names and that a value
// holding quotes or an HCL template sequence stays a literal string.
func TestNamesAndQuotingAreSafe(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "my-app.prod", PartitionKey: entity.S(`p"k${x}`), TTLAttribute: "%{ttl}"}
	if got := modelexport.LogicalID(tb); got != "MyAppProdTable" {
		t.Errorf("LogicalID = %q", got)
	}
	if got := modelexport.ResourceName(tb); got != "my_app_prod" {
		t.Errorf("ResourceName = %q", got)
	}
	hcl, err := modelexport.Terraform(tb)
	must(t, err)
	for _, want := range []string{`hash_key     = "p\"k$${x}"`, `attribute_name = "%%{ttl}"`} {
		if !strings.Contains(string(hcl), want) {
			t.Errorf("Terraform lacks %s:\n%s", want, hcl)
		}
	}
	in, ttl := fromTerraform(t, hcl)
	if aws.ToString(in.KeySchema[0].AttributeName) != `p"k${x}` || ttl != "%{ttl}" {
		t.Errorf("read back %q, ttl %q", aws.ToString(in.KeySchema[0].AttributeName), ttl)
	}
	for _, bad := range []*entity.Table{nil, {}, {Name: "x"}} {
		if _, err := modelexport.CloudFormationJSON(bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
