package link

import "testing"

type carrier struct{ carried }

type carried = Hidden[string]

func TestGetReturnsTheEmbeddedValue(t *testing.T) {
	t.Parallel()
	c := carrier{New("v")}
	if got := Get[string](c); got != "v" {
		t.Fatalf("Get = %q, want %q", got, "v")
	}
	var zero carrier
	if got := Get[string](zero); got != "" {
		t.Fatalf("Get of a zero carrier = %q, want \"\"", got)
	}
}
