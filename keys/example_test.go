package keys_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel/keys"
)

var lessonSK = keys.MustCompile(keys.Spec{
	Attribute: "GSI1SK",
	Template:  "MODULE#${moduleId}#LESSON#${lessonId}",
	MaxBytes:  1024,
})

func Example() {
	pk := keys.MustParse("REPO#${owner}#${repo_name}")
	key, err := pk.Render(keys.Strings{"owner": "alex", "repo_name": "ddb-model"})
	fmt.Println(key, err)

	_, err = lessonSK.Render(keys.Strings{"moduleId": "a#b", "lessonId": "l1"})
	fmt.Println(errors.Is(err, keys.ErrDelimiter))
	fmt.Println(err)
	// Output:
	// REPO#alex#ddb-model <nil>
	// true
	// keys: GSI1SK from "MODULE#${moduleId}#LESSON#${lessonId}": composite moduleId "a#b" contains a delimiter of its key ("#")
}

func ExampleTemplate_Prefix() {
	prefix, complete, err := lessonSK.Prefix(keys.Strings{"moduleId": "m1"})
	fmt.Println(prefix, complete, err)

	prefix, complete, _ = lessonSK.Prefix(keys.Strings{})
	fmt.Println(prefix, complete)

	prefix, complete, _ = lessonSK.Prefix(keys.Strings{"moduleId": "m1", "lessonId": "l7"})
	fmt.Println(prefix, complete)
	// Output:
	// MODULE#m1#LESSON# false <nil>
	// MODULE# false
	// MODULE#m1#LESSON#l7 true
}

func ExampleTemplate_Render_pad() {
	version := keys.MustParse("VERSION#${version:pad(10)}")
	k9, _ := version.Render(keys.Values{"version": 9})
	k10, _ := version.Render(keys.Values{"version": 10})
	fmt.Println(k9)
	fmt.Println(k10)
	fmt.Println(k9 < k10)
	// Output:
	// VERSION#0000000009
	// VERSION#0000000010
	// true
}

func ExampleTemplate_Render_rev() {
	newest := keys.MustParse("SEQ#${seq:rev(8)}")
	k9, _ := newest.Render(keys.Values{"seq": 9})
	k10, _ := newest.Render(keys.Values{"seq": 10})
	fmt.Println(k9)
	fmt.Println(k10)
	fmt.Println(k10 < k9)
	// Output:
	// SEQ#99999990
	// SEQ#99999989
	// true
}

func ExampleTemplate_Render_time() {
	at := keys.MustParse("EVENT#${at:time}")
	k, _ := at.Render(keys.Strings{"at": "2024-01-02T03:04:05.5+01:00"})
	fmt.Println(k)
	// Output:
	// EVENT#2024-01-02T02:04:05.500000000Z
}

func ExampleTemplate_Extract() {
	values, err := lessonSK.Extract("MODULE#m1#LESSON#l7")
	fmt.Println(values["moduleId"], values["lessonId"], err)

	version := keys.MustParse("VERSION#${version:pad(10)}")
	values, _ = version.Extract("VERSION#0000000010")
	fmt.Println(values["version"])

	_, err = lessonSK.Extract("ARTICLE#a1")
	fmt.Println(errors.Is(err, keys.ErrNoMatch))
	// Output:
	// m1 l7 <nil>
	// 10
	// true
}

func ExampleTemplate_RenderShard() {
	byStatus := keys.MustParse("ORDERS#${status}#${orderId:shard(4)}")
	attr, count, _ := byStatus.Shard()
	fmt.Println(attr, count)
	for shard := range count {
		k, _ := byStatus.RenderShard(keys.Strings{"status": "open"}, shard)
		fmt.Println(k)
	}
	// Output:
	// orderId 4
	// ORDERS#open#0
	// ORDERS#open#1
	// ORDERS#open#2
	// ORDERS#open#3
}

func ExampleCompile_number() {
	score := keys.MustCompile(keys.Spec{Attribute: "LSI1SK", Template: "${score}", Kind: keys.Number})
	k, _ := score.Render(keys.Strings{"score": "1.50e2"})
	fmt.Println(k)
	// Output:
	// 150
}

// A generator makes time-sortable IDs; two in one millisecond still sort in
// the order they were made.
func ExampleULIDs() {
	g := keys.ULIDs{Entropy: zeros{}} // crypto/rand when nil
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	a, _ := g.At(at)
	b, _ := g.At(at)
	fmt.Println(a)
	fmt.Println(b, a < b)
	t, _ := keys.ULIDTime(b)
	fmt.Println(t)
	// Output:
	// 01HWT0D7G00000000000000000
	// 01HWT0D7G00000000000000001 true
	// 2024-05-01 12:00:00 +0000 UTC
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// ValueText gives the text a Go value renders as in a key, as a Values
// map converts it: a time in UTC as RFC 3339, a nil pointer as not given.
func ExampleValueText() {
	at := time.Date(2026, 11, 28, 9, 30, 0, 0, time.FixedZone("CET", 3600))
	text, ok, err := keys.ValueText("createdAt", at)
	fmt.Println(text, ok, err)
	var missing *string
	_, ok, err = keys.ValueText("slug", missing)
	fmt.Println(ok, err)
	_, _, err = keys.ValueText("tags", []string{"go"})
	fmt.Println(errors.Is(err, keys.ErrType))
	// Output:
	// 2026-11-28T08:30:00Z true <nil>
	// false <nil>
	// true
}
