package entity

import (
	"encoding"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// nestedRule is an attribute rule declared on a field inside a
// struct-valued attribute ("address.zip"), or on a field of every value of
// a map or element of a list ("addresses.*.zip", "lines[*].sku"): it binds
// every put, and every update that gives the field's value, the field's
// own or a whole value holding it.
type nestedRule struct {
	fieldRule              // name: the path as Config.Attributes writes it
	path      docpath.Path // struct field names and wildcards from the top-level attribute down
	// steps holds the Go field index of each path element in its struct,
	// the top-level attribute's first; nil for a wildcard.
	steps [][]int
	// leaf describes the field, which encodes it for a rule with a
	// wildcard (wild): each entry's field is checked as a put stores it.
	leaf *attrNode
	wild bool
}

// at returns the rule as it binds the field at path, one r.path matches:
// a rule with a wildcard is named by the field's own path
// (addresses.home.zip), which its errors give.
func (r *nestedRule) at(path docpath.Path) *fieldRule {
	if !r.wild {
		return &r.fieldRule
	}
	fr := r.fieldRule
	fr.name = path.String()
	return &fr
}

// alwaysHeld reports whether the holder of a nested rule's field that is
// below path elements down (the removed one) holds the field however it is
// decoded: no pointer from it down to the field's struct, and no map or
// list entry (which goes with its holder, or is the one removed), so that
// a put of the item read back reaches the rule.
func alwaysHeld(t reflect.Type, steps [][]int, below int) bool {
	for i, idx := range steps[:len(steps)-1] {
		if idx == nil {
			if i >= below-1 {
				return false
			}
			t = t.Elem()
		} else {
			t = t.FieldByIndex(idx).Type
		}
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
	p, err := docpath.ParsePattern(name)
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
// through struct fields and wildcards, a wildcard standing for every value
// of a map ("*") or element of a list ("[*]"); one entry takes no rule of
// its own, which would not bind the others. A rule holds only rules that
// bind a field's value.
func (e *entityCore) defineNestedRules(rules map[string]Attribute) error {
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		a := rules[name]
		invalid := func(format string, args ...any) error {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: "Define: attribute rule: " + fmt.Sprintf(format, args...)}
		}
		ref, err := e.resolveRulePath(name)
		if err != nil {
			return err
		}
		n := e.sch.attrs[ref.top]
		if n == nil {
			return invalid("%s is not a stored field of %v", ref.top, e.sch.typ)
		}
		steps := [][]int{e.fields[ref.top]}
		for i, el := range ref.path[1:] {
			at := ref.path[:i+1]
			if el.Wild && (n.isMap || n.isList) && n.elem != nil {
				if i+2 == len(ref.path) {
					example := ""
					if n.elem.fields != nil {
						example = fmt.Sprintf(" (as in %s.field)", ref.path)
					}
					return invalid("%s names the entries of %s themselves; a wildcard stands for every entry in a path to a field inside them%s%s", ref.path, at, example, entryAdvice(at, n))
				}
				steps = append(steps, nil)
				n = n.elem
				continue
			}
			if n.fields == nil || el.IsIndex {
				what := "holds no struct fields"
				switch {
				case n.isMap:
					what = "is a map: a rule on one of its entries would not bind the others" + wildAdvice(ref.path, i+1, n)
				case n.isList:
					what = "is a list: a rule on one of its elements would not bind the others" + wildAdvice(ref.path, i+1, n)
				}
				return invalid("%s (%s, stored as %s) %s", at, withArticle(n.goType()), kindName(n), what)
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
			path:      ref.path, steps: steps, leaf: n, wild: ref.path.HasWild(),
		})
	}
	return nil
}

// resolveRulePath resolves the name of a nested rule: a document path, or
// a pattern whose wildcards stand for every entry of a map or list.
func (e *entityCore) resolveRulePath(name string) (attrRef, error) {
	const use = "Define: attribute rule"
	p, err := docpath.ParsePattern(name)
	if err != nil || !p.HasWild() {
		return e.sch.resolve(name, use)
	}
	if p[0].Wild {
		return attrRef{}, e.sch.invalid(name, use, "a rule's path starts with an attribute's name; a wildcard stands for the entries of a map or list inside one")
	}
	return e.sch.walk(name, p, use)
}

// rulePattern is the name of a rule on the field at path: path with a
// wildcard for each map key and list index in it, as a rule names every
// entry's field.
func (s *schema) rulePattern(path docpath.Path) docpath.Path {
	out := slices.Clone(path)
	n := s.attrs[path.Root()]
	for i := 1; i < len(out) && n != nil; i++ {
		switch {
		case n.isMap || n.isList:
			out[i] = docpath.Elem{IsIndex: out[i].IsIndex, Wild: true}
			n = n.elem
		default:
			n = n.fields[out[i].Name]
		}
	}
	return out
}

// wildAdvice says how to write a rule naming path, whose element i is one
// entry of the map or list n: with a wildcard in its place, the rule binds
// that field of every entry; a rule on the entries themselves is advised
// as entryAdvice says.
func wildAdvice(path docpath.Path, i int, n *attrNode) string {
	if i == len(path)-1 {
		return entryAdvice(path[:i], n)
	}
	q := slices.Clone(path)
	q[i] = docpath.Elem{IsIndex: path[i].IsIndex, Wild: true}
	return fmt.Sprintf("; write %q for a rule that binds the field in every entry", q.String())
}

// checkNestedRules checks the nested rules against an item a put writes:
// a rule binds where every struct and entry holding its field is present
// in the Go value (a nil pointer on the way leaves it out), once for each
// entry a wildcard stands for.
func (e *entityCore) checkNestedRules(item map[string]types.AttributeValue, rv reflect.Value) error {
	for _, r := range e.nested {
		if err := e.checkHeld(r, 0, nil, rv, item[r.path[0].Name], r.path[1:], ""); err != nil {
			return err
		}
	}
	return nil
}

// checkHeld checks the rule r on every field its steps from from on reach
// down from v, the value at the path at (which r.path[:from] matches).
// The field's value as stored is the one at avPath in av for a rule
// without a wildcard; a rule with one encodes each field. appendedBy, the
// name of an Append or Prepend giving v, the list elements it adds, names
// them with a wildcard, as their index in the list is not known.
func (e *entityCore) checkHeld(r *nestedRule, from int, at docpath.Path, v reflect.Value, av types.AttributeValue, avPath docpath.Path, appendedBy string) error {
	return fieldsAt(v, r.steps[from:], r.path[from:], at, func(path docpath.Path, f reflect.Value) error {
		given := -1
		if appendedBy != "" {
			given = path[from].Index
			path[from] = docpath.Elem{IsIndex: true, Wild: true}
		}
		rule := r.at(path)
		var fav types.AttributeValue
		var err error
		if r.wild {
			fav, err = r.leaf.encode(f)
		} else {
			fav, _ = nestedValue(av, avPath)
		}
		if err == nil {
			err = e.checkRule(rule, fav, f, true)
		} else {
			err = &ddbmodel.ValidationError{Entity: e.name, Attribute: rule.name, Err: err}
		}
		var ve *ddbmodel.ValidationError
		if given >= 0 && errors.As(err, &ve) {
			ve.Reason = strings.TrimPrefix(fmt.Sprintf("%s; in element %d of the %s", ve.Reason, given, appendedBy), "; ")
		}
		return err
	})
}

// fieldsAt calls fn with each field that steps reach down from v, and its
// path: at followed by pat's elements, a wildcard (a nil step) taking the
// key or index of each entry of the map or list there in turn, map keys
// in order (every value of keys stored as one text). A nil pointer or
// interface on the way, a nil entry included, leaves out the fields below
// it; the field itself may be a nil pointer.
func fieldsAt(v reflect.Value, steps [][]int, pat, at docpath.Path, fn func(docpath.Path, reflect.Value) error) error {
	if len(steps) == 0 {
		return fn(at, v)
	}
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	at = at[:len(at):len(at)]
	switch {
	case steps[0] != nil:
		if v.Kind() != reflect.Struct {
			return nil
		}
		f, err := v.FieldByIndexErr(steps[0])
		if err != nil {
			return nil // a nil embedded struct pointer
		}
		return fieldsAt(f, steps[1:], pat[1:], append(at, pat[0]), fn)
	case v.Kind() == reflect.Map:
		// Keys whose MarshalText is one text are one stored entry, and
		// which of their values a put stores is not known: each is
		// checked, so that the one stored keeps the rules.
		keys := make(map[string][]reflect.Value, v.Len())
		for it := v.MapRange(); it.Next(); {
			if text, ok := mapKeyText(it.Key()); ok {
				keys[text] = append(keys[text], it.Value())
			}
		}
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			for _, entry := range keys[k] {
				if err := fieldsAt(entry, steps[1:], pat[1:], append(at, docpath.Elem{Name: k}), fn); err != nil {
					return err
				}
			}
		}
	case v.Kind() == reflect.Slice || v.Kind() == reflect.Array:
		for i := range v.Len() {
			if err := fieldsAt(v.Index(i), steps[1:], pat[1:], append(at, docpath.Elem{Index: i, IsIndex: true}), fn); err != nil {
				return err
			}
		}
	}
	return nil
}

