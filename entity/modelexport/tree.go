package modelexport

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// node is a value of an ordered document tree, written as JSON or YAML in
// the order it was built: obj, list, a string, a bool or an int.
type node any

type field struct {
	key string
	val node
}

type obj []field

type list []node

func writeJSON(b *strings.Builder, n node, indent string) {
	next := indent + "  "
	switch v := n.(type) {
	case obj:
		b.WriteString("{\n")
		for i, f := range v {
			b.WriteString(next)
			b.WriteString(quote(f.key))
			b.WriteString(": ")
			writeJSON(b, f.val, next)
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case list:
		b.WriteString("[\n")
		for i, e := range v {
			b.WriteString(next)
			writeJSON(b, e, next)
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	default:
		b.WriteString(scalar(v))
	}
}

// writeYAML writes n in block style. Every string is double-quoted (a
// JSON string is a valid YAML double-quoted scalar), so no value is read
// as another type.
func writeYAML(b *strings.Builder, n node, indent string) {
	writeYAMLIn(b, n, indent, false)
}

// writeYAMLIn writes n; inline: the first key of a map follows a list's
// "- " on its line.
func writeYAMLIn(b *strings.Builder, n node, indent string, inline bool) {
	switch v := n.(type) {
	case obj:
		for i, f := range v {
			if i > 0 || !inline {
				b.WriteString(indent)
			}
			b.WriteString(yamlKey(f.key))
			b.WriteByte(':')
			writeYAMLValue(b, f.val, indent+"  ")
		}
	case list:
		for _, e := range v {
			b.WriteString(indent + "- ")
			switch e.(type) {
			case obj:
				writeYAMLIn(b, e, indent+"  ", true)
			default:
				b.WriteString(scalar(e) + "\n")
			}
		}
	}
}

func writeYAMLValue(b *strings.Builder, n node, indent string) {
	switch v := n.(type) {
	case obj:
		b.WriteByte('\n')
		writeYAML(b, v, indent)
	case list:
		b.WriteByte('\n')
		writeYAML(b, v, indent)
	default:
		b.WriteString(" " + scalar(v) + "\n")
	}
}

func yamlKey(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return quote(k)
		}
	}
	return k
}

func scalar(v node) string {
	switch v := v.(type) {
	case string:
		return quote(v)
	case bool:
		return strconv.FormatBool(v)
	case int:
		return strconv.Itoa(v)
	}
	panic("modelexport: unexpected node type")
}

// quote is JSON's quoting without HTML escapes, and with the characters
// JSON leaves as they are but YAML refuses or reads otherwise (DEL, the C1
// controls such as NEL, which a YAML 1.1 parser reads as a line break, and
// the byte order mark) written as \u escapes, which JSON, YAML and HCL all
// read back as the same character.
func quote(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	q := strings.TrimSuffix(b.String(), "\n")
	if !strings.ContainsFunc(q, yamlUnsafe) {
		return q
	}
	var out strings.Builder
	for _, r := range q {
		if yamlUnsafe(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
			continue
		}
		out.WriteRune(r)
	}
	return out.String()
}

// yamlUnsafe reports a character YAML does not take as it is in a
// double-quoted string.
func yamlUnsafe(r rune) bool {
	return r == 0x7f || (r >= 0x80 && r <= 0x9f) || r == 0xfeff
}
