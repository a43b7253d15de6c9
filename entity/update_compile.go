package entity

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/keys"
)

// updatePlan is one update being compiled. compile runs its phases in
// order: the actions are checked, the primary key is checked for a move,
// every index key the update affects is recomputed (or the index left),
// and then the expressions and conditions are written.
type updatePlan struct {
	op  updateRequest
	e   *entityCore
	c   *compiledUpdate
	out *updateOut                      // holds c
	key map[string]types.AttributeValue // the item's table key

	// The actions, with the updated timestamp added, and their values.
	acts  []action
	paths []docpath.Path // each action's attribute or document path
	vals  []types.AttributeValue
	// pathsBuf and valsBuf back paths and vals for most updates.
	pathsBuf [4]docpath.Path
	valsBuf  [4]types.AttributeValue
	touched  smallMap[actionKind] // attribute -> the action on it
	known    knownValues          // the values the update sets outright

	withSrc keys.Source // the caller's With values, or nil
	src     keys.Source // where key composites come from: &srcLayers
	// srcLayers are src's sources in order, backed by layersBuf (the plan
	// is not copied, so src allocates nothing).
	srcLayers layered
	layersBuf [4]keys.Source
	// old is the item read (nil when the update compiles without it);
	// merged is old with the actions applied, as DynamoDB will apply them.
	old, merged map[string]types.AttributeValue
	decoded     unsafe.Pointer // merged decoded (a *T), once a key function or When needs it

	w expr.Writer
	// sets, adds and deletes are the parts of the SET, ADD and DELETE
	// clauses, separators included (clauseParts.add); removes are the
	// names removed. updateExpression writes them out in one string.
	sets, adds, deletes clauseParts
	removes             []string
	conds               []string
	// condsBuf, setsBuf and addsBuf back the first conditions and the
	// parts of the first SET and ADD clauses, so that most updates grow
	// none of these slices (the plan is not copied).
	condsBuf              [4]string
	setsBuf               [12]string
	addsBuf               [4]string
	keySets               smallMap[types.AttributeValue] // index key attributes set so far
	missing, missingAttrs []string                       // composites not known, and the keys needing them
	usedFromOld           map[string]bool                // untouched attributes read from old: conditioned on their value
	touchedFromOld        map[string]bool                // touched attributes whose new value was computed from old
	absentInOld           map[string]bool                // composites the item read lacks: conditioned on their absence
}

func (op updateRequest) compile(old map[string]types.AttributeValue) (_ *compiledUpdate, err error) {
	e := op.e
	if !e.defined() {
		return nil, errNoEntity("update")
	}
	defer recoveredIn(e.name, &err)
	key, err := e.key(op.key)
	if err != nil {
		return nil, err
	}
	if err := e.withAgreesWithKey(op.key, op.with, key); err != nil {
		return nil, err
	}
	if op.lockWant != nil && e.lock == nil {
		// Said first: adding a change would not help.
		return nil, &ddbmodel.ValidationError{Entity: e.name, Reason: "IfVersion needs a LockAttribute"}
	}
	if len(op.acts) == 0 {
		return nil, &ddbmodel.ValidationError{Entity: e.name, Reason: "update changes nothing"}
	}
	// The plan's maps are made on their first store (setIn): most updates
	// store in few of them.
	out := &updateOut{c: compiledUpdate{fail: failure{entity: e.name, tab: e.table, op: "update", mustExist: true, markerAttr: e.table.EntityAttr(), unmarked: e.unmarked}}}
	// The plan (its buffers make it large) is reused from plans: nothing
	// compiled keeps a reference into it, and a compile that panics leaves
	// its plan to the garbage collector. A plan from plans is zero, so its
	// fields are set one by one rather than copied in whole (a copy of its
	// size costs write barriers while the garbage collector runs).
	p := plans.Get().(*updatePlan)
	p.op, p.e, p.key, p.old, p.c, p.out, p.acts = op, e, key, old, &out.c, out, op.acts
	c, err := p.compile()
	*p = updatePlan{}
	plans.Put(p)
	return c, err
}

// plans holds update plans for reuse, reset to their zero value.
var plans = sync.Pool{New: func() any { return new(updatePlan) }}

// compile runs the plan's phases and assembles the request.
func (p *updatePlan) compile() (*compiledUpdate, error) {
	op, e := p.op, p.e
	p.conds, p.sets, p.adds = p.condsBuf[:0], p.setsBuf[:0], p.addsBuf[:0]
	if op.with != nil {
		p.withSrc = op.with
	}
	phases := []func() error{p.addUpdatedTimestamp, p.checkActions, p.applyToOld, p.checkPrimaryKey, p.indexKeys}
	for _, phase := range phases {
		if err := phase(); err != nil {
			return nil, err
		}
	}
	if len(p.missing) > 0 {
		missing := dedupe(p.missing)
		var changed []string
		for _, m := range missing {
			if kind, ok := p.touched.get(m); ok && kind != actSet {
				changed = append(changed, m)
			}
		}
		p.c.missing = &ddbmodel.MissingCompositesError{Entity: e.name, KeyAttribute: strings.Join(dedupe(p.missingAttrs), ", "), Missing: missing, Changed: changed, Update: true}
	}
	// Placeholders are numbered in the order they are written: this order
	// keeps the requests the same from one version to the next.
	p.writeActions()
	p.conds = append(p.conds, e.exists(&p.w))
	if g := e.versionGuard(&p.w, &p.c.fail); g != "" {
		p.conds = append(p.conds, g)
	}
	if e.lock != nil {
		p.adds.add(p.w.Name(e.lock.name), " ", p.w.Value(numberAV(1)))
	}
	if err := p.writeConditions(); err != nil {
		return nil, err
	}
	return p.assemble()
}

