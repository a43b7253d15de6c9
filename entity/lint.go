package entity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/keys"
)

// Severity ranks a lint finding.
type Severity int

const (
	// Info is worth knowing but may well be intended.
	Info Severity = iota + 1
	// Warning is likely a mistake in the key design.
	Warning
	// Error contradicts what the model declares.
	Error
)

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// The codes of [Table.Lint]'s findings. They are stable: match on them, and
// name them in an [Allow].
const (
	// LintUnpaddedNumber: an integer or float composite is rendered
	// without a fixed width (pad or rev) in a string sort key, so that
	// VERSION#10 sorts before VERSION#9. For an integer the advice is pad
	// or rev; a float takes neither (Define refuses them on one), so its
	// advice is a scaled integer or a number attribute.
	LintUnpaddedNumber = "unpadded-number"
	// LintUnpaddedTime: a time composite is rendered as its stored text
	// (RFC 3339 of varying precision, or Unix seconds) rather than with
	// the time or date format, so string order is not time order.
	LintUnpaddedTime = "unpadded-time"
	// LintHotPartition: a partition template has no composite, so every
	// item of the entity lands in one partition (on an index, under one
	// key), and it is not write-sharded (${x:shard(N)}).
	LintHotPartition = "hot-partition"
	// LintPrefixOverlap: a query of one entity with some of its sort
	// composites given (begins_with) can read another entity's items in
	// the same partition (see [Table.PrefixOverlaps]).
	LintPrefixOverlap = "prefix-overlap"
	// LintUnusedIndex: no entity places items in the index; or, once any
	// access pattern is registered (see [Table.AddAccessPatterns]),
	// entities place items in it but no registered pattern reads it.
	LintUnusedIndex = "unused-index"
	// LintSparseAlwaysIn: a placement is Sparse, but every composite of
	// its key is present on every item (a table key composite, a Required
	// attribute, a number or bool a put always stores, or one the library
	// fills in: a Default, a timestamp, the lock attribute) and no When
	// decides membership: no item is ever left out.
	LintSparseAlwaysIn = "sparse-always-in"
	// LintSortOrder: a declared [SortOrder] is contradicted by the byte
	// order of the entities' literal sort prefixes (Error), or the
	// templates cannot guarantee it (Warning).
	LintSortOrder = "sort-order"
	// LintStaleAllow: an [Allow] matches no finding, or gives no reason.
	LintStaleAllow = "stale-allow"
	// LintLossyKey: every composite of an entity's table key is rendered
	// with a format that keeps only part of its value (date: the day;
	// shard(N): the shard), so two items differing within a day or a
	// shard render one key and a put of one replaces the other. Intended
	// for one item per day or shard (a daily rollup): Allow it.
	LintLossyKey = "lossy-key"
)

// Finding is one result of [Table.Lint].
type Finding struct {
	Severity Severity
	Code     string   // one of the Lint... constants
	Entities []string // the entities involved; none for an unused index
	Index    string   // "" for the table's primary key
	// Templates are the templates involved, in the order of Entities
	// (partition and sort template joined by " / " where both matter).
	Templates []string
	Message   string
	// Allowed is the reason of the Allow that covers the finding; "" when
	// none does.
	Allowed string
}

// String formats the finding as "severity code [index]: message".
func (f Finding) String() string {
	where := "table"
	if f.Index != "" {
		where = "index " + f.Index
	}
	s := fmt.Sprintf("%s %s (%s): %s", f.Severity, f.Code, where, f.Message)
	if f.Allowed != "" {
		s += " [allowed: " + f.Allowed + "]"
	}
	return s
}

// Allow marks the findings of one code for one entity on the table or one
// index as intended. Reason is required and is shown in Finding.Allowed.
// A finding involving two entities (prefix-overlap, index-overlap) is
// covered by an Allow naming either: {Code: LintPrefixOverlap, Entity:
// "Section"} covers "a query of Ticket also reads Section's items" and
// "a query of Section also reads Ticket's items" alike.
type Allow struct {
	Code   string
	Entity string // an entity the finding involves; "" for a finding that names none (unused-index)
	Index  string // "" for the table's primary key
	Reason string
}

