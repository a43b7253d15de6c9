package hint

import "testing"

func TestSuggest(t *testing.T) {
	names := []string{"paid", "name", "status", "total", "address"}
	for in, want := range map[string]string{
		"piad":   "paid", // two letters swapped
		"nmae":   "name",
		"stauts": "status",
		"totl":   "total",
		"Total":  "total",
		"adress": "address",
		"zzzz":   "",
	} {
		if got := Suggest(in, names); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