// addUpdatedTimestamp sets the updated timestamp to now: one more
// attribute the update sets, so a key built from it is recomputed like any
// other. An action of the caller's on it is refused (checkActions).
func (p *updatePlan) addUpdatedTimestamp() error {
	e := p.e
	if e.updated == nil {
		return nil
	}
	av, err := e.nowValue(e.updated)
	if err != nil {
		return err
	}
	p.acts = append(p.acts[:len(p.acts):len(p.acts)], action{actSet, e.updated.name, av})
	return nil
}

// refuseStampAction refuses a caller's update action on a timestamp: the
// entity maintains both, as it maintains the lock attribute. The created
// timestamp records when the item was created, which an update does not
// change (a put keeps a value's non-zero one, and a create sets it); the
// updated timestamp is now on every write, as a put sets it.
func (e *entityCore) refuseStampAction(attr, top string) error {
	switch {
	case e.created != nil && top == e.created.name:
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: attr, Reason: "the created timestamp is maintained by the entity: a create sets it, and an update leaves it as it is"}
	case e.updated != nil && top == e.updated.name:
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: attr, Reason: "the updated timestamp is maintained by the entity: every update sets it to now"}
	}
	return nil
}

// refuseFloatKeyAdd refuses an Add to a float attribute that a key is
// built from: DynamoDB sums in exact decimal, which the float field does
// not hold (1e21 + 0.1 is stored as 1000000000000000000000.1 and read back
// as 1e21), so a key rendered from the sum would not be the key a put of
// the value read writes.
func (e *entityCore) refuseFloatKeyAdd(a action, ref attrRef) error {
	if a.kind != actAdd || ref.nested() || ref.node == nil {
		return nil
	}
	if k := ref.node.base.Kind(); k != reflect.Float32 && k != reflect.Float64 {
		return nil
	}
	for _, d := range e.allKeys {
		if d.uses(ref.top) {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("Add on a float attribute key %s is built from: DynamoDB sums in exact decimal, which %s does not hold, so the key would not be the one a put of the value read writes; Set the new value instead (with ReadFirst or IfVersion to guard it)", d.Attribute, ref.node.base)}
		}
	}
	return nil
}