// SortOrder declares that, in a partition they share on the table (Index
// "") or an index, the items of Entities sort in that order (ascending):
// every item of Entities[i] before every item of Entities[i+1]. A design
// relies on this when one query reads a parent and its children in a known
// order (the repository item before its forks, or, in reverse, last).
type SortOrder struct {
	Index    string
	Entities []string
}

// LintOptions holds what Lint checks against beyond the model itself.
type LintOptions struct {
	Allow  []Allow
	Orders []SortOrder
}

// Lint checks the table's model for what is likely wrong, short of what
// Define refuses (two entities that can render the same key): see the
// Lint... codes. Findings come in a fixed order: unused indexes and
// broken access patterns; then per entity and placement (hot partitions, lossy table keys,
// unpadded numbers and times, sparse and When membership, Enum values
// a key template refuses); then stale
// SharesKeysWith entries, index overlaps, the index quota, capacity
// quotas (per table or index, then the account sum), unstored projected
// attributes and the TTL attribute; then prefix overlaps and declared
// orders. Findings an Allow covers carry its reason. Entities are those defined so
// far: lint after every Define of the model has run.
func (t *Table) Lint(opts LintOptions) []Finding {
	if bad := t.lintInvalid(); bad != nil {
		return bad
	}
	models := t.models()
	var out []Finding
	used := map[string]bool{}
	for _, m := range models {
		for _, p := range m.places {
			used[p.Index] = true
		}
	}
	for _, ix := range t.Indexes {
		if !used[ix.Name] {
			out = append(out, Finding{Severity: Warning, Code: LintUnusedIndex, Index: ix.Name,
				Message: fmt.Sprintf("no entity places items in index %s; it costs storage and nothing reads it", ix.Name)})
		}
	}
	out = append(out, t.lintPatterns(used)...)
	for _, m := range models {
		for _, p := range m.places {
			out = append(out, lintHot(p)...)
			out = append(out, lintLossy(p)...)
			out = append(out, lintUnpadded(m, p)...)
			out = append(out, lintSparse(m, p)...)
			out = append(out, lintMembership(m, p)...)
			out = append(out, lintEnumKeys(m, p)...)
		}
	}
	out = append(out, t.lintShares()...)
	out = append(out, t.lintIndexOverlaps()...)
	out = append(out, t.lintQuota()...)
	out = append(out, t.lintCapacity()...)
	out = append(out, t.lintCapacitySum()...)
	out = append(out, t.lintProjection()...)
	out = append(out, t.lintTTL()...)
	out = append(out, t.lintDefaults()...)
	for _, po := range t.PrefixOverlaps() {
		query := fmt.Sprintf("with a partial sort key, begins_with(%s, %q),", po.Attributes[1], po.Prefix)
		if po.Prefix == "" {
			query = fmt.Sprintf("with a partial sort key sends no sort condition (its %s template has no literal prefix), so it", po.Attributes[1])
		}
		out = append(out, Finding{Severity: Warning, Code: LintPrefixOverlap, Entities: []string{po.Entity, po.Other}, Index: po.Index,
			Templates: []string{po.Template, po.OtherTemplate},
			Message: fmt.Sprintf("a query of %s %s also reads %s's items: in partition %q, the sort key %q of %s %s",
				po.Entity, query, po.Other, po.Partition, po.Sort, po.Other, "begins with it")})
	}
	for _, o := range opts.Orders {
		out = append(out, t.lintOrder(models, o)...)
	}
	return applyAllows(out, opts.Allow)
}

func placementKey(p Placement) string {
	if p.Sort.Template == nil {
		return templateText(p.Partition)
	}
	return templateText(p.Partition) + " / " + templateText(p.Sort)
}

