package entity_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// compileCase is one snippet under testdata/compilefail: the mistake it
// makes (the line and the compiler message its "// want: " comment gives),
// or none for the control.
type compileCase struct {
	dir  string
	line int
	want string
}

var compileErrLine = regexp.MustCompile(`^(?:\./)?testdata/compilefail/([^/]+)/main\.go:(\d+):\d+: (.*)$`)

// TestMistakesDoNotCompile builds every snippet under testdata/compilefail
// in one go build and checks that each fails with the compiler message its
// "// want: " comment gives, on that line, and that the control ("ok")
// compiles. The model package the snippets share must compile too.
func TestMistakesDoNotCompile(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to check that mistakes do not compile: %v", err)
	}
	dirs, err := os.ReadDir(filepath.Join("testdata", "compilefail"))
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]compileCase{}
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "model" {
			continue
		}
		c := compileCase{dir: d.Name()}
		f, err := os.Open(filepath.Join("testdata", "compilefail", d.Name(), "main.go"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if _, want, ok := strings.Cut(sc.Text(), "// want: "); ok {
				c.line, c.want = n, strings.TrimSpace(want)
			}
		}
		f.Close()
		if c.want == "" && c.dir != "ok" {
			t.Fatalf("%s/main.go has no // want: comment", c.dir)
		}
		cases[c.dir] = c
	}
	if len(cases) < 13 {
		t.Fatalf("%d snippets, want at least 12 mistakes and the control", len(cases))
	}
	cmd := exec.CommandContext(t.Context(), goTool, "build", "./testdata/compilefail/...")
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go build of the mistakes succeeded; every snippet but ok must fail:\n%s", out)
	}
	got := map[string][]string{} // case -> "line: message"
	for _, l := range strings.Split(string(out), "\n") {
		if m := compileErrLine.FindStringSubmatch(l); m != nil {
			got[m[1]] = append(got[m[1]], m[2]+": "+m[3])
		}
	}
	if errs := got["model"]; len(errs) > 0 {
		t.Fatalf("the snippets' model does not compile:\n%s", out)
	}
	for _, c := range cases {
		if c.dir == "ok" {
			if len(got["ok"]) > 0 {
				t.Errorf("the control snippet does not compile: %q", got["ok"])
			}
			continue
		}
		prefix := strconv.Itoa(c.line) + ": "
		found := false
		for _, e := range got[c.dir] {
			if strings.HasPrefix(e, prefix) && strings.Contains(e, c.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want a compile error on line %d saying %q; got %q", c.dir, c.line, c.want, got[c.dir])
		}
	}
	if t.Failed() {
		t.Logf("go build output:\n%s", out)
	}
}