// checkActions refuses actions on maintained, read-only or required
// attributes and duplicates, encodes the values and checks their rules.
func (p *updatePlan) checkActions() error {
	e := p.e
	if len(p.acts) <= len(p.valsBuf) {
		p.vals, p.paths = p.valsBuf[:len(p.acts)], p.pathsBuf[:len(p.acts)]
	} else {
		p.vals, p.paths = make([]types.AttributeValue, len(p.acts)), make([]docpath.Path, len(p.acts))
	}
	if !validReturn(p.op.ret) {
		return &ddbmodel.ValidationError{Entity: e.name, Reason: fmt.Sprintf("Returning %q: want one of %s", p.op.ret, strings.Join(returnValueNames(), ", "))}
	}
	var copied bool
	for i, a := range p.acts {
		if _, zero := a.val.(zeroChange); zero {
			return &ddbmodel.ValidationError{Entity: e.name, Reason: "Apply was given a zero entity.Change (no change), which would be dropped silently; make changes with the entity's field handles (Field.Set, ...)"}
		}
		ref, err := e.sch.resolve(a.attr, actionNames[a.kind])
		if err != nil {
			return err
		}
		p.paths[i] = ref.path
		if e.maintained[ref.top] {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: "key and marker attributes are maintained by the entity; update the attributes they are built from"}
		}
		if e.lock != nil && ref.top == e.lock.name {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: "the lock attribute is maintained by the entity"}
		}
		if i < len(p.op.acts) {
			if err := e.refuseStampAction(a.attr, ref.top); err != nil {
				return err
			}
		}
		if err := p.checkOverlap(i, ref); err != nil {
			return err
		}
		if err := e.refuseFloatKeyAdd(a, ref); err != nil {
			return err
		}
		if err := e.zeroTimeSet(a, ref); err != nil {
			return err
		}
		r := e.byName[ref.top]
		if r != nil && r.ReadOnly {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: "read-only"}
		}
		if ref.nested() {
			// A change inside an attribute: its new value is known only
			// from the item read, like an Add's.
			p.touched.set(ref.top, actNested)
			var av types.AttributeValue
			var fv reflect.Value
			if a.kind != actRemove {
				av, fv, err = p.actionValue(a, ref.node)
				if err != nil {
					return err
				}
				if av == nil && a.kind == actSet && !ref.path[len(ref.path)-1].IsIndex {
					// A put leaves the field (or map entry) out of its
					// holder: so does the update, which removes it, as at
					// the top level.
					if !copied {
						p.acts, copied = slices.Clone(p.acts), true
					}
					a.kind = actRemove
					p.acts[i].kind = actRemove
					if err := p.checkPathRules(a, ref, nil, fv); err != nil {
						return err
					}
					continue
				}
				if av == nil {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s: the value %#v is one a put does not store (empty, nil or omitempty zero); use Remove", actionNames[a.kind], a.val)}
				}
				if err := checkValue(av); err != nil {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: actionNames[a.kind], Err: err}
				}
				if want := actionOperand(a.kind, av); want != "" {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s takes %s, got %s", actionNames[a.kind], want, avKind(av))}
				}
				p.vals[i] = av
			}
			if err := p.checkPathRules(a, ref, av, fv); err != nil {
				return err
			}
			if err := e.refuseRemoveStored(a, ref); err != nil {
				return err
			}
			continue
		}
		var av types.AttributeValue
		var fv reflect.Value
		setToNothing := false // a Set of a value a put leaves out, become a Remove
		if a.kind != actRemove {
			if av, fv, err = p.actionValue(a, ref.node); err != nil {
				return err
			}
			if (a.kind == actSet || a.kind == actSetIfNotExists) && r != nil && r.Default != nil && ref.node != nil && fv.IsValid() && fv.IsZero() {
				// A put of the zero value stores the Default: so does
				// the update, which would otherwise store (or remove)
				// what no put of the value stores.
				if av, fv, err = e.defaultOf(r, ref.node); err != nil {
					return err
				}
			}
			if av == nil && a.kind == actSet {
				// A put of the value leaves the attribute out (an empty
				// string, a nil pointer, an omitempty zero): so does the
				// update, which removes it.
				if !copied {
					p.acts, copied = slices.Clone(p.acts), true
				}
				a.kind = actRemove
				p.acts[i].kind = actRemove
				setToNothing = true
			}
		}
		p.touched.set(ref.top, a.kind)
		if a.kind == actRemove {
			if r != nil && r.Required {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: "required; cannot be removed (or set to a value a put leaves out)"}
			}
			if r != nil && r.Default != nil && !setToNothing && ref.node != nil && !putCanLeaveOut(ref.node) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: "has a Default, which a put stores whenever the field is zero, and no other value of the field leaves the attribute out, so no put does; Set the value you want (a Set of the zero value stores the Default, as a put does)"}
			}
			if err := p.checkPathRules(a, ref, nil, fv); err != nil {
				return err
			}
			if err := e.refuseRemoveStored(a, ref); err != nil {
				return err
			}
			continue
		}
		if err := checkValue(av); err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: actionNames[a.kind], Err: err}
		}
		if want := actionOperand(a.kind, av); want != "" {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s takes %s, got %s", actionNames[a.kind], want, avKind(av))}
		}
		if err := e.ttlValue(a.attr, ref, av); err != nil {
			return err
		}
		p.vals[i] = av
		if r != nil && (a.kind == actSet || a.kind == actSetIfNotExists || a.kind == actAdd || a.kind == actAppend || a.kind == actPrepend) {
			if a.kind != actSet && a.kind != actSetIfNotExists {
				fv = reflect.Value{}
			}
			if err := e.checkRule(r, av, fv, false); err != nil {
				return err
			}
		}
		if err := p.checkPathRules(a, ref, av, fv); err != nil {
			return err
		}
		if a.kind == actSet || a.kind == actSetIfNotExists {
			if a.kind == actSet {
				p.known.set(ref.top, av)
			}
			if !ref.nested() {
				if err := e.checkUniqueSet(ref.top, av); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// withCondition renders the condition that the item holds value for the
// With attribute name, and returns the value it expects: the value encoded
// as a put encodes it, or, for a value a put leaves out, nil, the
// attribute's absence.
func (e *entityCore) withCondition(w *expr.Writer, name string, value any) (string, types.AttributeValue, error) {
	ref, err := e.sch.resolve(name, "With")
	if err != nil {
		return "", nil, err
	}
	if ref.nested() {
		return "", nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: "With takes top-level attributes that keys are built from"}
	}
	if e.maintained[ref.top] {
		// A key or marker attribute: the key names the item and the
		// entity's guard checks the marker; a With value of one could
		// only make the condition fail.
		return "", nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: "With takes attributes of the value that keys are built from; " + name + " is a key or marker attribute, which the entity maintains and checks itself"}
	}
	var av types.AttributeValue
	if ref.node == nil {
		av, err = marshalValue(value)
	} else if av, _, err = ref.node.valueOf(value, true); err == nil && av == nil {
		if ix := e.alwaysHeldBy(name); ix != "" {
			return "", nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: fmt.Sprintf(
				"With gives %s a value a put leaves out (%#v), meaning the item lacks it; but index %s's key is built from it and the index is not sparse, so every item holds it and the condition could never hold", name, value, ix)}
		}
		return "attribute_not_exists(" + w.Name(name) + ")", nil, nil
	}
	if err == nil {
		err = checkValue(av)
	}
	if err != nil {
		return "", nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: "With", Err: err}
	}
	// As If(Attr(name).Eq(value)) does: a value outside the Enum rule is
	// one no item holds, so the update could only fail at DynamoDB.
	if err := e.sch.enumCheck(name, ref, av, false); err != nil {
		return "", nil, err
	}
	return w.Name(name) + " = " + w.Value(av), av, nil
}

// alwaysHeldBy returns the index, not sparse, whose key template is built
// from name, or "": a put refuses a value without it, so every item of the
// entity holds it.
func (e *entityCore) alwaysHeldBy(name string) string {
	for _, d := range e.indexes {
		if d.sparse || d.multi != nil {
			continue
		}
		for _, k := range []*keyDef{d.pk, d.sk} {
			if k != nil && k.fn == nil && k.uses(name) {
				return d.name
			}
		}
	}
	return ""
}

