package entity

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// nestedRule is an attribute rule declared on a field inside a
// struct-valued attribute ("address.zip"): it binds every put, and every
// update that gives the field's value, the field's own or a whole value
// holding it.
type nestedRule struct {
	fieldRule              // name: the path as Config.Attributes writes it
	path      docpath.Path // struct field names from the top-level attribute down
	// steps holds the Go field index of each path element in its struct,
	// the top-level attribute's first.
	steps [][]int
}

// alwaysHeld reports whether the holder of a nested rule's field that is
// below path elements down (the removed one) holds the field however it is
// decoded: no pointer from it down to the field's struct, so that a put of
// the item read back reaches the rule.
func alwaysHeld(t reflect.Type, steps [][]int, below int) bool {
	for i, idx := range steps[:len(steps)-1] {
		t = t.FieldByIndex(idx).Type
		if t.Kind() == reflect.Pointer {
			if i >= below-1 {
				return false
			}
			t = t.Elem()
		}
	}
	return true
}

// isNestedRuleName reports whether a Config.Attributes name that is no
// stored attribute is to be read as a path into one.
func isNestedRuleName(name string) bool {
	p, err := docpath.Parse(name)
	return err == nil && len(p) > 1
}

// enumSet is the set of an Enum rule's values, or nil.
func enumSet(values []string) map[string]bool {
	if len(values) == 0 {
		return nil
	}
	set := make(map[string]bool, len(values))
	for _, v := range values {
		set[v] = true
	}
	return set
}

// defineNestedRules resolves the rules Config.Attributes declares on
// nested fields, once the schema is built: each names a field reached
// through struct fields only (a map or list element is no field with
// rules of its own), and holds only rules that bind a field's value.
func (e *entityCore) defineNestedRules(rules map[string]Attribute) error {
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		a := rules[name]
		ref, err := e.sch.resolve(name, "Define: attribute rule")
		if err != nil {
			return err
		}
		invalid := func(format string, args ...any) error {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: "Define: attribute rule: " + fmt.Sprintf(format, args...)}
		}
		n := e.sch.attrs[ref.top]
		if n == nil {
			return invalid("%s is not a stored field of %v", ref.top, e.sch.typ)
		}
		steps := [][]int{e.fields[ref.top]}
		for i, el := range ref.path[1:] {
			if n.fields == nil || el.IsIndex {
				what := "holds no struct fields"
				switch {
				case n.isMap:
					what = "is a map: its entries take no rules of their own, and a rule on one entry would not bind the others" + entryAdvice(ref.path[:i+1], n)
				case n.isList:
					what = "is a list: its elements take no rules of their own" + entryAdvice(ref.path[:i+1], n)
				}
				return invalid("%s (%s, stored as %s) %s", ref.path[:i+1], withArticle(n.goType()), kindName(n), what)
			}
			index := map[string][]int{}
			collectFields(n.base, index)
			steps = append(steps, index[el.Name])
			n = n.fields[el.Name]
		}
		if a.Default != nil || a.Hidden || a.Unique {
			return invalid("Default, Hidden and Unique apply to top-level attributes; %s is a field inside %s", name, ref.top)
		}
		if len(a.Enum) > 0 && n.kind != "S" && n.kind != "SS" && !(n.kind == "L" && n.elem.kind == "S") {
			return invalid("Enum lists strings, but the field is %v (stored as %s)", withArticle(n.typ), kindName(n))
		}
		n.enum = a.Enum
		e.nested = append(e.nested, &nestedRule{
			fieldRule: fieldRule{name: name, typ: n.typ, Attribute: a, enum: enumSet(a.Enum)},
			path:      ref.path, steps: steps,
		})
	}
	return nil
}

// checkNestedRules checks the nested rules against an item a put writes:
// a rule binds where every struct holding its field is present in the Go
// value (a nil pointer on the way leaves it out).
func (e *entityCore) checkNestedRules(item map[string]types.AttributeValue, rv reflect.Value) error {
	for _, r := range e.nested {
		f, present := goFieldAt(rv, r.steps)
		if !present {
			continue
		}
		av, _ := nestedValue(item[r.path[0].Name], r.path[1:])
		if err := e.checkRule(&r.fieldRule, av, f, true); err != nil {
			return err
		}
	}
	return nil
}

// goFieldAt follows struct field indexes down from v. It reports false
// when a nil pointer holds a struct on the way; the field itself may be a
// nil pointer.
func goFieldAt(v reflect.Value, steps [][]int) (reflect.Value, bool) {
	if !v.IsValid() {
		return reflect.Value{}, false
	}
	for _, index := range steps {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return reflect.Value{}, false
		}
		f, err := v.FieldByIndexErr(index)
		if err != nil {
			return reflect.Value{}, false // a nil embedded struct pointer
		}
		v = f
	}
	return v, true
}

