package entity

import (
	"fmt"
	"maps"
	"testing"
)

// A smallMap holds what a map would, below and past smallMapMax entries,
// with later sets replacing earlier ones.
func TestSmallMapHoldsWhatAMapHolds(t *testing.T) {
	for _, n := range []int{0, 1, smallMapMax - 1, smallMapMax, smallMapMax + 1, 3 * smallMapMax} {
		var s smallMap[int]
		want := map[string]int{}
		for i := range n {
			k := fmt.Sprint("k", i)
			s.set(k, i)
			want[k] = i
		}
		for i := range n { // replace every other value
			if i%2 == 0 {
				k := fmt.Sprint("k", i)
				s.set(k, -i)
				want[k] = -i
			}
		}
		got := map[string]int{}
		s.each(func(k string, v int) {
			if _, dup := got[k]; dup {
				t.Errorf("n=%d: each visits %s twice", n, k)
			}
			got[k] = v
		})
		if !maps.Equal(got, want) {
			t.Errorf("n=%d: each gives %v, want %v", n, got, want)
		}
		for k, v := range want {
			if g, ok := s.get(k); !ok || g != v {
				t.Errorf("n=%d: get(%s) = %d, %v; want %d", n, k, g, ok, v)
			}
		}
		if _, ok := s.get("absent"); ok {
			t.Errorf("n=%d: get of an absent key reports it set", n)
		}
	}
}