// mapKeyText is the text a put stores the map key k under, as
// guregu/dynamo encodes it: its MarshalText, or the string. A MarshalText
// that panics fails as one that returns an error does.
func mapKeyText(k reflect.Value) (string, bool) {
	text, why, panicked := mapKeyTextWhy(k)
	return text, why == "" && panicked == ""
}

// mapKeyTextWhy is mapKeyText, saying why a key has no text: its
// MarshalText failed, or it is no string (why), or MarshalText panicked
// (panicked: the panic's value, as text).
func mapKeyTextWhy(k reflect.Value) (_ string, why, panicked string) {
	defer func() {
		if x := recover(); x != nil {
			if panicked = fmt.Sprint(x); panicked == "" {
				panicked = fmt.Sprintf("%#v", x) // panic(""): still a panic
			}
		}
	}()
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		text, err := tm.MarshalText()
		if err != nil {
			return "", "its MarshalText failed: " + err.Error(), ""
		}
		return string(text), "", ""
	}
	if k.Kind() != reflect.String {
		return "", fmt.Sprintf("a %s is no string and has no MarshalText", k.Type()), ""
	}
	return k.String(), "", ""
}

// refusedKeyMark starts the path of a field handle MapField.Key refused
// (refusedKeyPath): resolve reports it with the map and the reason,
// instead of as an unknown or empty name. No attribute name starts with
// it: a name is refused when not valid UTF-8, and the mark is not.
const refusedKeyMark = "\xff\x00refused map key\x00"

