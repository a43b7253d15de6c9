// The helpers shared by this package's tests. A helper used by one test
// file stays in that file.

package keys

import "testing"

// checkSample fails unless c is a key both pairs render: each template
// renders its part, and, when Confirmed, each pair from one set of values.
func checkSample(t *testing.T, a, b Pair, c Collision) {
	t.Helper()
	for _, p := range []Pair{a, b} {
		if !p.Partition.Renders(c.Partition) {
			t.Errorf("%s does not render the sample partition %q", p.Partition, c.Partition)
		}
		if p.Sort != nil && !p.Sort.Renders(c.Sort) {
			t.Errorf("%s does not render the sample sort key %q", p.Sort, c.Sort)
		}
		if c.Confirmed && !p.renders(c.Partition, c.Sort) {
			t.Errorf("confirmed sample %q / %q is not rendered by %s / %v from one set of values", c.Partition, c.Sort, p.Partition, p.Sort)
		}
	}
}
