package entity

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// ensureFits compares an existing, ACTIVE table, as DescribeTable and
// DescribeTimeToLive show it, with the model: a *ddbmodel.TableMismatchError
// listing every difference, or nil when it fits. When the only difference
// is that TTL is off, it enables TTL on the model's attribute (another
// caller may be doing so at the same time: an UpdateTimeToLive refused
// because TTL is on already is fine when TTL is then on the model's
// attribute). A table whose TTL is on while the model declares no
// TTLAttribute is a difference too: DynamoDB would delete items whose
// attribute of that name holds a past time, which the model does not
// expect.
func (t *Table) ensureFits(ctx context.Context, c TableClient, db *DB, name *string, d *types.TableDescription) error {
	var diffs []string
	if d != nil {
		diffs = t.differences(d)
	}
	if t.TTLAttribute != "" {
		ttl, err := t.describeTTL(ctx, c, db, name)
		if err != nil {
			return err
		}
		ttlDiffs := ttlDifference(t.TTLAttribute, ttl)
		if len(ttlDiffs) == 0 || ttlOn(ttl) || len(diffs) > 0 {
			diffs = append(diffs, ttlDiffs...)
		} else if err := t.enableTTL(ctx, c, db, name); err != nil {
			return err
		}
	} else {
		ttl, err := t.describeTTL(ctx, c, db, name)
		if err != nil {
			return err
		}
		if ttlOn(ttl) {
			diffs = append(diffs, fmt.Sprintf("time to live is on attribute %q; the model declares no TTLAttribute, so DynamoDB would delete items whose %q holds a past time", aws.ToString(ttl.AttributeName), aws.ToString(ttl.AttributeName)))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	return &ddbmodel.TableMismatchError{Table: aws.ToString(name), Differences: diffs}
}

func (t *Table) describeTTL(ctx context.Context, c TableClient, db *DB, name *string) (*types.TimeToLiveDescription, error) {
	out, err := c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: name}, db.Options...)
	if err != nil {
		return nil, errtext.Errorf("ensure table %s: %w", aws.ToString(name), err)
	}
	return out.TimeToLiveDescription, nil
}

// ttlOn reports whether d shows TTL enabled or being enabled, on any
// attribute.
func ttlOn(d *types.TimeToLiveDescription) bool {
	return d != nil && (d.TimeToLiveStatus == types.TimeToLiveStatusEnabled || d.TimeToLiveStatus == types.TimeToLiveStatusEnabling)
}

// enableTTL sends UpdateTimeToLive for the model's attribute. When
// DynamoDB refuses it (TTL was enabled meanwhile by a concurrent Ensure,
// DynamoDB says "TimeToLive is already enabled"), it describes TTL again:
// on the model's attribute is nil, on another a TableMismatchError.
func (t *Table) enableTTL(ctx context.Context, c TableClient, db *DB, name *string) error {
	in := t.TimeToLiveInput()
	in.TableName = name
	_, err := c.UpdateTimeToLive(ctx, in, db.Options...)
	if err == nil {
		return nil
	}
	ttl, derr := t.describeTTL(ctx, c, db, name)
	if derr != nil || !ttlOn(ttl) {
		return errtext.Errorf("ensure table %s: enabling TTL on %s: %w", aws.ToString(name), t.TTLAttribute, err)
	}
	if diffs := ttlDifference(t.TTLAttribute, ttl); len(diffs) > 0 {
		return &ddbmodel.TableMismatchError{Table: aws.ToString(name), Differences: diffs}
	}
	return nil
}

func ttlDifference(want string, d *types.TimeToLiveDescription) []string {
	if d != nil {
		switch d.TimeToLiveStatus {
		case types.TimeToLiveStatusEnabled, types.TimeToLiveStatusEnabling:
			if got := aws.ToString(d.AttributeName); got != want {
				return []string{fmt.Sprintf("time to live is on attribute %q, not %q", got, want)}
			}
			return nil
		}
	}
	return []string{fmt.Sprintf("time to live is off; the model expires items by %q", want)}
}

