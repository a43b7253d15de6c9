package entity

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel"
)

// checkPatternTable refuses a pattern whose request goes to another table
// than t: the design document would list it under the wrong table, and
// Lint would count it as reading an index of t. A pattern that does not
// build, or whose request names no table, is left to Lint.
func (t *Table) checkPatternTable(p AccessPattern) error {
	for _, r := range []any{p.query, p.get} {
		// Compared by pointer: another *Table of the same Name is another
		// model (its entities, its patterns) all the same.
		if o, ok := r.(interface{ Table() *Table }); ok && o.Table() != nil && o.Table() != t && o.Table().Name == t.Name {
			return &ddbmodel.ValidationError{Attribute: p.name,
				Reason: "access pattern " + p.name + " reads an entity of another *entity.Table value, also named " + t.Name + ": register it with the table of its entity"}
		}
	}
	var table *string
	switch {
	case p.query != nil:
		in, _, err := p.queryInput()
		if err != nil {
			return nil
		}
		table = in.TableName
	case p.get != nil:
		in, err := p.getInput()
		if err != nil {
			return nil
		}
		table = in.TableName
	default:
		return nil
	}
	if name := aws.ToString(table); table != nil && name != t.Name {
		return &ddbmodel.ValidationError{Attribute: p.name,
			Reason: "access pattern " + p.name + " reads table " + name + ", not table " + t.Name + ": register it with the table of its entity"}
	}
	return nil
}

// queryInput builds a query pattern's request. A query of a write-sharded
// key is one request per shard: its first is returned, with their number.
func (p AccessPattern) queryInput() (in *dynamodb.QueryInput, shards int, err error) {
	in, err = p.query.Build()
	if s, ok := p.query.(interface {
		BuildShards() ([]*dynamodb.QueryInput, error)
	}); ok && err != nil {
		if ins, serr := s.BuildShards(); serr == nil && len(ins) > 1 {
			return ins[0], len(ins), nil
		}
	}
	if err == nil && in == nil {
		err = errBuiltNothing
	}
	return in, 0, err
}

// getInput builds a get pattern's request.
func (p AccessPattern) getInput() (*dynamodb.GetItemInput, error) {
	in, err := p.get.Build()
	if err == nil && in == nil {
		err = errBuiltNothing
	}
	return in, err
}

// errBuiltNothing is the error of a pattern whose Build returned neither a
// request nor an error.
var errBuiltNothing = &ddbmodel.ValidationError{Reason: "its Build returned no request and no error"}