// refusedKeyPath is the path of the handle MapField.Key gives for a key
// of the map at mapPath that has no text: why it has none, or the value
// its MarshalText panicked with. Each is quoted (strconv.Quote), so that
// any text, a NUL included, reads back as given, and what FieldIn appends
// to the path (".beds") follows the three.
func refusedKeyPath(mapPath, why, panicked string) string {
	return refusedKeyMark + strconv.Quote(mapPath) + strconv.Quote(why) + strconv.Quote(panicked)
}

// visiblePath is path as a handle shows it (Field.Path, Change.Path): ""
// for a refused handle, whose path is no path.
func visiblePath(path string) string {
	if strings.HasPrefix(path, refusedKeyMark) {
		return ""
	}
	return path
}

// refusedKeyError reports whether name is a refusedKeyPath, and the
// error of an operation given it, for the use named (Set, condition...).
// A key whose MarshalText panicked gives an error wrapping a
// *ddbmodel.PanicError (without the stack, which the handle could not
// keep).
func refusedKeyError(entity, name, use string) (bool, error) {
	rest, ok := strings.CutPrefix(name, refusedKeyMark)
	if !ok {
		return false, nil
	}
	// The map's path, why, the panic's value; what follows them is what
	// FieldIn appended, a field inside the refused entry.
	var parts [3]string
	for i := range parts {
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			break // not made by refusedKeyPath: the parts read so far
		}
		parts[i], _ = strconv.Unquote(q)
		rest = rest[len(q):]
	}
	mapPath, why, panicked := parts[0], parts[1], parts[2]
	err := &ddbmodel.ValidationError{Entity: entity, Attribute: mapPath, Reason: use + ": a key of " + mapPath + " cannot be used: "}
	if panicked != "" {
		err.Reason += "its MarshalText panicked"
		err.Err = &ddbmodel.PanicError{Value: panicked}
	} else {
		err.Reason += why
	}
	return true, err
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

