package keys

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A date composite named in Spec.UnixSeconds takes decimal seconds (and
// still RFC 3339 text and dates); one not named refuses digits, so that
// text such as "20240601" is never read as seconds.
func TestUnixSecondsLetADateTakeSeconds(t *testing.T) {
	unix := MustCompile(Spec{Template: "DAY#${at:date}#${id}", UnixSeconds: []string{"at"}})
	text := MustCompile(Spec{Template: "DAY#${at:date}#${id}"})
	for _, c := range []struct {
		at, want string
	}{
		{"1717216200", "DAY#2024-06-01#x"},
		{"-86400", "DAY#1969-12-31#x"},
		{"+0", "DAY#1970-01-01#x"},
		{"2024-06-01T04:30:00+05:00", "DAY#2024-05-31#x"},
		{"2024-06-01", "DAY#2024-06-01#x"},
	} {
		got, err := unix.Render(Values{"at": c.at, "id": "x"})
		if err != nil || got != c.want {
			t.Errorf("UnixSeconds: Render(at %q) = %q, %v; want %q", c.at, got, err, c.want)
		}
	}
	for _, at := range []string{"20240601", "1717216200", "-86400"} {
		if got, err := text.Render(Values{"at": at, "id": "x"}); !errors.Is(err, ErrFormat) {
			t.Errorf("without UnixSeconds: Render(at %q) = %q, %v; want ErrFormat", at, got, err)
		}
	}
	// Beyond year 9999, and beyond int64.
	for _, at := range []string{"253402300800", "99999999999999999999"} {
		if got, err := unix.Render(Values{"at": at, "id": "x"}); !errors.Is(err, ErrFormat) {
			t.Errorf("UnixSeconds: Render(at %q) = %q, %v; want ErrFormat", at, got, err)
		}
	}
}

// Spec.UnixSeconds must name composites of the template, and Spec returns
// a copy of it.
func TestUnixSecondsNamesComposites(t *testing.T) {
	_, err := Compile(Spec{Template: "DAY#${at:date}", UnixSeconds: []string{"when"}})
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("UnixSeconds naming no composite: err = %v, want a SyntaxError", err)
	}
	names := []string{"at"}
	tpl := MustCompile(Spec{Template: "DAY#${at:date}", UnixSeconds: names})
	names[0] = "x"
	got := tpl.Spec()
	got.UnixSeconds[0] = "y"
	if diff := cmp.Diff([]string{"at"}, tpl.Spec().UnixSeconds); diff != "" {
		t.Errorf("Spec().UnixSeconds changed by the caller (-want +got):\n%s", diff)
	}
	if s, err := tpl.Render(Values{"at": "0"}); err != nil || s != "DAY#1970-01-01" {
		t.Errorf("Render = %q, %v; want DAY#1970-01-01", s, err)
	}
}

// Spec.UnixSeconds names a date composite: a composite of another format
// is refused (it was accepted and did nothing; helper-113).
func TestUnixSecondsNamesADateComposite(t *testing.T) {
	for _, tpl := range []string{"ID#${id}", "N#${n:pad(9)}", "AT#${at:time}"} {
		name := map[string]string{"ID#${id}": "id", "N#${n:pad(9)}": "n", "AT#${at:time}": "at"}[tpl]
		_, err := Compile(Spec{Template: tpl, UnixSeconds: []string{name}})
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s with UnixSeconds %q: err = %v, want a SyntaxError", tpl, name, err)
		}
	}
}
