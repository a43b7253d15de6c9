package keys

import (
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Source supplies composite values as text: a string's value as is, a
// number's decimal text (as DynamoDB's N holds it), a time as RFC 3339 text.
type Source interface {
	// Lookup returns the text of attribute attr, and whether it is present.
	Lookup(attr string) (string, bool)
}

// val is a composite value checked and prepared for writing.
type val struct {
	s string    // free text as is; pad/rev: significant digits
	t time.Time // time, date: the UTC time
	n int       // shard: the shard number
}

// prepare checks raw against c's format. It returns a reason and the error
// sentinel on failure.
func (c *composite) prepare(raw string) (val, string, error) {
	if raw == "" {
		return val{}, "", ErrEmpty
	}
	if c.format == fmtText {
		why, err := c.checkText(raw)
		return val{s: raw}, why, err
	}
	if !utf8.ValidString(raw) {
		return val{}, "invalid UTF-8", ErrFormat
	}
	switch c.format {
	case fmtPad, fmtRev:
		for i := 0; i < len(raw); i++ {
			if raw[i] < '0' || raw[i] > '9' {
				return val{}, "not a non-negative decimal integer", ErrFormat
			}
		}
		d := strings.TrimLeft(raw, "0")
		if d == "" {
			d = "0"
		}
		if len(d) > c.n {
			return val{}, "more than " + strconv.Itoa(c.n) + " digits", ErrFormat
		}
		return val{s: d}, "", nil
	case fmtTime, fmtDate:
		var t time.Time
		var ok bool
		var why string
		if c.format == fmtTime || (c.unixSeconds && isSeconds(raw)) {
			t, ok = parseTime(raw)
			why = "not RFC 3339 text or Unix seconds"
		} else {
			t, ok = parseDateValue(raw)
			why = "not RFC 3339 text or a 2006-01-02 date"
		}
		if !ok {
			return val{}, why, ErrFormat
		}
		if y := t.Year(); y < 0 || y > 9999 {
			return val{}, "year outside 0000..9999", ErrFormat
		}
		return val{t: t}, "", nil
	case fmtShard:
		return val{n: ShardOf(raw, c.n)}, "", nil
	}
	panic("keys: unknown format")
}

// checkText checks a non-empty value of a free-text composite: valid
// UTF-8 without the characters c forbids.
func (c *composite) checkText(raw string) (string, error) {
	if c.asciiOnly {
		// One pass over ASCII text: no forbidden byte, nothing to validate.
		i := 0
		for ; i < len(raw); i++ {
			b := raw[i]
			if b >= utf8.RuneSelf {
				break
			}
			if c.forbidASCII[b/64]&(1<<(b%64)) != 0 {
				return "", ErrDelimiter
			}
		}
		if i == len(raw) {
			return "", nil
		}
	}
	if !utf8.ValidString(raw) {
		return "invalid UTF-8", ErrFormat
	}
	if c.forbid != "" && strings.ContainsAny(raw, c.forbid) {
		return "", ErrDelimiter
	}
	return "", nil
}

// parseTime parses RFC 3339 text or an integer number of Unix seconds and
// returns the time in UTC.
func parseTime(raw string) (time.Time, bool) {
	if isSeconds(raw) {
		sec, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return time.Time{}, false
		}
		return time.Unix(sec, 0).UTC(), true
	}
	t, err := time.Parse(time.RFC3339Nano, raw)
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// parseDateValue parses the value of a date composite, a 2006-01-02 date or
// RFC 3339 text, and returns its time in UTC.
func parseDateValue(raw string) (time.Time, bool) {
	layout := time.RFC3339Nano
	if len(raw) == len(time.DateOnly) {
		layout = time.DateOnly
	}
	t, err := time.Parse(layout, raw)
	return t.UTC(), err == nil
}

// isSeconds reports whether raw is a decimal integer, optionally signed:
// Unix seconds to the time format (and to a date composite in
// Spec.UnixSeconds).
func isSeconds(raw string) bool {
	digits := raw
	if digits != "" && (digits[0] == '-' || digits[0] == '+') {
		digits = digits[1:]
	}
	return digits != "" && strings.Trim(digits, "0123456789") == ""
}

// renderedLen returns the rendered length of a prepared value.
func (c *composite) renderedLen(v *val) int {
	if c.width == 0 {
		return len(v.s)
	}
	return c.width
}

// write appends a prepared value to b.
func (c *composite) write(b *strings.Builder, v *val) {
	switch c.format {
	case fmtText:
		b.WriteString(v.s)
	case fmtPad:
		for i := len(v.s); i < c.n; i++ {
			b.WriteByte('0')
		}
		b.WriteString(v.s)
	case fmtRev:
		for i := len(v.s); i < c.n; i++ {
			b.WriteByte('9')
		}
		for i := 0; i < len(v.s); i++ {
			b.WriteByte('9' - v.s[i] + '0')
		}
	case fmtTime:
		writeDate(b, v.t)
		b.WriteByte('T')
		writeDigits(b, v.t.Hour(), 2)
		b.WriteByte(':')
		writeDigits(b, v.t.Minute(), 2)
		b.WriteByte(':')
		writeDigits(b, v.t.Second(), 2)
		b.WriteByte('.')
		writeDigits(b, v.t.Nanosecond(), 9)
		b.WriteByte('Z')
	case fmtDate:
		writeDate(b, v.t)
	case fmtShard:
		writeDigits(b, v.n, c.width)
	}
}

func writeDate(b *strings.Builder, t time.Time) {
	y, m, d := t.Date()
	writeDigits(b, y, 4)
	b.WriteByte('-')
	writeDigits(b, int(m), 2)
	b.WriteByte('-')
	writeDigits(b, d, 2)
}

// writeDigits writes the non-negative n zero-padded to width w.
func writeDigits(b *strings.Builder, n, w int) {
	var buf [20]byte
	i := len(buf)
	for n > 0 || i > len(buf)-w {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	b.Write(buf[i:])
}

// maxStack is the number of composites whose values render without
// allocating a scratch slice.
const maxStack = 8

// Render builds the full key from the composite values in src. Every
// composite must be present (else ErrMissing) and fit its format; errors are
// [*ValueError]. For a Number template Render returns the canonical text of
// the number.
func (t *Template) Render(src Source) (string, error) {
	s, _, err := t.render(src, -1, false)
	return s, err
}

// Prefix builds the longest key prefix from the leading composites that src
// has, for begins_with conditions. It ends on a boundary: it includes the
// literal that follows the last present composite, so the prefix for
// moduleId=m1 of MODULE#${moduleId}#LESSON#${lessonId} is MODULE#m1#LESSON#
// and never matches module m10. With no composite present it is the leading
// literal (MODULE#), which may be empty. complete reports that every
// composite was present, in which case prefix is the full key. A composite
// present after an absent one is an error: ErrOutOfOrder naming the absent
// one (its Value is the name of the later composite given).
// A Number template returns the complete key or ErrMissing.
func (t *Template) Prefix(src Source) (prefix string, complete bool, err error) {
	return t.render(src, -1, true)
}

// RenderTo appends the full key to b, as Render returns it, so that
// several keys can share one allocation (slice b.String() afterwards). On
// error b is unchanged.
func (t *Template) RenderTo(b *strings.Builder, src Source) error {
	_, err := t.renderInto(b, src, nil, -1, false)
	return err
}

// RenderValuesTo is RenderTo with the composite values given by position
// rather than by a Source: vals[i] is the text of the template's i-th
// composite (the order of Composites), and an empty string is a composite
// that is absent (ErrMissing). It spares a caller that already holds the
// values in order a lookup by name per composite. len(vals) must equal the
// number of composites.
func (t *Template) RenderValuesTo(b *strings.Builder, vals []string) error {
	if len(vals) != len(t.comps) {
		return t.valueErr(nil, "", ErrFormat, strconv.Itoa(len(vals))+" values for "+strconv.Itoa(len(t.comps))+" composites")
	}
	if vals == nil {
		vals = []string{} // not nil: nil selects the Source
	}
	_, err := t.renderInto(b, nil, vals, -1, false)
	return err
}

// RenderShard renders the key with the shard composite set to shard
// (0 <= shard < count), for queries that fan out over every shard; the other
// composites come from src. It returns ErrNoShard if the template has no
// shard composite and ErrFormat if shard is out of range.
func (t *Template) RenderShard(src Source, shard int) (string, error) {
	if t.shard < 0 {
		return "", t.valueErr(nil, "", ErrNoShard, "no shard composite")
	}
	c := &t.comps[t.shard]
	if shard < 0 || shard >= c.n {
		v := strconv.Itoa(shard)
		return "", t.valueErr(c, v, ErrFormat, "shard "+v+" out of range 0.."+strconv.Itoa(c.n-1))
	}
	s, _, err := t.render(src, shard, false)
	return s, err
}

func (t *Template) render(src Source, shard int, prefix bool) (string, bool, error) {
	if t.spec.Kind == Number {
		return t.renderNumber(src, nil)
	}
	if len(t.comps) == 0 {
		return t.lits[0], true, nil
	}
	var b strings.Builder
	complete, err := t.renderInto(&b, src, nil, shard, prefix)
	if err != nil {
		return "", false, err
	}
	if b.Len() == 0 {
		// A prefix of no composite: the leading literal, which renderInto
		// leaves unwritten so that it costs no allocation.
		return t.lits[0], complete, nil
	}
	return b.String(), complete, nil
}

// renderInto appends the key (or prefix) to b; on error b is unchanged.
// The composites' values come from vals by position when it is not nil
// ("" absent), else from src by name.
func (t *Template) renderInto(b *strings.Builder, src Source, vals []string, shard int, prefix bool) (bool, error) {
	if t.spec.Kind == Number {
		s, complete, err := t.renderNumber(src, vals)
		if err == nil {
			b.WriteString(s)
		}
		return complete, err
	}
	if t.allText && shard < 0 && !prefix {
		return true, t.renderText(b, src, vals)
	}
	var stack [maxStack]val
	prepared := stack[:]
	if len(t.comps) > maxStack {
		prepared = make([]val, len(t.comps))
	}
	n := 0        // number of present composites
	size := 0     // length of the key or prefix
	missing := -1 // first absent composite
	for i := range t.comps {
		c := &t.comps[i]
		if i == t.shard && shard >= 0 {
			prepared[i] = val{n: shard}
			if missing < 0 {
				n++
				size += len(t.lits[i]) + c.width
			}
			continue
		}
		raw, ok, err := t.lookup(src, vals, i)
		if err != nil {
			return false, err
		}
		if !ok {
			if !prefix {
				return false, t.compErr(c, "", ErrMissing, "")
			}
			if missing < 0 {
				missing = i
			}
			continue
		}
		if missing >= 0 {
			return false, t.compErr(&t.comps[missing], c.name, ErrOutOfOrder, "")
		}
		v, why, err := c.prepare(raw)
		if err != nil {
			return false, t.compErr(c, raw, err, why)
		}
		prepared[i] = v
		n++
		size += len(t.lits[i]) + c.renderedLen(&v)
	}
	complete := n == len(t.comps)
	size += len(t.lits[n])
	if t.spec.MaxBytes > 0 && size > t.spec.MaxBytes {
		return false, t.tooLong(size)
	}
	if n == 0 && b.Len() == 0 && prefix {
		// Only the leading literal: render returns it as it is.
		return complete, nil
	}
	b.Grow(size)
	for i := 0; i < n; i++ {
		b.WriteString(t.lits[i])
		t.comps[i].write(b, &prepared[i])
	}
	b.WriteString(t.lits[n])
	return complete, nil
}

// renderText is renderInto of a full key for templates whose composites
// are all free text: the same checks, without the formats' scratch values.
func (t *Template) renderText(b *strings.Builder, src Source, vals []string) error {
	var raws [maxStack]string
	size := t.litLen
	for i := range t.comps {
		c := &t.comps[i]
		raw, ok, err := t.lookup(src, vals, i)
		if err != nil {
			return err
		}
		if !ok {
			return t.compErr(c, "", ErrMissing, "")
		}
		if raw == "" {
			return t.compErr(c, raw, ErrEmpty, "")
		}
		if why, err := c.checkText(raw); err != nil {
			return t.compErr(c, raw, err, why)
		}
		raws[i] = raw
		size += len(raw)
	}
	if t.spec.MaxBytes > 0 && size > t.spec.MaxBytes {
		return t.tooLong(size)
	}
	b.Grow(size)
	for i := range t.comps {
		b.WriteString(t.lits[i])
		b.WriteString(raws[i])
	}
	b.WriteString(t.lits[len(t.comps)])
	return nil
}

// lookup returns the i-th composite's value, named name: from vals by
// position when vals is not nil, else from src (through LookupChecked when
// src is a CheckedSource). A value src refuses is an error for c.
func (t *Template) lookup(src Source, vals []string, i int) (string, bool, error) {
	if vals != nil {
		return vals[i], vals[i] != "", nil
	}
	c := &t.comps[i]
	if cs, ok := src.(CheckedSource); ok {
		s, ok, err := cs.LookupChecked(c.name)
		if err != nil {
			return "", false, t.refused(c, err)
		}
		return s, ok, nil
	}
	s, ok := src.Lookup(c.name)
	return s, ok, nil
}

// refused returns the error for a value a CheckedSource refused: its
// *ValueError placed in t, or ErrFormat wrapping what it said.
func (t *Template) refused(c *composite, err error) error {
	var ve *ValueError
	if !errors.As(err, &ve) {
		return t.valueErr(c, "", ErrFormat, "composite "+c.name+": "+err.Error())
	}
	e := *ve
	e.Attribute, e.Template, e.Composite = t.spec.Attribute, t.spec.Template, c.name
	return &e
}

func (t *Template) tooLong(size int) error {
	return t.valueErr(nil, "", ErrTooLong, "key of "+strconv.Itoa(size)+" bytes is longer than MaxBytes "+strconv.Itoa(t.spec.MaxBytes))
}

func (t *Template) renderNumber(src Source, vals []string) (string, bool, error) {
	c := &t.comps[0]
	raw, ok, err := t.lookup(src, vals, 0)
	if err != nil {
		return "", false, err
	}
	if !ok {
		return "", false, t.compErr(c, "", ErrMissing, "")
	}
	if raw == "" {
		return "", false, t.compErr(c, raw, ErrEmpty, "")
	}
	s, why := canonicalNumber(raw)
	if why != "" {
		return "", false, t.valueErr(c, raw, ErrFormat, "composite "+c.name+" "+strconv.Quote(raw)+" is not a DynamoDB number: "+why)
	}
	if t.spec.MaxBytes > 0 && len(s) > t.spec.MaxBytes {
		return "", false, t.tooLong(len(s))
	}
	return s, true, nil
}