func lintHot(p Placement) []Finding {
	pt := p.Partition.Template
	if pt == nil || !pt.IsLiteral() {
		return nil
	}
	if p.Index == "" && (p.Sort.Template == nil && p.Sort.Attribute == "" || p.Sort.Template != nil && p.Sort.Template.IsLiteral()) {
		return nil // one item: a singleton, not a partition of many
	}
	return []Finding{{Severity: Warning, Code: LintHotPartition, Entities: []string{p.Entity}, Index: p.Index,
		Templates: []string{placementKey(p)},
		Message: fmt.Sprintf("every %s item has the partition key %s = %q: one partition takes all their writes (about 1,000 writes a second at most); add a composite, or shard it with ${attr:shard(N)}",
			p.Entity, p.Partition.Attribute, pt.String())}}
}

// lintLossy reports a table key whose every composite is rendered lossily
// (date, shard) wherever the key uses it: nothing in the key tells two
// items of one day or shard apart (LintLossyKey). Index keys may repeat.
func lintLossy(p Placement) []Finding {
	if p.Index != "" || p.Partition.Template == nil {
		return nil
	}
	ts := []*keys.Template{p.Partition.Template}
	if p.Sort.Template != nil {
		ts = append(ts, p.Sort.Template)
	} else if p.Sort.Attribute != "" {
		return nil // a computed sort key: it may tell items apart
	}
	var lossy []string
	whole := false // a composite rendered whole tells items apart
	for _, t := range ts {
		for _, c := range t.Composites() {
			f, _ := t.CompositeFormat(c)
			if f == "date" || strings.HasPrefix(f, "shard(") {
				lossy = append(lossy, fmt.Sprintf("${%s:%s}", c, f))
			} else {
				whole = true
			}
		}
	}
	if len(lossy) == 0 || whole {
		return nil
	}
	keep := "keep"
	if len(lossy) == 1 {
		keep = "keeps"
	}
	return []Finding{{Severity: Warning, Code: LintLossyKey, Entities: []string{p.Entity},
		Templates: []string{placementKey(p)},
		Message: fmt.Sprintf("%s's table key is built only from %s, which %s only part of a value (a date its day, a shard its shard): two items that differ within it render one key, and a put of one replaces the other; add a composite that tells items apart (an ID, or the time with ${attr:time}), or Allow it for one item per day or shard",
			p.Entity, strings.Join(lossy, " and "), keep)}}
}

func lintUnpadded(m entityModel, p Placement) []Finding {
	st := p.Sort.Template
	if st == nil || st.Kind() != keys.String {
		return nil
	}
	var out []Finding
	for _, c := range st.Composites() {
		if partitionFixes(p.Partition.Template, c) {
			continue // one value per partition: it does not order items
		}
		if f, _ := st.CompositeFormat(c); f != "" {
			continue
		}
		cf := m.fields[c]
		switch {
		case cf.float:
			out = append(out, Finding{Severity: Warning, Code: LintUnpaddedNumber, Entities: []string{p.Entity}, Index: p.Index,
				Templates: []string{st.String()},
				Message: fmt.Sprintf("%s's sort key %s renders the %s %s as free text, so 10 sorts before 9; pad and rev take integers only: store it as a scaled integer (cents rather than dollars) written ${%s:pad(W)}, or sort by a number attribute",
					p.Entity, p.Sort.Attribute, cf.goType, c, c)})
		case cf.number:
			out = append(out, Finding{Severity: Warning, Code: LintUnpaddedNumber, Entities: []string{p.Entity}, Index: p.Index,
				Templates: []string{st.String()},
				Message: fmt.Sprintf("%s's sort key %s renders the %s %s as free text, so 10 sorts before 9; write ${%s:pad(W)} (or rev(W) for newest first)",
					p.Entity, p.Sort.Attribute, cf.goType, c, c)})
		case cf.time:
			out = append(out, Finding{Severity: Warning, Code: LintUnpaddedTime, Entities: []string{p.Entity}, Index: p.Index,
				Templates: []string{st.String()},
				Message: fmt.Sprintf("%s's sort key %s renders the %s %s as its stored text, whose width varies, so string order is not time order; write ${%s:time} or ${%s:date}",
					p.Entity, p.Sort.Attribute, cf.goType, c, c, c)})
		}
	}
	return out
}