// holds reports whether the path p is a proper prefix of a path the
// pattern q matches: the value at p holds the fields q names.
func holds(p, q docpath.Path) bool {
	return len(p) < len(q) && q[:len(p)].Match(p)
}

// inside reports whether the path p lies inside a field the pattern q
// matches.
func inside(p, q docpath.Path) bool {
	return len(q) < len(p) && q.Match(p[:len(q)])
}

// keepsReadOnly reports whether an action of kind k on a value holding the
// fields pattern names (below path elements down) leaves a read-only one
// as it is wherever it is stored: SetIfNotExists writes nothing over an
// existing value, and a Remove of a whole entry under a wildcard (or of a
// value holding such entries) takes the field away with its entry, which
// is how entries leave a map or list; a Remove of a holder inside one
// entry would change that entry.
func keepsReadOnly(k actionKind, pattern docpath.Path, below int) bool {
	switch k {
	case actSetIfNotExists:
		return true
	case actRemove:
		for i := below - 1; i < len(pattern); i++ {
			if pattern[i].Wild {
				return true
			}
		}
	}
	return false
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
		case r.path.Match(ref.path):
			rule := r.at(ref.path)
			if r.ReadOnly {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: rule.name, Reason: "read-only"}
			}
			switch a.kind {
			case actRemove:
				if r.Required {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: rule.name, Reason: "required; cannot be removed"}
				}
			case actSet, actSetIfNotExists:
				if err := e.checkRule(rule, av, fv, true); err != nil {
					return err
				}
			default:
				if err := e.checkRule(rule, av, reflect.Value{}, false); err != nil {
					return err
				}
			}
		case holds(ref.path, r.path):
			// The action gives (or removes) a whole value holding the
			// field, or, an Append or Prepend, list elements holding it.
			below := len(ref.path)
			readOnly := r.ReadOnly && !keepsReadOnly(a.kind, r.path, below)
			if readOnly || a.kind == actRemove && !fv.IsValid() && r.Required && alwaysHeld(p.e.typ, r.steps, below) {
				name := r.name
				if r.wild {
					name = append(ref.path[:below:below], r.path[below:]...).String()
				}
				if readOnly {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: fmt.Sprintf("read-only; %s %s holds it", p.calledAs(a), a.attr)}
				}
				// Read back, the item holds the field zero, and a put of
				// it is refused.
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: name,
					Reason: fmt.Sprintf("required; Remove %s removes it, and no pointer on the way lets a put of the item leave it out", a.attr)}
			}
			appendedBy := ""
			if (a.kind == actAppend || a.kind == actPrepend) && r.path[below].IsIndex && r.path[below].Wild {
				appendedBy = actionNames[a.kind]
			}
			if a.kind != actSet && a.kind != actSetIfNotExists && !(a.kind == actRemove && fv.IsValid()) && appendedBy == "" {
				continue // a Remove removes the field with its holder; a Set of a value a put leaves out is checked
			}
			if err := e.checkHeld(r, below, ref.path, fv, av, r.path[below:], appendedBy); err != nil {
				return err
			}
		case inside(ref.path, r.path):
			at := ref.path[:len(r.path)]
			rule := r.at(at)
			if r.ReadOnly {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("read-only: it is inside %s", rule.name)}
			}
			if err := p.checkInside(rule, at, a, ref, av); err != nil {
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
		advice := ""
		if rule := e.sch.rulePattern(ref.path); !rule[len(rule)-1].Wild {
			advice = fmt.Sprintf(", or declare the rule on the field inside it (Config.Attributes[%q])", rule.String())
		}
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf("%s: the Validate rule of %s checks its whole value, which a change inside it does not give; Set the whole of %s%s", actionNames[a.kind], r.name, r.name, advice)}
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
