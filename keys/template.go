package keys

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is the DynamoDB type of a key attribute.
type Kind int

const (
	// String is a key attribute of type S.
	String Kind = iota
	// Number is a key attribute of type N. Its template is exactly one
	// composite without a format.
	Number
)

// String returns "S" or "N".
func (k Kind) String() string {
	switch k {
	case String:
		return "S"
	case Number:
		return "N"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Spec describes one key attribute rendered from a template.
type Spec struct {
	Attribute string // the key attribute it renders ("PK", "GSI1SK"); named in errors; may be empty
	Template  string // the template text, e.g. MODULE#${moduleId}#LESSON#${lessonId}
	Kind      Kind   // String or Number
	MaxBytes  int    // 0: no limit. Callers use 2048 for partition keys and 1024 for sort keys.
	// UnixSeconds names the composites whose values are Unix seconds (a
	// time stored as a number): a date composite among them takes decimal
	// seconds as well as RFC 3339 text, and renders their UTC day. A date
	// composite not named here refuses digits, so that text such as
	// "20240601" is never read as seconds. The time format takes Unix
	// seconds for every composite. Each name must be a date composite of
	// the template. (entity.Define sets it for a date composite of a field
	// stored as Unix seconds.)
	UnixSeconds []string
}

// Template is a compiled key template. It is immutable and safe for
// concurrent use.
type Template struct {
	spec   Spec
	lits   []string    // literals: lits[i] precedes comps[i]; len(lits) == len(comps)+1
	comps  []composite // composites in template order
	shard  int         // index of the shard composite, or -1
	minLen int         // length of the shortest key the template renders
	litLen int         // total length of the literals
	// allText: a String template whose composites are all free text, which
	// renders by the simpler path of renderText.
	allText bool
}

type format uint8

const (
	fmtText format = iota
	fmtPad
	fmtRev
	fmtTime
	fmtDate
	fmtShard
)

const timeWidth = len("2006-01-02T15:04:05.000000000Z")

type composite struct {
	name   string
	format format
	n      int    // pad/rev width, shard count
	width  int    // rendered width of a fixed-width format; 0 for free text
	delim  string // for free text: the first character of the following literal; "" if the composite may hold anything
	// forbid: for free text, the characters a value may not hold: delim,
	// and every delimiter of the template (see delimiters), so that a value
	// can never forge a level of a key that another template of the same
	// delimiters renders (ITEM#${id} with id "1#RETURN#9").
	forbid string
	// forbidASCII has bit c set for each byte c of forbid, when forbid is
	// all ASCII: prepare checks ASCII values against it in one pass.
	forbidASCII [2]uint64
	asciiOnly   bool   // forbid is ASCII, so forbidASCII says all of it
	spec        string // the format text, e.g. "pad(10)"
	unixSeconds bool   // named in Spec.UnixSeconds: a date takes Unix seconds
}

func (c *composite) formatName() string {
	if c.spec == "" {
		return "free text"
	}
	return c.spec
}

// Compile parses and checks spec's template.
func Compile(spec Spec) (*Template, error) {
	src := spec.Template
	spec.UnixSeconds = slices.Clone(spec.UnixSeconds)
	t := &Template{spec: spec, shard: -1}
	errAt := func(pos int, msg string) error {
		return &SyntaxError{Template: src, Pos: pos, Msg: msg}
	}
	if spec.Kind != String && spec.Kind != Number {
		return nil, errAt(0, "unknown kind "+spec.Kind.String())
	}
	if spec.MaxBytes < 0 {
		return nil, errAt(0, "negative MaxBytes")
	}
	if src == "" {
		return nil, errAt(0, "empty template")
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && size == 1 {
			return nil, errAt(i, "invalid UTF-8")
		}
		i += size
	}
	litStart := 0
	for i := 0; i < len(src); {
		switch src[i] {
		case '{', '}':
			return nil, errAt(i, "unexpected "+strconv.Quote(src[i:i+1])+" outside a composite")
		case '$':
			if i+1 >= len(src) || src[i+1] != '{' {
				i++
				continue
			}
			lit := src[litStart:i]
			bodyStart := i + 2
			end := -1
			for j := bodyStart; j < len(src); j++ {
				if src[j] == '}' {
					end = j
					break
				}
				if src[j] == '$' || src[j] == '{' {
					return nil, errAt(j, "unexpected "+strconv.Quote(src[j:j+1])+" in composite")
				}
			}
			if end < 0 {
				return nil, errAt(i, "unclosed ${")
			}
			body := src[bodyStart:end]
			name, fmtText, hasFmt := strings.Cut(body, ":")
			if name == "" {
				return nil, errAt(bodyStart, "empty composite name")
			}
			for j, r := range name {
				if unicode.IsSpace(r) || unicode.IsControl(r) {
					return nil, errAt(bodyStart+j, "invalid character "+strconv.QuoteRune(r)+" in composite name")
				}
			}
			c := composite{name: name}
			if hasFmt {
				if err := parseFormat(&c, fmtText, bodyStart+len(name)+1, errAt); err != nil {
					return nil, err
				}
			}
			for k := range t.comps {
				if t.comps[k].name == name {
					return nil, errAt(bodyStart, "duplicate composite "+name)
				}
			}
			if n := len(t.comps); n > 0 && lit == "" && t.comps[n-1].width == 0 {
				return nil, errAt(i, "composite "+name+" directly follows free-text composite "+t.comps[n-1].name+"; separate them with a literal")
			}
			if c.format == fmtShard {
				if t.shard >= 0 {
					return nil, errAt(i, "second shard composite "+name)
				}
				t.shard = len(t.comps)
			}
			t.lits = append(t.lits, lit)
			t.comps = append(t.comps, c)
			i = end + 1
			litStart = i
			continue
		}
		i++
	}
	t.lits = append(t.lits, src[litStart:])
	for _, name := range spec.UnixSeconds {
		// It must be a date: the only format the option changes.
		found, date := false, false
		for k := range t.comps {
			if c := &t.comps[k]; c.name == name {
				found, date = true, date || c.spec == "date"
				c.unixSeconds = true
			}
		}
		switch {
		case !found:
			return nil, errAt(0, "UnixSeconds names "+strconv.Quote(name)+", which is no composite of the template")
		case !date:
			return nil, errAt(0, "UnixSeconds names "+strconv.Quote(name)+", which is no date composite (${"+name+":date}); the option changes only what a date takes")
		}
	}
	delims := t.delimiters()
	for k := range t.comps {
		c := &t.comps[k]
		if c.width == 0 {
			if next := t.lits[k+1]; next != "" {
				_, size := utf8.DecodeRuneInString(next)
				c.delim = next[:size]
			}
			c.forbid = c.delim
			for _, d := range delims {
				if !strings.Contains(c.forbid, d) {
					c.forbid += d
				}
			}
			c.asciiOnly = true
			for i := 0; i < len(c.forbid); i++ {
				if b := c.forbid[i]; b < utf8.RuneSelf {
					c.forbidASCII[b/64] |= 1 << (b % 64)
				} else {
					c.asciiOnly = false
				}
			}
			t.minLen++
		}
		t.minLen += c.width
	}
	for _, l := range t.lits {
		t.litLen += len(l)
	}
	t.minLen += t.litLen
	t.allText = spec.Kind != Number && len(t.comps) <= maxStack
	for k := range t.comps {
		if t.comps[k].format != fmtText {
			t.allText = false
		}
	}
	if spec.Kind == Number {
		if len(t.comps) != 1 || t.lits[0] != "" || t.lits[1] != "" {
			return nil, errAt(0, "a Number template must be exactly one composite")
		}
		if t.comps[0].format != fmtText {
			return nil, errAt(0, "a Number template's composite takes no format")
		}
	}
	if spec.MaxBytes > 0 && t.minLen > spec.MaxBytes {
		return nil, errAt(0, "shortest key is "+strconv.Itoa(t.minLen)+" bytes, more than MaxBytes "+strconv.Itoa(spec.MaxBytes))
	}
	return t, nil
}

func parseFormat(c *composite, f string, pos int, errAt func(int, string) error) error {
	c.spec = f
	switch f {
	case "time":
		c.format, c.width = fmtTime, timeWidth
		return nil
	case "date":
		c.format, c.width = fmtDate, len("2006-01-02")
		return nil
	}
	name, arg, ok := strings.Cut(f, "(")
	if !ok || !strings.HasSuffix(arg, ")") {
		return errAt(pos, "unknown format "+strconv.Quote(f))
	}
	arg = arg[:len(arg)-1]
	argPos := pos + len(name) + 1
	var lo, hi int
	switch name {
	case "pad":
		c.format, lo, hi = fmtPad, 1, 38
	case "rev":
		c.format, lo, hi = fmtRev, 1, 38
	case "shard":
		c.format, lo, hi = fmtShard, 2, 1000
	default:
		return errAt(pos, "unknown format "+strconv.Quote(f))
	}
	n, ok := parseSmall(arg)
	if !ok || n < lo || n > hi {
		what := "width"
		if c.format == fmtShard {
			what = "shard count"
		}
		return errAt(argPos, "bad "+what+" "+strconv.Quote(arg)+" in "+name+"(): want "+strconv.Itoa(lo)+".."+strconv.Itoa(hi))
	}
	c.n = n
	if c.format == fmtShard {
		c.width = len(strconv.Itoa(n - 1))
	} else {
		c.width = n
	}
	return nil
}

// parseSmall parses a decimal integer of at most 4 digits without a leading zero.
func parseSmall(s string) (int, bool) {
	if s == "" || len(s) > 4 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// Parse compiles a String template with no attribute name and no length
// limit: Compile(Spec{Template: src}).
func Parse(src string) (*Template, error) {
	return Compile(Spec{Template: src})
}

// MustParse is like Parse but panics if the template does not compile. It
// is meant for package-level variables.
func MustParse(src string) *Template {
	return MustCompile(Spec{Template: src})
}

// MustCompile is like Compile but panics if the template does not compile.
// It is meant for package-level variables.
func MustCompile(spec Spec) *Template {
	t, err := Compile(spec)
	if err != nil {
		panic(err)
	}
	return t
}

// String returns the template's source text.
func (t *Template) String() string { return t.spec.Template }

// Spec returns the Spec the template was compiled from (its UnixSeconds
// in a fresh slice).
func (t *Template) Spec() Spec {
	s := t.spec
	s.UnixSeconds = slices.Clone(s.UnixSeconds)
	return s
}

// Attribute returns the key attribute the template renders, as given in its
// Spec; it may be empty.
func (t *Template) Attribute() string { return t.spec.Attribute }

// Kind returns the DynamoDB type of the key attribute.
func (t *Template) Kind() Kind { return t.spec.Kind }

// MaxBytes returns the Spec's length limit; 0 means no limit.
func (t *Template) MaxBytes() int { return t.spec.MaxBytes }

// Composites returns the attribute names of the template's composites in
// template order, in a fresh slice.
func (t *Template) Composites() []string {
	names := make([]string, len(t.comps))
	for i := range t.comps {
		names[i] = t.comps[i].name
	}
	return names
}

// IsLiteral reports whether the template has no composites, so that it
// renders one fixed key.
func (t *Template) IsLiteral() bool { return len(t.comps) == 0 }

// Uses reports whether attr is one of the template's composites.
func (t *Template) Uses(attr string) bool {
	for i := range t.comps {
		if t.comps[i].name == attr {
			return true
		}
	}
	return false
}

// Shard returns the attribute and shard count of the template's shard
// composite; ok is false if it has none.
func (t *Template) Shard() (attr string, count int, ok bool) {
	if t.shard < 0 {
		return "", 0, false
	}
	c := &t.comps[t.shard]
	return c.name, c.n, true
}

// ShardOf returns the shard of value among count shards: the 32-bit FNV-1a
// hash of value modulo count. It is deterministic across processes and
// releases. ShardOf returns 0 when count < 2.
func ShardOf(value string, count int) int {
	if count < 2 {
		return 0
	}
	const (
		offset32 = 2166136261
		prime32  = 16777619
	)
	h := uint32(offset32)
	for i := 0; i < len(value); i++ {
		h ^= uint32(value[i])
		h *= prime32
	}
	return int(h % uint32(count))
}

// delimiters returns the template's delimiters: each punctuation or symbol
// character that ends a literal followed by a composite or begins a literal
// that follows a composite, in template order, without repeats. No free-text
// value of the template may hold one of them, so a value can never spell a
// level of the key's structure: ITEM#${item}#RETURN#${ret} keeps "#" out of
// both values, and LINE-${line}#${refund} keeps "-" and "#" out of both.
func (t *Template) delimiters() []string {
	var out []string
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for k := range t.comps {
		if prev := t.lits[k]; prev != "" {
			r, size := utf8.DecodeLastRuneInString(prev)
			if isDelimiter(r) {
				add(prev[len(prev)-size:])
			}
		}
		if next := t.lits[k+1]; next != "" {
			r, size := utf8.DecodeRuneInString(next)
			if isDelimiter(r) {
				add(next[:size])
			}
		}
	}
	return out
}

// isDelimiter reports whether r separates levels of a key: punctuation or a
// symbol, not a letter, digit or space.
func isDelimiter(r rune) bool {
	return unicode.IsPunct(r) || unicode.IsSymbol(r)
}