// partitionFixes reports whether the partition template pt renders
// composite c whole, so that all items of one partition hold one value of
// c. A shard (${c:shard(N)}) or a date (${c:date}) of c does not: many
// values of c share a partition, and the sort key orders them.
func partitionFixes(pt *keys.Template, c string) bool {
	if pt == nil {
		return false
	}
	f, ok := pt.CompositeFormat(c)
	return ok && f != "date" && !strings.HasPrefix(f, "shard(")
}

func lintSparse(m entityModel, p Placement) []Finding {
	if !p.Sparse || p.When || p.Index == "" {
		return nil
	}
	if p.Sort.Attribute != "" && p.Sort.Template == nil && !p.MultiAttribute {
		return nil // computed: its function may leave the item out
	}
	for _, c := range slices.Concat(p.Partition.Uses, p.Sort.Uses) {
		if f := m.fields[c]; !f.always && f.filled == "" {
			return nil
		}
	}
	return []Finding{{Severity: Warning, Code: LintSparseAlwaysIn, Entities: []string{p.Entity}, Index: p.Index,
		Templates: []string{placementKey(p)},
		Message: fmt.Sprintf("%s's placement in index %s is Sparse, but every item holds all of %s, so every item enters it; make a composite optional (a pointer or omitempty), or add When",
			p.Entity, p.Index, strings.Join(slices.Concat(p.Partition.Uses, p.Sort.Uses), ", "))}}
}

// lintOrder checks one declared order: for every two of its entities, in
// every partition both can render, the first's literal sort prefix must
// sort before the second's.
func (t *Table) lintOrder(models []entityModel, o SortOrder) []Finding {
	bad := func(sev Severity, ents []string, tmpls []string, msg string) Finding {
		return Finding{Severity: sev, Code: LintSortOrder, Entities: ents, Index: o.Index, Templates: tmpls, Message: msg}
	}
	if _, ok := t.Index(o.Index); o.Index != "" && !ok {
		return []Finding{bad(Error, nil, nil, fmt.Sprintf("the declared order names index %s, which table %s does not have", o.Index, t.Name))}
	}
	if len(o.Entities) < 2 {
		return []Finding{bad(Warning, o.Entities, nil, fmt.Sprintf("the declared order names %d entities; an order of fewer than two checks nothing", len(o.Entities)))}
	}
	places := map[string][]Placement{}
	for _, name := range o.Entities {
		i := slices.IndexFunc(models, func(m entityModel) bool { return m.name == name })
		if i < 0 {
			return []Finding{bad(Error, []string{name}, nil, fmt.Sprintf("the declared order names %s, which is no entity of table %s", name, t.Name))}
		}
		for _, p := range models[i].places {
			if p.Index == o.Index {
				places[name] = append(places[name], p)
			}
		}
		if len(places[name]) == 0 {
			return []Finding{bad(Error, []string{name}, nil, fmt.Sprintf("the declared order names %s, which places no items there", name))}
		}
	}
	var out []Finding
	for i, a := range o.Entities {
		for _, b := range o.Entities[i+1:] {
			shared := false
			for _, pa := range places[a] {
				for _, pb := range places[b] {
					if pa.Partition.Template == nil || pb.Partition.Template == nil {
						continue
					}
					if _, ok := keys.Overlap(keys.Pair{Partition: pa.Partition.Template}, keys.Pair{Partition: pb.Partition.Template}); !ok {
						continue
					}
					shared = true
					if f, ok := orderOf(pa, pb); !ok {
						out = append(out, bad(f.Severity, []string{a, b}, []string{templateText(pa.Sort), templateText(pb.Sort)}, f.Message))
					}
				}
			}
			if !shared {
				out = append(out, bad(Warning, []string{a, b}, nil, fmt.Sprintf("the declared order puts %s before %s, but they never share a partition there", a, b)))
			}
		}
	}
	return out
}