// withAgreesWithKey refuses a With value of a composite of the table key
// that renders another key than the update's own (rendered): the key names
// the item, which therefore holds the key's value, so the condition With
// adds could never hold and the update would fail at DynamoDB instead of
// at Build.
func (e *entityCore) withAgreesWithKey(key composite.List, with Values, rendered map[string]types.AttributeValue) error {
	for _, name := range sortedKeys(with) {
		if !e.pk.uses(name) && !e.sk.uses(name) {
			continue
		}
		other, err := e.key(key.With(Values{name: with[name]}))
		if err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: "With", Err: err}
		}
		for attr, av := range rendered {
			if !sameKey(av, other[attr]) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: fmt.Sprintf(
					"With gives %s a value other than the key's: the key names the item, which holds the key's value; leave %s out of With, or update the item with the key you meant", name, name)}
			}
		}
	}
	return nil
}

// checkOverlap refuses an action whose path is, contains or lies inside the
// path of an earlier action: DynamoDB refuses overlapping document paths
// in one update.
func (p *updatePlan) checkOverlap(i int, ref attrRef) error {
	for j := 0; j < i; j++ {
		q := p.paths[j]
		n := min(len(q), len(ref.path))
		if q[:n].Equal(ref.path[:n]) {
			reason := "updated twice in one request"
			if len(q) != len(ref.path) {
				reason = fmt.Sprintf("overlaps %s, also updated in this request", q)
			}
			return &ddbmodel.ValidationError{Entity: p.e.name, Attribute: ref.name, Reason: reason}
		}
	}
	return nil
}

// putCanLeaveOut reports whether a put can leave the attribute of node
// out with a value other than the field's zero (which takes the field's
// Default): a pointer to a value a put leaves out (a *string to ""), or
// an empty set or map that is not nil.
func putCanLeaveOut(n *attrNode) bool {
	var v reflect.Value
	switch n.typ.Kind() {
	case reflect.Pointer:
		v = reflect.New(n.typ.Elem())
	case reflect.Slice:
		v = reflect.MakeSlice(n.typ, 0, 0)
	case reflect.Map:
		v = reflect.MakeMap(n.typ)
	default:
		return false
	}
	stored, ok := putStores(n, v)
	return ok && !stored
}

// defaultOf is the Default of rule r encoded as node, the attribute's
// node, encodes the field: what a put of the field's zero value stores.
func (e *entityCore) defaultOf(r *fieldRule, node *attrNode) (types.AttributeValue, reflect.Value, error) {
	dv, err := e.defaultFor(r)
	if err != nil {
		return nil, reflect.Value{}, err
	}
	av, fv, err := node.value(dv.Interface())
	if err != nil {
		return nil, reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "Default: " + errtext.Detail(err)}
	}
	return av, fv, nil
}

// actionValue encodes an action's value as a put of the field encodes it.
// node is nil for attributes T does not declare (extra attributes), whose
// values encode by their own type. A nil value with a nil error is a
// value a put leaves out.
func (p *updatePlan) actionValue(a action, node *attrNode) (types.AttributeValue, reflect.Value, error) {
	e := p.e
	name := actionNames[a.kind]
	if node == nil {
		av, err := marshalValue(a.val)
		if err != nil {
			return nil, reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: name, Err: err}
		}
		return av, reflect.ValueOf(a.val), nil
	}
	// What the field must be for the action to apply to it.
	var fits bool
	var want string
	switch a.kind {
	case actAdd:
		fits, want = node.kind == "N" || node.set || node.kind == "", "a number or set field"
	case actDeleteFromSet:
		fits, want = node.set || node.kind == "", "a set field (a slice or map with the set tag option)"
	case actAppend, actPrepend:
		fits, want = node.isList || node.kind == "", "a list field (a slice without the set tag option)"
	default:
		fits = true
	}
	if err := addToTextTime(e.name, a, node); err != nil {
		return nil, reflect.Value{}, err
	}
	if !fits && !node.dynamic {
		return nil, reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s applies to %s; %s is %s (stored as %s)", name, want, a.attr, withArticle(node.goType()), node.kind)}
	}
	if av, ok, err := p.typedOperand(a, node); ok || err != nil {
		return av, reflect.Value{}, err
	}
	av, fv, err := node.value(a.val)
	if err != nil {
		return nil, reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: name + ": " + errtext.Detail(err)}
	}
	if r := e.byName[a.attr]; av == nil && a.kind == actSetIfNotExists && r != nil && r.Default != nil && fv.IsValid() && fv.IsZero() {
		return nil, fv, nil // the zero, which takes the Default (checkActions)
	}
	if av == nil && a.kind != actSet {
		if a.kind != actSetIfNotExists && fv.IsValid() && (fv.Kind() == reflect.Slice || fv.Kind() == reflect.Map) && fv.Len() == 0 {
			return nil, reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s: no elements given; give at least one", name)}
		}
		return nil, reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s: the value %#v is one a put does not store (empty, nil or omitempty zero)", name, a.val)}
	}
	return av, fv, nil
}