// nestedValue follows the names of path down map values from av: the
// value there (nil when absent), and whether the map holding it is
// present.
func nestedValue(av types.AttributeValue, path docpath.Path) (types.AttributeValue, bool) {
	for _, el := range path {
		m, ok := av.(*types.AttributeValueMemberM)
		if !ok {
			return nil, false
		}
		av = m.Value[el.Name]
	}
	return av, true
}

// isPrefix reports whether p is a proper prefix of q.
func isPrefix(p, q docpath.Path) bool {
	return len(p) < len(q) && p.Equal(q[:len(p)])
}

// checkPathRules checks the rules that action a, on the attribute or path
// ref, meets beyond a top-level attribute's own (which checkActions
// checks): the rules of nested fields at, above or below ref, and the
// rules of the top-level attribute when ref is a path inside it. av and fv
// are the action's value, encoded and as the field's Go type (invalid for
// Remove, and for actions that give no whole value).
func (p *updatePlan) checkPathRules(a action, ref attrRef, av types.AttributeValue, fv reflect.Value) error {
	e := p.e
	if top := e.byName[ref.top]; top != nil && ref.nested() {
		if err := p.checkInside(top, docpath.Path{{Name: top.name}}, a, ref, av); err != nil {
			return err
		}
	}
	for _, r := range e.nested {
		switch {
		case ref.path.Equal(r.path):
			if r.ReadOnly {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "read-only"}
			}
			switch a.kind {
			case actRemove:
				if r.Required {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "required; cannot be removed"}
				}
			case actSet, actSetIfNotExists:
				if err := e.checkRule(&r.fieldRule, av, fv, true); err != nil {
					return err
				}
			default:
				if err := e.checkRule(&r.fieldRule, av, reflect.Value{}, false); err != nil {
					return err
				}
			}
		case isPrefix(ref.path, r.path):
			// The action gives (or removes) a whole value holding the field.
			if r.ReadOnly {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: fmt.Sprintf("read-only; %s %s holds it", p.calledAs(a), a.attr)}
			}
			if a.kind == actRemove && !fv.IsValid() && r.Required && alwaysHeld(p.e.typ, r.steps, len(ref.path)) {
				// Read back, the item holds the field zero, and a put of
				// it is refused.
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name,
					Reason: fmt.Sprintf("required; Remove %s removes it, and no pointer on the way lets a put of the item leave it out", a.attr)}
			}
			if a.kind != actSet && a.kind != actSetIfNotExists && !(a.kind == actRemove && fv.IsValid()) {
				continue // a Remove removes the field with its holder; a Set of a value a put leaves out is checked
			}
			below := len(ref.path)
			f, present := goFieldAt(fv, r.steps[below:])
			if !present {
				continue
			}
			sub, _ := nestedValue(av, r.path[below:])
			if err := e.checkRule(&r.fieldRule, sub, f, true); err != nil {
				return err
			}
		case isPrefix(r.path, ref.path):
			if r.ReadOnly {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("read-only: it is inside %s", r.name)}
			}
			if err := p.checkInside(&r.fieldRule, r.path, a, ref, av); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkInside checks an action on a path inside the attribute or field
// at, whose rule is r: an element of a list takes the list's Enum; a
// Validate, which checks whole values, cannot check a change inside one
// and refuses it.
func (p *updatePlan) checkInside(r *fieldRule, at docpath.Path, a action, ref attrRef, av types.AttributeValue) error {
	e := p.e
	if r.Validate != nil {
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s: the Validate rule of %s checks its whole value, which a change inside it does not give; Set the whole of %s, or declare the rule on the field inside it (Config.Attributes[%q])", actionNames[a.kind], r.name, r.name, ref.path.String())}
	}
	if r.enum != nil && a.kind != actRemove && len(ref.path) == len(at)+1 && ref.path[len(at)].IsIndex {
		return atPath(e.checkRule(r, av, reflect.Value{}, false), a.attr)
	}
	return nil
}

// topName returns name as the top-level attribute it names when it is a
// quoted form of one (`"status"`, or `"app.version"` as a typed handle
// writes a stored name holding a dot), so that every later step (keys
// recomputed, unique markers, With conditions) knows the attribute by its
// stored name. A name that written bare would be ambiguous keeps its
// quotes; any other name is returned as given, to be resolved (and
// refused if unknown) when the operation compiles.
func (e *entityCore) topName(name string) string {
	if e == nil || e.sch == nil || !strings.Contains(name, `"`) {
		return name
	}
	ref, err := e.sch.resolve(name, "")
	if err != nil || ref.nested() {
		return name
	}
	if bare, err := e.sch.resolve(ref.top, ""); err != nil || bare.nested() {
		return name // written bare, the name would be ambiguous: keep the quotes
	}
	return ref.top
}
