package entity

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// AccessPattern is one named, documented read the application makes, with
// sample values: a query (from query.By and the like) or a get (from
// Entity.Get). Registered with [Table.AddAccessPatterns], it is listed by
// the generated design document with its compiled key condition, and
// [Table.Lint] reports a pattern that does not compile and an index no
// pattern reads. Make one with [QueryPattern] or [GetPattern].
type AccessPattern struct {
	name, doc string
	query     interface {
		Build() (*dynamodb.QueryInput, error)
	}
	get interface {
		Build() (*dynamodb.GetItemInput, error)
	}
}

// QueryPattern is the access pattern name, described by doc, that runs q
// (a query.Query, built with sample values).
func QueryPattern(name, doc string, q interface {
	Build() (*dynamodb.QueryInput, error)
}) AccessPattern {
	return AccessPattern{name: name, doc: doc, query: q}
}

// GetPattern is the access pattern name, described by doc, that runs g (an
// Entity.Get, given a sample key).
func GetPattern(name, doc string, g interface {
	Build() (*dynamodb.GetItemInput, error)
}) AccessPattern {
	return AccessPattern{name: name, doc: doc, get: g}
}

// Name returns the pattern's name.
func (p AccessPattern) Name() string { return p.name }

// Doc returns the pattern's description.
func (p AccessPattern) Doc() string { return p.doc }

// CompiledPattern is what an access pattern sends, in words.
type CompiledPattern struct {
	Name, Doc string
	Operation string // "Query" or "GetItem"
	Index     string // "" for the table
	// KeyCondition is the key condition with its attribute names and
	// sample values written in: `PK = "ARTICLE#a1" AND begins_with(SK, "V#")`.
	// For a get, the key's attributes joined by AND. For a query of a
	// write-sharded key, the condition of the first shard's request.
	KeyCondition string
	// Shards is the number of requests of a query over write shards (see
	// query.Query.BuildShards); 0 for a single request.
	Shards int
}

// Compile builds the pattern's request (no I/O) and describes it. On an
// error the CompiledPattern still holds the name, the description and the
// operation.
func (p AccessPattern) Compile() (CompiledPattern, error) {
	c := CompiledPattern{Name: p.name, Doc: p.doc}
	switch {
	case p.query != nil:
		c.Operation = "Query"
		in, shards, err := p.queryInput()
		c.Shards = shards
		if err != nil {
			return c, errtext.Errorf("access pattern %q: %w", p.name, err)
		}
		c.Index = aws.ToString(in.IndexName)
		c.KeyCondition = spell(aws.ToString(in.KeyConditionExpression), in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	case p.get != nil:
		c.Operation = "GetItem"
		in, err := p.getInput()
		if err != nil {
			return c, errtext.Errorf("access pattern %q: %w", p.name, err)
		}
		names := make([]string, 0, len(in.Key))
		for k := range in.Key {
			names = append(names, k)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, k := range names {
			parts[i] = k + " = " + valueText(in.Key[k])
		}
		c.KeyCondition = strings.Join(parts, " AND ")
	default:
		return c, errtext.Errorf("access pattern %q has no request: make it with QueryPattern or GetPattern", p.name)
	}
	return c, nil
}

// spell writes the names and values of an expression into it, the longest
// placeholders first so that #n1 never replaces part of #n10.
func spell(expr string, names map[string]string, values map[string]types.AttributeValue) string {
	var pairs []string
	for k, v := range names {
		pairs = append(pairs, k, v)
	}
	for k, v := range values {
		pairs = append(pairs, k, valueText(v))
	}
	order := make([]int, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		order = append(order, i)
	}
	sort.Slice(order, func(a, b int) bool {
		pa, pb := pairs[order[a]], pairs[order[b]]
		return len(pa) > len(pb) || len(pa) == len(pb) && pa < pb
	})
	var sorted []string
	for _, i := range order {
		sorted = append(sorted, pairs[i], pairs[i+1])
	}
	return strings.NewReplacer(sorted...).Replace(expr)
}

// valueText writes a key value: a string quoted, a number as it is.
func valueText(v types.AttributeValue) string {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		// The last key under a prefix (a range's inclusive end: the prefix,
		// then the largest characters up to the key size limit) is written
		// as the prefix and one largest character, then an ellipsis.
		if prefix := strings.TrimRight(v.Value, "\U0010ffff\uffff\u07ff\u007f"); len(v.Value)-len(prefix) > 16 {
			return fmt.Sprintf("%q…", prefix+"\U0010ffff")
		}
		return fmt.Sprintf("%q", v.Value)
	case *types.AttributeValueMemberN:
		return v.Value
	case *types.AttributeValueMemberB:
		return fmt.Sprintf("binary(%d bytes)", len(v.Value))
	}
	return fmt.Sprintf("%T", v)
}

// AddAccessPatterns registers the application's access patterns with the
// table, in the order given. A pattern with a blank name, a name holding
// a line break or another control character, the name of one already
// registered (or given twice), or whose request goes to another table (an
// entity of another table) is refused with a *ddbmodel.ValidationError
// naming its position in ps (and none of ps is added), as is a nil *Table.
func (t *Table) AddAccessPatterns(ps ...AccessPattern) error {
	if t == nil {
		return nilTable("AddAccessPatterns")
	}
	for _, p := range ps {
		if err := t.checkPatternTable(p); err != nil { // builds: not under t.mu
			return err
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	seen := map[string]bool{}
	for _, p := range t.patterns {
		seen[p.name] = true
	}
	for i, p := range ps {
		if err := t.checkPatternName(i, p.name, seen); err != nil {
			return err
		}
		seen[p.name] = true
	}
	t.patterns = append(t.patterns, ps...)
	return nil
}

// MustAddAccessPatterns is AddAccessPatterns for package initialisation:
// it panics on the error.
func (t *Table) MustAddAccessPatterns(ps ...AccessPattern) {
	if err := t.AddAccessPatterns(ps...); err != nil {
		panic(err)
	}
}

// AccessPatterns returns the registered access patterns, in the order they
// were added; none for a nil *Table.
func (t *Table) AccessPatterns() []AccessPattern {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	return slices.Clone(t.patterns)
}