// applyToOld computes, with the item read, the item after the update: the
// values an update leaves unknown (Add, SetIfNotExists, Append...) become
// known as DynamoDB will compute them, and the write is conditioned on
// what they were computed from.
func (p *updatePlan) applyToOld() error {
	p.srcLayers = append(p.layersBuf[:0], &p.known, p.withSrc, &p.op.key) // a pointer: the list in an interface would be allocated
	p.src = &p.srcLayers
	if p.old == nil {
		return nil
	}
	// DynamoDB resolves every list index of an update against the item as
	// it was; applied one after another here, two changes by index to one
	// list would see each other's shifts. Refuse what cannot be mirrored.
	lists := map[string]string{}
	for i, path := range p.paths {
		for j := 1; j < len(path); j++ {
			if !path[j].IsIndex {
				continue
			}
			list := path[:j].String()
			if prev, ok := lists[list]; ok && prev != p.acts[i].attr {
				return &ddbmodel.ValidationError{Entity: p.e.name, Attribute: p.acts[i].attr, Reason: fmt.Sprintf("an update that reads the item first (ReadFirst, or a move) changes the list %s by index once at most; %s changes it too; split the update", list, prev)}
			}
			lists[list] = p.acts[i].attr
		}
	}
	merged, err := applyLocally(p.old, p.acts, p.paths, p.vals)
	if err != nil {
		return &ddbmodel.ValidationError{Entity: p.e.name, Err: err}
	}
	p.merged = merged
	p.c.merged = merged
	p.srcLayers = append(p.srcLayers, itemSource(merged))
	return nil
}

// touches reports whether the update touches a composite of d.
func (p *updatePlan) touches(d *keyDef) bool {
	for _, u := range d.Uses {
		if _, ok := p.touched.get(u); ok {
			return true
		}
	}
	return false
}

// checkPrimaryKey marks the update as a move when a primary-key composite
// changes, unless the key it renders is the key the item already has.
func (p *updatePlan) checkPrimaryKey() error {
	for _, d := range []*keyDef{p.e.pk, p.e.sk} {
		if d == nil || !p.touches(d) {
			continue
		}
		for _, u := range d.Uses {
			if kind, _ := p.touched.get(u); kind == actRemove {
				return &ddbmodel.ValidationError{Entity: p.e.name, Attribute: u, Reason: fmt.Sprintf("%s: the primary key attribute %s is built from it (%s), and every item has its key; set a new value to move the item", p.removal(u), d.Attribute, keyFrom(d.keySpec))}
			}
		}
		if d.fn != nil {
			p.c.move = true
			continue
		}
		from := keys.Source(layered{&p.known, &p.op.key})
		if p.merged != nil {
			from = itemSource(p.merged)
		}
		for _, u := range d.Uses {
			if kind, ok := p.touched.get(u); ok && kind != actSet && p.merged == nil {
				from = nil // the new value is unknown until the item is read
			}
		}
		if from == nil {
			p.c.move = true
			continue
		}
		av, err := p.e.renderKey(d, from, nil)
		if err != nil {
			return err
		}
		if !sameKey(av, p.key[d.Attribute]) {
			p.c.move = true
		}
	}
	return nil
}

// decode returns the item after the update as a T (a pointer to it), for
// key functions and When conditions; the caller's key and With values fill
// what the item read lacks.
func (p *updatePlan) decode() (unsafe.Pointer, error) {
	if p.decoded != nil {
		return p.decoded, nil
	}
	item := make(map[string]types.AttributeValue, len(p.merged))
	for k, v := range p.merged {
		item[k] = v
	}
	fill := func(k string, v any) {
		if _, has := item[k]; !has {
			if av, err := marshalValue(v); err == nil {
				item[k] = av
			}
		}
	}
	for _, x := range p.op.key {
		fill(x.Name, x.Value)
	}
	if vs, ok := p.withSrc.(Values); ok {
		for k, v := range vs {
			fill(k, v)
		}
	}
	t := reflect.New(p.e.typ)
	if err := dynamo.UnmarshalItem(item, t.Interface()); err != nil {
		return nil, err
	}
	p.decoded = t.UnsafePointer()
	return p.decoded, nil
}

// leave removes an index's key attributes: the item leaves the index.
func (p *updatePlan) leave(pair []*keyDef) {
	for _, k := range pair {
		if k != nil && !k.ownField { // a field stored as its own key stays the field
			p.removes = append(p.removes, p.w.Name(k.Attribute))
		}
	}
}

// indexKeys keeps every index true: for each index the update affects,
// its keys are recomputed, or the item leaves it, or the composites it
// lacks are recorded as missing.
func (p *updatePlan) indexKeys() error {
	for _, d := range p.e.indexes {
		if err := p.indexKey(d); err != nil {
			return err
		}
	}
	return nil
}

