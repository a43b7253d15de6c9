package exampleapp

import (
	"errors"
	"strings"
	"testing"
)

func TestPattern(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	app := &App{Out: &out}
	app.Pattern("AP1", "Articles of an author, newest first",
		`Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); descending`,
		[]string{"ID", "TITLE", "VIEWS"},
		[][]string{
			{"a10", "Second post", "7"},
			{"a1", "First\tpost\nwith a newline", "1234"},
		})
	app.Pattern("AP2", "Nothing found", "GetItem cms: PK = \"X\", SK = \"Y\"", []string{"ID"}, nil)
	app.Pattern("TX1", "Publish an article",
		"Update cms: PK = \"A\", SK = \"B\"; SET Published = true\nPut cms: PK = \"C\", SK = \"D\"\n",
		nil, [][]string{{"ok"}})
	want := `== AP1: Articles of an author, newest first
   Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); descending
   ID   TITLE                       VIEWS
   a10  Second post                 7
   a1   First post\nwith a newline  1234
   (2 rows)

== AP2: Nothing found
   GetItem cms: PK = "X", SK = "Y"
   ID
   (no rows)

== TX1: Publish an article
   Update cms: PK = "A", SK = "B"; SET Published = true
   Put cms: PK = "C", SK = "D"
   ok
   (1 row)

`
	if got := out.String(); got != want {
		t.Errorf("Pattern output:\n%s\nwant:\n%s", got, want)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func TestPatternRemembersFirstWriteError(t *testing.T) {
	t.Parallel()
	first := errors.New("disk full")
	app := &App{Out: failingWriter{first}}
	app.Pattern("AP1", "x", "r", nil, nil)
	app.Out = failingWriter{errors.New("later")}
	app.Pattern("AP2", "y", "r", nil, nil)
	if !errors.Is(app.writeErr, first) {
		t.Errorf("writeErr = %v, want the first error %v", app.writeErr, first)
	}
}
