// Package golden compares a stable JSON rendering of a value, typically a
// built DynamoDB request, against a file under testdata/, the way
// github.com/google/go-cmp's own tests do. Running the tests with -update
// rewrites the files instead:
//
//	go test ./entity -run TestPutBuild -update
//
// Only test binaries import this package; it registers the -update flag.
package golden

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ with what the tests got")

// Check renders got with [Render] and compares it with the file
// testdata/<TestName>/<name>.golden, where TestName is the top-level test's
// name and name is sanitised to letters, digits, '-', '_' and '.'. A
// difference fails the test with a diff (-want +got); with -update the file
// is rewritten instead.
func Check(t testing.TB, name string, got any) {
	t.Helper()
	text, err := Render(got)
	if err != nil {
		t.Fatalf("golden: rendering %s: %v", name, err)
		return
	}
	root, _, _ := strings.Cut(t.Name(), "/")
	path := filepath.Join("testdata", root, FileName(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("golden: wrote %s", path)
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Fatalf("golden: %s is missing; run the test with -update to write it", path)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(text)); diff != "" {
		t.Errorf("%s differs from %s (-want +got):\n%s\n(if the change is intended, rerun with -update)", name, path, diff)
	}
}

// FileName is the file name Check uses for a case name.
func FileName(name string) string {
	clean := strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && (r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return r
		}
		return '_'
	}, name)
	return clean + ".golden"
}

// Render returns an indented JSON rendering of v that is the same on every
// run: object keys are sorted (struct fields too), attribute values are
// written in DynamoDB's JSON form ({"S": "x"}, {"N": "1"}...), nil and zero
// fields and unexported fields are left out (a non-nil empty map or slice
// is kept, as {} or []), and runes that do not print are escaped as \uXXXX.
// A string that is not valid UTF-8 is an error, not a replacement character.
func Render(v any) ([]byte, error) {
	tree, err := plain(reflect.ValueOf(v))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(tree); err != nil {
		return nil, err
	}
	return escapeUnprintable(buf.Bytes()), nil
}

var attributeValue = reflect.TypeFor[types.AttributeValue]()

// plain turns v into maps, slices, strings, bools and numbers.
func plain(v reflect.Value) (any, error) {
	if !v.IsValid() {
		return nil, nil
	}
	if v.Kind() != reflect.Interface && v.Type().Implements(attributeValue) && !(v.Kind() == reflect.Pointer && v.IsNil()) {
		return attrValue(v.Interface().(types.AttributeValue))
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil, nil
		}
		return plain(v.Elem())
	case reflect.Struct:
		out := map[string]any{}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() || v.Field(i).IsZero() {
				continue
			}
			p, err := plain(v.Field(i))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			out[f.Name] = p
		}
		return out, nil
	case reflect.Map:
		if v.IsNil() {
			return nil, nil
		}
		out := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			if it.Key().Kind() != reflect.String {
				return nil, fmt.Errorf("map key of kind %s", it.Key().Kind())
			}
			p, err := plain(it.Value())
			if err != nil {
				return nil, fmt.Errorf("[%q]: %w", it.Key().String(), err)
			}
			out[it.Key().String()] = p
		}
		return out, nil
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return nil, nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return base64.StdEncoding.EncodeToString(v.Bytes()), nil
		}
		out := make([]any, v.Len())
		for i := range out {
			p, err := plain(v.Index(i))
			if err != nil {
				return nil, fmt.Errorf("[%d]: %w", i, err)
			}
			out[i] = p
		}
		return out, nil
	case reflect.String:
		if !utf8.ValidString(v.String()) {
			return nil, fmt.Errorf("string %q is not valid UTF-8", v.String())
		}
		return v.String(), nil
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), nil
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint(), nil
	case reflect.Float32, reflect.Float64:
		return v.Float(), nil
	}
	return nil, fmt.Errorf("cannot render a %s", v.Type())
}

// memberTags are DynamoDB's JSON names of the attribute value members.
var memberTags = map[reflect.Type]string{
	reflect.TypeFor[*types.AttributeValueMemberS](): "S", reflect.TypeFor[*types.AttributeValueMemberN](): "N",
	reflect.TypeFor[*types.AttributeValueMemberB](): "B", reflect.TypeFor[*types.AttributeValueMemberBOOL](): "BOOL",
	reflect.TypeFor[*types.AttributeValueMemberNULL](): "NULL", reflect.TypeFor[*types.AttributeValueMemberSS](): "SS",
	reflect.TypeFor[*types.AttributeValueMemberNS](): "NS", reflect.TypeFor[*types.AttributeValueMemberBS](): "BS",
	reflect.TypeFor[*types.AttributeValueMemberL](): "L", reflect.TypeFor[*types.AttributeValueMemberM](): "M",
}

// attrValue is av in DynamoDB's JSON form: its member's tag around its
// Value field.
func attrValue(av types.AttributeValue) (any, error) {
	tag, ok := memberTags[reflect.TypeOf(av)]
	if !ok {
		return nil, fmt.Errorf("attribute value of type %T", av)
	}
	p, err := plain(reflect.ValueOf(av).Elem().FieldByName("Value"))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tag, err)
	}
	return map[string]any{tag: p}, nil
}

// escapeUnprintable rewrites the non-ASCII runes of JSON text that do not
// print (U+10FFFF, U+FFFF, format characters...) as \uXXXX escapes, which
// decode to the same string. Outside strings, JSON text is ASCII.
func escapeUnprintable(text []byte) []byte {
	var out bytes.Buffer
	for _, r := range string(text) {
		switch {
		case r < utf8.RuneSelf || unicode.IsPrint(r):
			out.WriteRune(r)
		case r > 0xFFFF:
			r -= 0x10000
			fmt.Fprintf(&out, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
	}
	return out.Bytes()
}