// indexKey handles one index for indexKeys.
func (p *updatePlan) indexKey(d *indexDef) error {
	if d.multi != nil {
		return p.multiIndexKey(d)
	}
	e := p.e
	pair := []*keyDef{d.pk, d.sk}
	touchedIdx, removed := false, ""
	for _, k := range pair {
		if k == nil || !p.touches(k) {
			continue
		}
		touchedIdx = true
		if k.fn != nil {
			// A key function renders the key from the whole value, a
			// removed attribute as its zero, as a put of that value does.
			continue
		}
		for _, u := range k.Uses {
			if kind, ok := p.touched.get(u); ok && kind == actRemove && removed == "" {
				removed = u
			}
		}
	}
	// When decides membership of a sparse index (puts ignore it
	// otherwise) from any attribute, so any update may flip it.
	when := d.when
	if !d.sparse {
		when = nil
	}
	if !touchedIdx && when == nil {
		return nil
	}
	if removed == "" && touchedIdx && d.sparse {
		// A With value a put leaves out (an empty string, a nil pointer):
		// the item holds no such composite, on that condition, so it is
		// not in the index and stays out, as a put of it leaves it out.
		if u := p.leftOutByWith(pair); u != "" {
			p.leave(pair)
			return nil
		}
	}
	if removed != "" {
		if !d.sparse {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: removed, Reason: fmt.Sprintf("%s: index %s's key is built from it, and the index is not sparse (every item has its key); set a new value, or declare the index Sparse", p.removal(removed), d.name)}
		}
		p.leave(pair)
		return nil
	}
	if when != nil {
		if p.old == nil {
			// The text ddbmodel.MissingCompositesError recognises (ReadFirst, not With, gives the whole item).
			p.missing = append(p.missing, "(the whole item, for index "+d.name+"'s condition)")
			p.missingAttrs = append(p.missingAttrs, d.name)
			return nil
		}
		t, err := p.decode()
		if err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Err: err}
		}
		for n := range p.old {
			setIn(&p.usedFromOld, n, true)
		}
		p.touched.each(func(n string, _ actionKind) { setIn(&p.touchedFromOld, n, true) })
		in, err := when(t)
		if err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: d.name, Reason: "the index's When func panicked", Err: err}
		}
		if !in {
			p.leave(pair)
			return nil
		}
	}
	type keySet struct {
		attr string
		av   types.AttributeValue
	}
	var out []keySet
	short := false
	for _, k := range pair {
		if k == nil || k.ownField {
			continue // a field stored as its own key is written as the field
		}
		if !p.touches(k) && when == nil && !d.sparse && !p.wholeKeys() {
			// The untouched half of a non-sparse index is already in place.
			continue
		}
		miss, absent := p.unknownComposites(k)
		if len(miss) > 0 && (p.old == nil || k.fn == nil) {
			if d.sparse && p.old != nil {
				// The item does not have every composite: it leaves the
				// index, on the condition that it still lacks them.
				for _, u := range absent {
					setIn(&p.absentInOld, u, true)
				}
				p.leave(pair)
				return nil
			}
			p.missing = append(p.missing, miss...)
			p.missingAttrs = append(p.missingAttrs, k.Attribute)
			short = true
			continue
		}
		av, err := p.renderIndexKey(k)
		if err != nil && d.sparse && errors.Is(err, errZeroTime) {
			// A zero time: the item leaves the index, as a put leaves it out.
			p.leave(pair)
			return nil
		}
		if err != nil {
			return err
		}
		out = append(out, keySet{k.Attribute, av})
	}
	if short {
		return nil
	}
	for _, ks := range out {
		// Indexes may share a key attribute (two indexes with one
		// partition key): DynamoDB rejects a path set twice.
		if prev, ok := p.keySets.get(ks.attr); ok {
			if !sameKey(prev, ks.av) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: ks.attr, Reason: "indexes sharing this key attribute compute different values"}
			}
			continue
		}
		p.keySets.set(ks.attr, ks.av)
		p.sets.add(p.w.Name(ks.attr), " = ", p.w.Value(ks.av))
	}
	return nil
}

// leftOutByWith returns a composite of the template keys in pair that the
// update does not change and whose With value is one a put leaves out
// (its condition is the attribute's absence), or "".
func (p *updatePlan) leftOutByWith(pair []*keyDef) string {
	if len(p.op.with) == 0 {
		return ""
	}
	for _, k := range pair {
		if k == nil || k.fn != nil {
			continue
		}
		for _, u := range k.Uses {
			v, given := p.op.with[u]
			if _, touched := p.touched.get(u); touched || !given {
				continue
			}
			if n := p.e.sch.attrs[u]; n != nil {
				if av, _, err := n.valueOf(v, true); err == nil && av == nil {
					return u
				}
			}
		}
	}
	return ""
}

// unknownComposites returns the composites of k whose values after the
// update are not known (miss), and of those the ones the item read lacks
// (absent). It records the composites taken from the item read.
func (p *updatePlan) unknownComposites(k *keyDef) (miss, absent []string) {
	for _, u := range k.Uses {
		if kind, ok := p.touched.get(u); ok && kind != actSet {
			if kind == actRemove && k.fn != nil {
				continue // removed: the key function gets its zero
			}
			// Changed by add, append, set-if-not-exists: its new value is
			// known only from the item read.
			if _, ok := itemSource(p.merged).Lookup(u); ok {
				setIn(&p.touchedFromOld, u, true)
				continue
			}
			if p.merged != nil {
				setIn(&p.touchedFromOld, u, true)
				absent = append(absent, u)
			}
			miss = append(miss, u)
			continue
		}
		if _, ok := (layered{&p.known, p.withSrc, &p.op.key}).Lookup(u); ok {
			continue
		}
		if _, ok := p.known.get(u); ok && k.fn != nil {
			// Set whole to a value that is no key text (a bool, a list, a
			// map): a key function takes it all the same.
			continue
		}
		if p.old != nil {
			if _, ok := itemSource(p.old).Lookup(u); ok {
				setIn(&p.usedFromOld, u, true)
				continue
			}
			absent = append(absent, u)
		}
		miss = append(miss, u)
	}
	return miss, absent
}

