package entity

import (
	"fmt"
	"maps"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
)

// StreamView says what a table's DynamoDB stream records of each changed
// item (Table.Stream). The zero value, NoStream, declares no stream. It is
// a struct with an unexported field, so that only the views below can be
// declared: a number or a string (Stream: 3, Stream: "NEW_IMAGE") does not
// compile.
type StreamView struct{ view types.StreamViewType }

// The stream views a table can declare. They are variables only because
// Go has no struct constants: never assign to them.
var (
	NoStream              = StreamView{}                                    // no stream (the zero value)
	StreamKeysOnly        = StreamView{types.StreamViewTypeKeysOnly}        // KEYS_ONLY: the key attributes of the changed item
	StreamNewImage        = StreamView{types.StreamViewTypeNewImage}        // NEW_IMAGE: the item as it is after the change
	StreamOldImage        = StreamView{types.StreamViewTypeOldImage}        // OLD_IMAGE: the item as it was before the change
	StreamNewAndOldImages = StreamView{types.StreamViewTypeNewAndOldImages} // NEW_AND_OLD_IMAGES: both images
)

// ViewType returns DynamoDB's name of the view (NEW_IMAGE, ...), or ""
// for NoStream.
func (v StreamView) ViewType() types.StreamViewType { return v.view }

// String returns the view's DynamoDB name, or "none" for NoStream.
func (v StreamView) String() string {
	if v.view == "" {
		return "none"
	}
	return string(v.view)
}

// Throughput is an amount of provisioned capacity: read and write
// capacity units per second, each at least 1.
type Throughput struct {
	Read, Write int64
}

// Provisioned declares provisioned billing (Table.Provisioned): the
// table's read and write capacity units, and, per global index, the
// index's own. A global index that Indexes does not name gets the table's
// Read and Write. Local indexes share the table's capacity and take none.
//
// A nil *Provisioned is on-demand billing, so units cannot be declared on
// an on-demand table: the declaration holds them only when it is
// provisioned. Define (and Table.Validate, Ensure) refuse, with a
// *ddbmodel.ValidationError before any request, a unit count below 1 or
// above MaxProvisionedUnits, and
// capacity for an index the table lacks or for a local index.
//
// AutoScaled says that Application Auto Scaling manages the table's and
// its global indexes' units, so the units declared here are those a new
// table is created with, not those the table keeps: Table.Ensure then
// does not compare the units of an existing table with them (it still
// compares billing, keys, indexes, stream and TTL). The exports of package
// modelexport say so: the design document's billing line, the
// CloudFormation template's Description, and the Terraform file's
// lifecycle ignore_changes (the table's read_capacity and write_capacity,
// and global_secondary_index when the table has a global index).
type Provisioned struct {
	Read, Write int64
	Indexes     map[string]Throughput
	AutoScaled  bool
}

// IndexThroughput returns the capacity a global index of the table is
// provisioned with: its own from Provisioned.Indexes, else the table's.
// ok is false when billing is on demand, and for a nil *Table.
func (t *Table) IndexThroughput(index string) (tp Throughput, ok bool) {
	if t == nil {
		return Throughput{}, false
	}
	p := t.Provisioned
	if p == nil {
		return Throughput{}, false
	}
	if own, set := p.Indexes[index]; set {
		return own, true
	}
	return Throughput{Read: p.Read, Write: p.Write}, true
}

// Validate checks the table's declaration without any request: its name
// and its index names (3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and
// '.'), its keys, its indexes (at most five local ones, only on a table
// with a sort key; at most 100 projected non-key attributes in all, the
// marker attributes counted), its TTL attribute (no key or marker
// attribute), its stream view and its provisioned capacity (1 to
// MaxProvisionedUnits). Define runs all but the table name check (a DB
// may send the table's requests under another name; Ensure checks that
// one); a wrong declaration is a *ddbmodel.ValidationError.
func (t *Table) Validate() error {
	if t == nil {
		return &ddbmodel.ValidationError{Reason: "Validate of a nil *entity.Table"}
	}
	return t.validateAs(t.Name)
}

// checkThroughput refuses a stream view that is none of the constants and
// a provisioned capacity DynamoDB would refuse, or that names an index the
// table lacks. check calls it.
func (t *Table) checkThroughput() error {
	if !slices.Contains([]StreamView{NoStream, StreamKeysOnly, StreamNewImage, StreamOldImage, StreamNewAndOldImages}, t.Stream) {
		return &ddbmodel.ValidationError{Attribute: "Stream",
			Reason: fmt.Sprintf("table %q: %v is not a stream view: use StreamKeysOnly, StreamNewImage, StreamOldImage or StreamNewAndOldImages", t.Name, t.Stream)}
	}
	p := t.Provisioned
	if p == nil {
		return nil
	}
	if err := checkUnits(t.Name, "", Throughput{p.Read, p.Write}); err != nil {
		return err
	}
	for _, n := range slices.Sorted(maps.Keys(p.Indexes)) {
		ix, ok := t.Index(n)
		switch {
		case !ok:
			return &ddbmodel.ValidationError{Attribute: "Provisioned.Indexes",
				Reason: fmt.Sprintf("table %q has no index %q to provision capacity for (its indexes: %v)", t.Name, n, indexNamesOf(t))}
		case ix.Local:
			return &ddbmodel.ValidationError{Attribute: "Provisioned.Indexes",
				Reason: fmt.Sprintf("table %q: index %q is local: a local index uses the table's capacity and takes none of its own", t.Name, n)}
		}
		if err := checkUnits(t.Name, n, p.Indexes[n]); err != nil {
			return err
		}
	}
	return nil
}

func checkUnits(table, index string, tp Throughput) error {
	if tp.Read >= 1 && tp.Write >= 1 && tp.Read <= MaxProvisionedUnits && tp.Write <= MaxProvisionedUnits {
		return nil
	}
	of, attr := fmt.Sprintf("table %q", table), "Provisioned"
	if index != "" {
		of, attr = fmt.Sprintf("table %q, index %q", table, index), "Provisioned.Indexes"
	}
	return &ddbmodel.ValidationError{Attribute: attr,
		Reason: fmt.Sprintf("%s: provisioned capacity of read %d, write %d units: each must be at least 1 and at most %d (leave Provisioned nil for on-demand billing)", of, tp.Read, tp.Write, int64(MaxProvisionedUnits))}
}

func indexNamesOf(t *Table) []string {
	out := make([]string, len(t.Indexes))
	for i, ix := range t.Indexes {
		out[i] = ix.Name
	}
	return out
}

// applyThroughput sets the billing mode, the provisioned capacity of the
// table and its global indexes, and the stream of a CreateTable request
// built by CreateTableInput.
func (t *Table) applyThroughput(in *dynamodb.CreateTableInput) {
	if v := t.Stream.ViewType(); v != "" {
		in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: v}
	}
	if t.Provisioned == nil {
		return
	}
	in.BillingMode = types.BillingModeProvisioned
	in.ProvisionedThroughput = units(Throughput{t.Provisioned.Read, t.Provisioned.Write})
	for i := range in.GlobalSecondaryIndexes {
		ix := &in.GlobalSecondaryIndexes[i]
		tp, _ := t.IndexThroughput(aws.ToString(ix.IndexName))
		ix.ProvisionedThroughput = units(tp)
	}
}

func units(tp Throughput) *types.ProvisionedThroughput {
	return &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(tp.Read), WriteCapacityUnits: aws.Int64(tp.Write)}
}
