package keys

import (
	"fmt"
	"testing"
)

var sink string

// BenchmarkRender renders a two-composite string template; compare it with
// BenchmarkSprintf, the fmt.Sprintf baseline for the same key.
func BenchmarkRender(b *testing.B) {
	tm := MustCompile(Spec{Attribute: "PK", Template: "REPO#${owner}#${repo_name}", MaxBytes: 2048})
	src := Strings{"owner": "alex", "repo_name": "ddb-model"}
	b.ReportAllocs()
	for b.Loop() {
		k, err := tm.Render(src)
		if err != nil {
			b.Fatal(err)
		}
		sink = k
	}
}

// BenchmarkSprintf is the fmt.Sprintf baseline for BenchmarkRender; it does
// none of Render's checks.
func BenchmarkSprintf(b *testing.B) {
	src := Strings{"owner": "alex", "repo_name": "ddb-model"}
	b.ReportAllocs()
	for b.Loop() {
		sink = fmt.Sprintf("REPO#%s#%s", src["owner"], src["repo_name"])
	}
}

func BenchmarkRenderFormats(b *testing.B) {
	tm := MustParse("V#${v:pad(10)}#${w:rev(8)}#${t:time}#${s:shard(16)}")
	src := Strings{"v": "10", "w": "42", "t": "2024-01-02T03:04:05.123+01:00", "s": "order-1"}
	b.ReportAllocs()
	for b.Loop() {
		k, err := tm.Render(src)
		if err != nil {
			b.Fatal(err)
		}
		sink = k
	}
}

func BenchmarkPrefix(b *testing.B) {
	tm := MustParse("MODULE#${moduleId}#LESSON#${lessonId}")
	src := Strings{"moduleId": "m1"}
	b.ReportAllocs()
	for b.Loop() {
		p, _, err := tm.Prefix(src)
		if err != nil {
			b.Fatal(err)
		}
		sink = p
	}
}

func BenchmarkExtract(b *testing.B) {
	tm := MustParse("MODULE#${moduleId}#LESSON#${lessonId}")
	b.ReportAllocs()
	for b.Loop() {
		m, err := tm.Extract("MODULE#m1#LESSON#l2")
		if err != nil {
			b.Fatal(err)
		}
		sink = m["moduleId"]
	}
}