// renderIndexKey renders an index key from the update's sources; a key
// function gets the item after the update (or, unread, what the update
// knows of it).
func (p *updatePlan) renderIndexKey(k *keyDef) (types.AttributeValue, error) {
	if k.fn == nil {
		return p.e.renderKey(k, p.src, nil)
	}
	var t unsafe.Pointer
	var err error
	if p.old != nil {
		t, err = p.decode()
	} else {
		t, err = p.op.partialT(p.e.typ, &p.known, p.withSrc)
	}
	if err != nil {
		return nil, &ddbmodel.ValidationError{Entity: p.e.name, Err: err}
	}
	return p.e.renderKey(k, p.src, t)
}

// writeActions writes the attribute changes themselves.
func (p *updatePlan) writeActions() {
	w := &p.w
	emptyList := func() string { return w.Value(&types.AttributeValueMemberL{Value: []types.AttributeValue{}}) }
	for i, a := range p.acts {
		n := w.Path(p.paths[i])
		switch a.kind {
		case actSet:
			p.sets.add(n, " = ", w.Value(p.vals[i]))
		case actSetIfNotExists:
			p.sets.add(n, " = if_not_exists(", n, ", ", w.Value(p.vals[i]), ")")
		case actAdd:
			p.adds.add(n, " ", w.Value(p.vals[i]))
		case actRemove:
			p.removes = append(p.removes, n)
		case actAppend:
			// Each placeholder is made in the order of the text: the
			// empty list's first.
			empty := emptyList()
			p.sets.add(n, " = list_append(if_not_exists(", n, ", ", empty, "), ", w.Value(p.vals[i]), ")")
		case actPrepend:
			v := w.Value(p.vals[i])
			p.sets.add(n, " = list_append(", v, ", if_not_exists(", n, ", ", emptyList(), "))")
		case actDeleteFromSet:
			p.deletes.add(n, " ", w.Value(p.vals[i]))
		}
	}
}

// writeConditions writes the conditions after the item's existence: the
// lock version, the With values, what was read from the item, and the
// caller's condition.
func (p *updatePlan) writeConditions() error {
	e, op, w := p.e, p.op, &p.w
	if op.lockWant != nil {
		if e.lock == nil {
			return &ddbmodel.ValidationError{Entity: e.name, Reason: "IfVersion needs a LockAttribute"}
		}
		p.c.fail.lockAttr, p.c.fail.lockWant = e.lock.name, op.lockWant
		p.conds = append(p.conds, e.lockIs(w, *op.lockWant))
	}
	for _, name := range sortedKeys(op.with) {
		cond, av, err := e.withCondition(w, name, op.with[name])
		if err != nil {
			return err
		}
		p.conds = append(p.conds, cond)
		p.c.fail.with = append(p.c.fail.with, withExpected{name, av})
	}
	p.c.fail.ranges = p.addRanges()
	p.c.fail.docPaths = documentPaths(p.paths)
	p.c.fail.ownCond = !op.cond.IsZero() || len(op.with) > 0 || op.readFirst
	for _, r := range p.c.fail.ranges {
		p.conds = append(p.conds, r.condition(w))
	}
	if p.old != nil {
		p.conditionOnRead()
	}
	s, err := op.cond.render(w, e.sch)
	if err != nil {
		return withEntity(err, e.name)
	}
	p.conds = append(p.conds, s)
	return nil
}

// conditionOnRead conditions the write on what was read: the lock version
// when the entity has one (every write increments it, so it guards all
// that was read), else each value read and each absence relied on.
func (p *updatePlan) conditionOnRead() {
	e, old, w := p.e, p.old, &p.w
	if lockGuards(e.lock, old) {
		if p.op.lockWant == nil { // IfVersion's condition, when given, guards it already
			p.conds = append(p.conds, w.Name(e.lock.name)+" = "+w.Value(old[e.lock.name]))
		}
		return
	}
	for _, name := range sortedKeys(p.usedFromOld) {
		if _, t := p.touched.get(name); t || e.maintained[name] {
			continue
		}
		if av, ok := old[name]; ok {
			p.conds = append(p.conds, w.Name(name)+" = "+w.Value(av))
		}
	}
	for _, name := range sortedKeys(p.touchedFromOld) {
		if kind, _ := p.touched.get(name); kind == actSet || kind == actRemove {
			continue
		}
		if av, ok := old[name]; ok {
			p.conds = append(p.conds, w.Name(name)+" = "+w.Value(av))
		} else {
			p.conds = append(p.conds, "attribute_not_exists("+w.Name(name)+")")
		}
	}
	for _, name := range sortedKeys(p.absentInOld) {
		if _, t := p.touched.get(name); t {
			continue
		}
		p.conds = append(p.conds, "attribute_not_exists("+w.Name(name)+")")
	}
}

