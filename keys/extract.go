package keys

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Extract parses a key rendered by the template back into its composites'
// values, in canonical source form: free text as is, pad and rev values as
// plain decimal integers without leading zeros, time values as RFC 3339 text
// in UTC with the shortest fraction (time.RFC3339Nano), date values as
// 2006-01-02, and a Number template's value as canonical number text. Shard
// composites cannot be recovered and are left out. A key that the template
// cannot have rendered is an error wrapping ErrNoMatch.
func (t *Template) Extract(key string) (Strings, error) {
	if t.spec.MaxBytes > 0 && len(key) > t.spec.MaxBytes {
		return nil, t.noMatch(key, "longer than MaxBytes "+strconv.Itoa(t.spec.MaxBytes))
	}
	if !utf8.ValidString(key) {
		return nil, t.noMatch(key, "invalid UTF-8")
	}
	if t.spec.Kind == Number {
		s, why := canonicalNumber(key)
		if why != "" {
			return nil, t.noMatch(key, "not a DynamoDB number: "+why)
		}
		if s != key {
			return nil, t.noMatch(key, "not canonical number text")
		}
		return Strings{t.comps[0].name: key}, nil
	}
	if !strings.HasPrefix(key, t.lits[0]) {
		return nil, t.noMatch(key, "does not begin with "+strconv.Quote(t.lits[0]))
	}
	out := make(Strings, len(t.comps))
	pos := len(t.lits[0])
	for i := range t.comps {
		c := &t.comps[i]
		rest := key[pos:]
		var text string
		if c.width > 0 {
			if len(rest) < c.width {
				return nil, t.noMatch(key, "too short for composite "+c.name)
			}
			text = rest[:c.width]
		} else if c.delim == "" {
			text = rest
		} else {
			j := strings.Index(rest, c.delim)
			if j < 0 {
				return nil, t.noMatch(key, "no "+strconv.Quote(c.delim)+" after composite "+c.name)
			}
			text = rest[:j]
		}
		if text == "" {
			return nil, t.noMatch(key, "composite "+c.name+" is empty")
		}
		v, ok := c.parseRendered(text)
		if !ok {
			return nil, t.noMatch(key, "composite "+c.name+" "+strconv.Quote(text)+" does not fit "+c.formatName())
		}
		if c.format != fmtShard {
			out[c.name] = v
		}
		pos += len(text)
		if !strings.HasPrefix(key[pos:], t.lits[i+1]) {
			return nil, t.noMatch(key, "literal "+strconv.Quote(t.lits[i+1])+" expected after composite "+c.name)
		}
		pos += len(t.lits[i+1])
	}
	if pos != len(key) {
		return nil, t.noMatch(key, "unexpected text after the template's end")
	}
	return out, nil
}

func (t *Template) noMatch(key, why string) error {
	return t.valueErr(nil, key, ErrNoMatch, "key "+strconv.Quote(key)+" does not match: "+why)
}

// parseRendered parses the rendered text of a composite and returns its
// canonical source value.
func (c *composite) parseRendered(s string) (string, bool) {
	switch c.format {
	case fmtText:
		return s, true
	case fmtPad, fmtRev:
		if !allDigits(s) {
			return "", false
		}
		if c.format == fmtRev {
			b := []byte(s)
			for i := range b {
				b[i] = '9' - b[i] + '0'
			}
			s = string(b)
		}
		d := strings.TrimLeft(s, "0")
		if d == "" {
			d = "0"
		}
		return d, true
	case fmtTime:
		if s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != '.' || s[29] != 'Z' {
			return "", false
		}
		y, mo, d, ok := parseDate(s[:10])
		h, ok1 := atoiFixed(s[11:13])
		mi, ok2 := atoiFixed(s[14:16])
		sec, ok3 := atoiFixed(s[17:19])
		ns, ok4 := atoiFixed(s[20:29])
		if !ok || !ok1 || !ok2 || !ok3 || !ok4 || h > 23 || mi > 59 || sec > 59 {
			return "", false
		}
		return time.Date(y, time.Month(mo), d, h, mi, sec, ns, time.UTC).Format(time.RFC3339Nano), true
	case fmtDate:
		if _, _, _, ok := parseDate(s); !ok {
			return "", false
		}
		return s, true
	case fmtShard:
		n, ok := atoiFixed(s)
		return "", ok && n < c.n
	}
	return "", false
}

// parseDate parses a 2006-01-02 date and checks that it exists.
func parseDate(s string) (y, m, d int, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, 0, 0, false
	}
	y, ok1 := atoiFixed(s[:4])
	m, ok2 := atoiFixed(s[5:7])
	d, ok3 := atoiFixed(s[8:10])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 {
		return 0, 0, 0, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return 0, 0, 0, false
	}
	return y, m, d, true
}

func atoiFixed(s string) (int, bool) {
	if !allDigits(s) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
