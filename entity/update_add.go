package entity

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// AddRangeError is the outcome of an update whose Add DynamoDB refused
// because the stored result would not fit the field's Go type: an int8
// holding 100 given Add(100), a uint holding 0 given Add(-1), an int64
// holding math.MinInt64 given Sub(1). An Add to an integer field, or to a
// time stored as Unix seconds (AddDuration), is conditioned so that the
// result stays within its type (the update does not know the stored
// value, so the table checks it); a read of the item would otherwise fail
// or see a wrapped number. An Add to a time stored as Unix seconds is also
// conditioned on the item holding the time (Missing when it does not):
// DynamoDB would create it at 1970 plus the delta, and a TTL attribute
// would then expire the item at once. An Add to a float32 field is
// conditioned the same way on the sum staying within ±math.MaxFloat32
// (beyond, it would read back as an infinity); float64 needs no condition,
// as DynamoDB refuses numbers beyond its own, narrower range. The lock attribute
// (Config.LockAttribute) of a type narrower than 64 bits is kept in range
// the same way when an update or an upsert increments it.
// It is the Err of a *ddbmodel.ConditionError, and matches
// ddbmodel.ErrConditionFailed.
type AddRangeError struct {
	Entity    string
	Attribute string // the attribute or document path added to
	Type      string // the field's Go type, such as "int8"
	Delta     string // the number added
	Stored    string // the number the item held, "" when it held none
	// Missing is set when the item did not hold the attribute, which an
	// Add to a time stored as Unix seconds needs (Set the time instead).
	Missing bool
	// OwnCondition is set when the update also carried the caller's own
	// conditions (If, With, ReadFirst): DynamoDB reports one failed
	// condition for the whole request, so they may have failed too.
	OwnCondition bool
}

// Error describes the AddRangeError.
func (e *AddRangeError) Error() string {
	stored := "no value (taken as 0)"
	if e.Stored != "" {
		stored = e.Stored
	}
	// No "update <Entity>:" here: the ConditionError that carries this
	// error says it once.
	also := ""
	if e.OwnCondition {
		also = "; the update's own condition may have failed as well (DynamoDB reports one failure for the whole condition)"
	}
	if e.Missing {
		return fmt.Sprintf("ddbmodel: Add %s to %s attribute %s, which the item does not hold: an Add to %s stored as Unix seconds moves a time the item has, and would create a missing one at 1970 plus the delta; Set the time instead; the item is unchanged%s", e.Delta, e.Entity, e.Attribute, withArticle(e.Type), also)
	}
	return fmt.Sprintf("ddbmodel: Add %s to %s attribute %s, which holds %s, leaves the range of its type %s; the item is unchanged%s", e.Delta, e.Entity, e.Attribute, stored, e.Type, also)
}

// Unwrap returns ddbmodel.ErrConditionFailed.
func (e *AddRangeError) Unwrap() error { return ddbmodel.ErrConditionFailed }

// addRange is the range an Add keeps an integer attribute in: the write is
// conditioned on the stored value leaving the sum within [min, max].
type addRange struct {
	name     string // as given
	path     docpath.Path
	typ      string
	delta    *big.Int
	min, max *big.Int
	// exists: the attribute must be there (a time stored as Unix seconds,
	// which an Add must not create).
	exists bool
	// float: a float32 field, whose range is ±math.MaxFloat32; fdelta is
	// the delta then (delta, min and max are nil). DynamoDB's own number
	// range is narrower than a float64's, so only float32 needs this.
	float  bool
	fdelta float64
}

var durationType = reflect.TypeOf(time.Duration(0))