// assemble builds the UpdateItem input and checks its limits.
func (p *updatePlan) assemble() (*compiledUpdate, error) {
	e := p.e
	c := p.c
	// The input and its strings share one allocation with c (updateOut).
	a := p.out
	a.strs = [3]string{e.table.Name, p.updateExpression(), joinAnd(p.conds)}
	a.in = dynamodb.UpdateItemInput{
		TableName:                           &a.strs[0],
		Key:                                 p.key,
		UpdateExpression:                    &a.strs[1],
		ConditionExpression:                 &a.strs[2],
		ExpressionAttributeNames:            p.w.Names(),
		ExpressionAttributeValues:           p.w.Values(),
		ReturnValues:                        p.op.ret,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}
	c.in = &a.in
	if err := expr.CheckLimits(e.name, "", *c.in.ConditionExpression, *c.in.UpdateExpression); err != nil {
		return nil, err
	}
	// The item after the update is at least its key and the values the
	// update sets; with the item read, it is known exactly.
	written := e.keySize(p.key)
	if p.merged != nil {
		written = expr.ItemSize(p.merged)
	} else {
		for i, a := range p.acts {
			if a.kind == actSet || a.kind == actSetIfNotExists {
				written += len(a.attr) + expr.ValueSize(p.vals[i])
			}
		}
	}
	if written > expr.MaxItemBytes {
		le := &ddbmodel.LimitError{Entity: e.name, What: "item size in bytes after the update", Limit: expr.MaxItemBytes, Got: written}
		if p.merged != nil {
			le.Attribute, le.AttributeSize = expr.Largest(p.merged)
		} else {
			for i, a := range p.acts {
				if n := len(a.attr) + expr.ValueSize(p.vals[i]); (a.kind == actSet || a.kind == actSetIfNotExists) && n > le.AttributeSize {
					le.Attribute, le.AttributeSize = a.attr, n
				}
			}
		}
		return nil, le
	}
	return c, nil
}

// updateExpression writes the update expression: its SET, REMOVE, ADD and
// DELETE clauses, in that order, in one allocation.
func (p *updatePlan) updateExpression() string {
	removes := p.removes
	if len(removes) > 1 {
		removes = dedupe(removes)
	}
	sections := [...]struct {
		keyword string
		parts   []string
		comma   bool // parts are whole clauses, to be separated
	}{{"SET ", p.sets, false}, {"REMOVE ", removes, true}, {"ADD ", p.adds, false}, {"DELETE ", p.deletes, false}}
	size := 0
	for _, s := range sections {
		if len(s.parts) == 0 {
			continue
		}
		size += 1 + len(s.keyword)
		if s.comma {
			size += len(", ") * (len(s.parts) - 1)
		}
		for _, x := range s.parts {
			size += len(x)
		}
	}
	var b strings.Builder
	b.Grow(size)
	for _, s := range sections {
		if len(s.parts) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.keyword)
		for i, x := range s.parts {
			if s.comma && i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(x)
		}
	}
	return b.String()
}

var actionNames = map[actionKind]string{
	actSet: "Set", actSetIfNotExists: "SetIfNotExists", actAdd: "Add", actRemove: "Remove",
	actAppend: "Append", actPrepend: "Prepend", actDeleteFromSet: "DeleteFromSet",
}

// actionOperand returns what an action takes when av is not that ("" when
// av fits): Add a number or a set, Append and Prepend a list,
// DeleteFromSet a set. DynamoDB refuses the others, or (Add of a set to a
// number) fails at run time.
func actionOperand(kind actionKind, av types.AttributeValue) string {
	switch av.(type) {
	case *types.AttributeValueMemberSS, *types.AttributeValueMemberNS, *types.AttributeValueMemberBS:
		if kind == actAdd || kind == actDeleteFromSet {
			return ""
		}
	case *types.AttributeValueMemberN:
		if kind == actAdd {
			return ""
		}
	case *types.AttributeValueMemberL:
		if kind == actAppend || kind == actPrepend {
			return ""
		}
	}
	switch kind {
	case actAdd:
		return "a number or a set (entity.StringSet, entity.NumberSet)"
	case actDeleteFromSet:
		return "a set (entity.StringSet, entity.NumberSet)"
	case actAppend, actPrepend:
		return "a list"
	}
	return ""
}

// avKind names the type of an attribute value, for errors.
func avKind(av types.AttributeValue) string {
	switch av.(type) {
	case *types.AttributeValueMemberS:
		return "a string"
	case *types.AttributeValueMemberN:
		return "a number"
	case *types.AttributeValueMemberB:
		return "binary"
	case *types.AttributeValueMemberBOOL:
		return "a bool"
	case *types.AttributeValueMemberNULL:
		return "null"
	case *types.AttributeValueMemberL:
		return "a list"
	case *types.AttributeValueMemberM:
		return "a map"
	case *types.AttributeValueMemberSS:
		return "a string set"
	case *types.AttributeValueMemberNS:
		return "a number set"
	case *types.AttributeValueMemberBS:
		return "a binary set"
	}
	return fmt.Sprintf("%T", av)
}

// validReturn reports whether rv is one of DynamoDB's ReturnValues.
func validReturn(rv types.ReturnValue) bool {
	return slices.Contains(rv.Values(), rv)
}

func returnValueNames() []string {
	var out []string
	for _, v := range types.ReturnValue("").Values() {
		out = append(out, string(v))
	}
	return out
}

// keyFrom says what k is built from, for messages: its template, or the
// attributes its key function uses.
func keyFrom(k keySpec) string {
	if t := templateText(k); t != "" {
		return "from " + strconv.Quote(t)
	}
	return "by a key function from " + strings.Join(k.Uses, ", ")
}

// removal names the action that removes the top-level attribute attr, as
// the caller wrote it: a Set of a value a put leaves out removes too.
func (p *updatePlan) removal(attr string) string {
	for _, a := range p.op.acts {
		if a.attr == attr && a.kind == actSet {
			return "Set of a value a put leaves out (empty, nil or an omitempty zero), which removes the attribute"
		}
	}
	return "Remove"
}