// differences lists what d lacks or holds otherwise than the model's
// CreateTableInput, besides time to live.
func (t *Table) differences(d *types.TableDescription) []string {
	want := t.CreateTableInput()
	var out []string
	if k, g := keySchemaText(want.KeySchema), keySchemaText(d.KeySchema); k != g {
		out = append(out, fmt.Sprintf("the table's key is %s, the model's %s", g, k))
	}
	attrTypes := map[string]types.ScalarAttributeType{}
	for _, a := range d.AttributeDefinitions {
		attrTypes[aws.ToString(a.AttributeName)] = a.AttributeType
	}
	for _, a := range want.AttributeDefinitions {
		n := aws.ToString(a.AttributeName)
		if got, ok := attrTypes[n]; ok && got != a.AttributeType {
			out = append(out, fmt.Sprintf("key attribute %s is %s, the model's %s", n, got, a.AttributeType))
		}
	}
	// Both kinds of index in one form, keyed "global index N" / "local index N".
	type shape struct {
		keys []types.KeySchemaElement
		proj *types.Projection
	}
	have := map[string]shape{}
	for _, ix := range d.GlobalSecondaryIndexes {
		have["global index "+aws.ToString(ix.IndexName)] = shape{ix.KeySchema, ix.Projection}
	}
	for _, ix := range d.LocalSecondaryIndexes {
		have["local index "+aws.ToString(ix.IndexName)] = shape{ix.KeySchema, ix.Projection}
	}
	var wanted []string
	wants := map[string]shape{}
	for _, ix := range want.GlobalSecondaryIndexes {
		n := "global index " + aws.ToString(ix.IndexName)
		wanted, wants[n] = append(wanted, n), shape{ix.KeySchema, ix.Projection}
	}
	for _, ix := range want.LocalSecondaryIndexes {
		n := "local index " + aws.ToString(ix.IndexName)
		wanted, wants[n] = append(wanted, n), shape{ix.KeySchema, ix.Projection}
	}
	for _, n := range wanted {
		got, ok := have[n]
		if !ok {
			out = append(out, n+" is missing")
			continue
		}
		out = append(out, indexDifferences(n, wants[n].keys, got.keys, wants[n].proj, got.proj, t.projectionWords)...)
	}
	if got := billingMode(d); got != want.BillingMode {
		out = append(out, fmt.Sprintf("billing is %s, the model's %s", got, want.BillingMode))
	}
	if !t.Provisioned.autoScaled() {
		out = append(out, capacityDifferences(want, d)...)
	}
	w, g := want.StreamSpecification, d.StreamSpecification
	wantStream, hasStream := w != nil && aws.ToBool(w.StreamEnabled), g != nil && aws.ToBool(g.StreamEnabled)
	switch {
	case wantStream && !hasStream:
		out = append(out, fmt.Sprintf("the table has no stream; the model's is %s", w.StreamViewType))
	case !wantStream && hasStream:
		out = append(out, fmt.Sprintf("the table has a stream (%s); the model declares none", g.StreamViewType))
	case wantStream && g.StreamViewType != w.StreamViewType:
		out = append(out, fmt.Sprintf("the stream is %s, the model's %s", g.StreamViewType, w.StreamViewType))
	}
	return out
}

func indexDifferences(what string, wantKeys, gotKeys []types.KeySchemaElement, want, got *types.Projection, modelWords func(*types.Projection) string) []string {
	var out []string
	if k, g := keySchemaText(wantKeys), keySchemaText(gotKeys); k != g {
		out = append(out, fmt.Sprintf("%s's key is %s, the model's %s", what, g, k))
	}
	if want != nil && got != nil && !projectionServes(want, got) {
		if want.ProjectionType != got.ProjectionType {
			out = append(out, fmt.Sprintf("%s projects %s, the model %s", what, got.ProjectionType, modelWords(want)))
		} else if w, g := slices.Sorted(slices.Values(want.NonKeyAttributes)), slices.Sorted(slices.Values(got.NonKeyAttributes)); !slices.Equal(w, g) {
			out = append(out, fmt.Sprintf("%s projects %v, the model %v", what, g, w))
		}
	}
	return out
}

// projectionWords names the model's projection p as the model declares
// it: a declared KEYS_ONLY, which the table projects as an INCLUDE of the
// two marker attributes (reads tell entities apart by them), is said so.
func (t *Table) projectionWords(p *types.Projection) string {
	markers := []string{t.EntityAttr(), t.EntityVersionAttr()}
	if p.ProjectionType == types.ProjectionTypeInclude && slices.Equal(slices.Sorted(slices.Values(p.NonKeyAttributes)), slices.Sorted(slices.Values(markers))) {
		return fmt.Sprintf("KEYS_ONLY plus its marker attributes %s and %s (an INCLUDE)", markers[0], markers[1])
	}
	return string(p.ProjectionType)
}

// keySchemaText is a key schema in words: "PK (HASH), SK (RANGE)".
func keySchemaText(ks []types.KeySchemaElement) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = fmt.Sprintf("%s (%s)", aws.ToString(k.AttributeName), k.KeyType)
	}
	return strings.Join(parts, ", ")
}

// billingMode is the table's billing mode; a description without a billing
// summary is of a table created provisioned (DynamoDB's default then), or,
// with no capacity, on demand.
func billingMode(d *types.TableDescription) types.BillingMode {
	if s := d.BillingModeSummary; s != nil && s.BillingMode != "" {
		return s.BillingMode
	}
	if p := d.ProvisionedThroughput; p != nil && aws.ToInt64(p.ReadCapacityUnits) > 0 {
		return types.BillingModeProvisioned
	}
	return types.BillingModePayPerRequest
}