// addDelta encodes the delta of an Add to the number field node, when it
// is an integer or a time stored as Unix seconds, and reports ok; other
// fields (floats, sets, types with their own encoding) are left to the
// field's own encoding (ok false).
//
// An integer field takes any integer delta whose magnitude fits its type
// (so Add(-1) decrements a uint); the write is then conditioned so that
// the result stays in the type's range (see addRanges). A time stored as
// Unix seconds takes a number of seconds or a whole-second time.Duration,
// never a time.Time: adding a date to a date means nothing.
func addDelta(node *attrNode, v any) (av types.AttributeValue, ok bool, reason string) {
	if node == nil || node.dynamic || node.set || node.kind != "N" {
		return nil, false, ""
	}
	b := node.base
	isTime := b == timeType
	if !isTime && !isInt(b) && b.Kind() != reflect.Uintptr {
		return nil, false, ""
	}
	if _, raw := v.(types.AttributeValue); raw {
		if why := nilAV(v); why != "" {
			return nil, true, fmt.Sprintf("the delta of an Add to %s is a number, got %s", withArticle(node.goType()), why)
		}
		if n, isN := v.(*types.AttributeValueMemberN); isN {
			d, good := new(big.Int).SetString(wholeText(n.Value), 10)
			if !good {
				return nil, true, fmt.Sprintf("the delta of an Add to %s is a whole number, got %q", withArticle(node.goType()), n.Value)
			}
			return deltaAV(node, d)
		}
		return nil, false, "" // the field's own checks refuse it
	}
	rv := reflect.ValueOf(v)
	for rv.IsValid() && (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && !rv.IsNil() {
		rv = rv.Elem()
	}
	switch {
	case !rv.IsValid() || rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface:
		return nil, true, fmt.Sprintf("the delta of an Add to %s is a number, got nil", withArticle(node.goType()))
	case isTime && rv.Type() == durationType:
		dur := time.Duration(rv.Int())
		if dur%time.Second != 0 {
			return nil, true, fmt.Sprintf("%s is stored as Unix seconds: the delta %v is not a whole number of seconds", node.goType(), dur)
		}
		return deltaAV(node, big.NewInt(int64(dur/time.Second)))
	case rv.CanInt():
		return deltaAV(node, big.NewInt(rv.Int()))
	case rv.CanUint():
		return deltaAV(node, new(big.Int).SetUint64(rv.Uint()))
	case rv.CanFloat() && rv.Float() == math.Trunc(rv.Float()) && math.Abs(rv.Float()) < 1<<63:
		return deltaAV(node, big.NewInt(int64(rv.Float())))
	}
	if isTime {
		return nil, true, fmt.Sprintf("%s is stored as Unix seconds: the delta of an Add is a number of seconds or a time.Duration, got %T", node.goType(), v)
	}
	return nil, true, fmt.Sprintf("the delta of an Add to %s is a whole number, got %T", withArticle(node.goType()), v)
}

// deltaAV is the delta d as a number value, refused when its magnitude
// alone does not fit the field's type.
func deltaAV(node *attrNode, d *big.Int) (types.AttributeValue, bool, string) {
	if node.base != timeType {
		// A signed field takes a delta of its type; an unsigned one also
		// the negative of one, to decrement it.
		lo, hi := intRange(node.base)
		fits := d.Cmp(lo) >= 0 && d.Cmp(hi) <= 0
		if lo.Sign() == 0 {
			fits = new(big.Int).Abs(d).Cmp(hi) <= 0
		}
		if !fits {
			return nil, true, fmt.Sprintf("the delta %s does not fit %s", d, withArticle(node.goType()))
		}
	}
	return &types.AttributeValueMemberN{Value: d.String()}, true, ""
}

// intRange is the range of the integer type t.
func intRange(t reflect.Type) (lo, hi *big.Int) {
	bits := uint(t.Bits())
	if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uintptr {
		return big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits), big.NewInt(1))
	}
	hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits-1), big.NewInt(1))
	return new(big.Int).Neg(new(big.Int).Add(hi, big.NewInt(1))), hi
}

// addRanges returns the range each Add to an integer field keeps the
// attribute in, for the conditions and for the outcome of a failed one.
func (p *updatePlan) addRanges() []addRange {
	var out []addRange
	for i, a := range p.acts {
		if a.kind != actAdd || p.vals[i] == nil {
			continue
		}
		ref, err := p.e.sch.resolve(a.attr, "Add")
		if err != nil || ref.node == nil || ref.node.kind != "N" || ref.node.set {
			continue
		}
		b := ref.node.base
		if b.Kind() == reflect.Float32 {
			if r, ok := float32Range(a.attr, p.paths[i], ref.node.goType(), p.vals[i]); ok {
				out = append(out, r)
			}
			continue
		}
		isTime := b == timeType
		if !isTime && !isInt(b) && b.Kind() != reflect.Uintptr {
			continue
		}
		n, ok := p.vals[i].(*types.AttributeValueMemberN)
		if !ok {
			continue
		}
		d, ok := new(big.Int).SetString(n.Value, 10)
		if !ok || d.Sign() == 0 && !isTime {
			continue
		}
		if isTime {
			// Unix seconds, read back as an int64.
			b = reflect.TypeOf(int64(0))
		}
		lo, hi := intRange(b)
		out = append(out, addRange{name: a.attr, path: p.paths[i], typ: ref.node.goType(), delta: d, min: lo, max: hi, exists: isTime})
	}
	if r := p.e.lockAdd; r != nil {
		out = append(out, *r)
	}
	return out
}