// orderOf decides whether every sort key of pa sorts before every sort key
// of pb, from their leading literals; when it cannot be guaranteed, the
// returned Finding holds the severity and message.
func orderOf(pa, pb Placement) (Finding, bool) {
	a, b := pa.Sort.Template, pb.Sort.Template
	if a == nil || b == nil || a.Kind() != keys.String || b.Kind() != keys.String {
		return Finding{Severity: Warning, Message: fmt.Sprintf("%s's and %s's sort keys are not both string templates: their order cannot be checked", pa.Entity, pb.Entity)}, false
	}
	la, _, _ := a.Prefix(keys.Strings{})
	lb, _, _ := b.Prefix(keys.Strings{})
	n := min(len(la), len(lb))
	for i := range n {
		if la[i] == lb[i] {
			continue
		}
		if la[i] < lb[i] {
			return Finding{}, true
		}
		return Finding{Severity: Error, Message: fmt.Sprintf("the declared order puts %s before %s, but %s's sort keys begin %q and %s's %q: byte %q (0x%02x) sorts before %q (0x%02x), so %s's items come first",
			pa.Entity, pb.Entity, pa.Entity, la, pb.Entity, lb, lb[i:i+1], lb[i], la[i:i+1], la[i], pb.Entity)}, false
	}
	// Here one leading literal is a prefix of the other. A composite
	// renders at least one byte, so a pure literal that is a prefix of the
	// other's leading literal (I# and I#${item}, or R and R#${item}) is a
	// proper prefix of every key the other renders, and sorts first.
	switch {
	case a.IsLiteral() && (len(la) < len(lb) || len(la) == len(lb) && !b.IsLiteral()):
		return Finding{}, true // a's one key is a proper prefix of all of b's
	case b.IsLiteral() && (len(lb) < len(la) || len(lb) == len(la) && !a.IsLiteral()):
		return Finding{Severity: Error, Message: fmt.Sprintf("the declared order puts %s before %s, but %s's one sort key %q is a prefix of all of %s's, so it sorts first",
			pa.Entity, pb.Entity, pb.Entity, lb, pa.Entity)}, false
	}
	return Finding{Severity: Warning, Message: fmt.Sprintf("the declared order puts %s before %s, but their sort keys begin %q and %q: which comes first depends on the values; give them literal prefixes that differ",
		pa.Entity, pb.Entity, la, lb)}, false
}

// applyAllows marks the findings each allow covers, and reports the allows
// that cover none or give no reason.
func applyAllows(out []Finding, allows []Allow) []Finding {
	for _, a := range allows {
		if a.Reason == "" {
			out = append(out, Finding{Severity: Warning, Code: LintStaleAllow, Entities: nonEmpty(a.Entity), Index: a.Index,
				Message: a.describe() + " gives no reason, so it allows nothing"})
			continue
		}
		hit := false
		for i := range out {
			f := &out[i]
			if f.Code == a.Code && f.Index == a.Index && (a.Entity == "" && len(f.Entities) == 0 || a.Entity != "" && slices.Contains(f.Entities, a.Entity)) {
				f.Allowed, hit = a.Reason, true
			}
		}
		if !hit {
			msg := a.describe() + " matches no finding; remove it"
			for i := range out {
				if f := &out[i]; f.Code == a.Code && f.Index != a.Index && (a.Entity == "" || slices.Contains(f.Entities, a.Entity)) {
					// The finding is there, on another index (or the table).
					where := fmt.Sprintf("%q", f.Index)
					if f.Index == "" {
						where += ", the table"
					}
					msg += ", or give it the Index of the finding (" + where + ")"
					break
				}
			}
			out = append(out, Finding{Severity: Warning, Code: LintStaleAllow, Entities: nonEmpty(a.Entity), Index: a.Index, Message: msg})
		}
	}
	return out
}

// describe names the allowance in a stale-allow finding, saying so when
// it names no code or no entity.
func (a Allow) describe() string {
	switch {
	case a.Code == "" && a.Entity == "":
		return "an allowance that names no code and no entity"
	case a.Code == "":
		return fmt.Sprintf("an allowance for %q that names no code", a.Entity)
	case a.Entity == "":
		return fmt.Sprintf("the allowance of %s, which names no entity,", a.Code)
	}
	return fmt.Sprintf("the allowance of %s for %q", a.Code, a.Entity)
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