// condition is the condition that adding r.delta to the stored value
// leaves it within the range; an absent attribute counts as 0, as Add
// takes it, unless it must exist.
func (r addRange) condition(w *expr.Writer) string {
	name := w.Path(r.path)
	if r.float {
		bound := math.MaxFloat32 - r.fdelta
		op := " <= "
		if r.fdelta < 0 {
			bound, op = -math.MaxFloat32-r.fdelta, " >= "
		}
		return "attribute_not_exists(" + name + ") OR " + name + op + w.Value(&types.AttributeValueMemberN{Value: strconv.FormatFloat(bound, 'g', -1, 64)})
	}
	num := func(x *big.Int) string { return w.Value(&types.AttributeValueMemberN{Value: x.String()}) }
	if r.exists {
		if r.delta.Sign() > 0 {
			return name + " <= " + num(new(big.Int).Sub(r.max, r.delta))
		}
		// A comparison holds only for an attribute the item has.
		return name + " >= " + num(new(big.Int).Sub(r.min, r.delta))
	}
	if r.delta.Sign() > 0 {
		return "attribute_not_exists(" + name + ") OR " + name + " <= " + num(new(big.Int).Sub(r.max, r.delta))
	}
	cond := name + " >= " + num(new(big.Int).Sub(r.min, r.delta))
	if r.delta.Cmp(r.min) >= 0 { // an absent attribute becomes the delta
		cond = "attribute_not_exists(" + name + ") OR " + cond
	}
	return cond
}

// outside reports whether the Add leaves the range for the item old,
// and returns the error naming the attribute when it does.
func (r addRange) outside(entity string, old map[string]types.AttributeValue) *AddRangeError {
	if r.float {
		return r.outsideFloat(entity, old)
	}
	stored := new(big.Int)
	text := ""
	if av, ok := docpath.Get(old, r.path); ok {
		n, isN := av.(*types.AttributeValueMemberN)
		if !isN {
			return nil
		}
		if _, ok := stored.SetString(n.Value, 10); !ok {
			return nil
		}
		text = n.Value
	} else if r.exists {
		return &AddRangeError{Entity: entity, Attribute: r.name, Type: r.typ, Delta: r.delta.String(), Missing: true}
	}
	sum := new(big.Int).Add(stored, r.delta)
	if sum.Cmp(r.min) >= 0 && sum.Cmp(r.max) <= 0 {
		return nil
	}
	return &AddRangeError{Entity: entity, Attribute: r.name, Type: r.typ, Delta: r.delta.String(), Stored: text}
}

// typedOperand checks and encodes the operand of an Add to a number field
// (addDelta) and refuses an Append or Prepend to a fixed-size array, whose
// length a put always stores whole; ok reports an operand it encoded.
func (p *updatePlan) typedOperand(a action, node *attrNode) (types.AttributeValue, bool, error) {
	e := p.e
	switch a.kind {
	case actAppend, actPrepend:
		if node.isList && node.base.Kind() == reflect.Array {
			return nil, false, &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s: %s is %s, which holds exactly %d elements; Set the whole array, or one element (%s[i])", actionNames[a.kind], a.attr, withArticle(node.goType()), node.base.Len(), a.attr)}
		}
	case actAdd:
		av, ok, reason := addDelta(node, a.val)
		if reason != "" {
			return nil, false, &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: actionNames[a.kind] + ": " + reason}
		}
		return av, ok, nil
	}
	return nil, false, nil
}

// float32Range is the range an Add of the number val keeps a float32
// field in (ok false for a zero or unreadable delta): DynamoDB would store
// a sum beyond ±math.MaxFloat32, which reads back as an infinity, and a
// put of that value is refused.
func float32Range(name string, path docpath.Path, typ string, val types.AttributeValue) (addRange, bool) {
	n, ok := val.(*types.AttributeValueMemberN)
	if !ok {
		return addRange{}, false
	}
	d, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || d == 0 || math.IsInf(d, 0) || math.IsNaN(d) {
		return addRange{}, false
	}
	return addRange{name: name, path: path, typ: typ, float: true, fdelta: d}, true
}

// outsideFloat is outside for a float32 range.
func (r addRange) outsideFloat(entity string, old map[string]types.AttributeValue) *AddRangeError {
	stored, text := 0.0, ""
	if av, ok := docpath.Get(old, r.path); ok {
		n, isN := av.(*types.AttributeValueMemberN)
		if !isN {
			return nil
		}
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			return nil
		}
		stored, text = f, n.Value
	}
	if sum := stored + r.fdelta; math.Abs(sum) <= math.MaxFloat32 {
		return nil
	}
	return &AddRangeError{Entity: entity, Attribute: r.name, Type: r.typ, Delta: strconv.FormatFloat(r.fdelta, 'g', -1, 64), Stored: text}
}
