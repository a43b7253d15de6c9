package hint

import (
	"slices"
	"strings"
)

// Suggest returns the name among names closest to name, when one is close
// enough to be a likely typo, for a "did you mean" hint.
func Suggest(name string, names []string) string {
	best, bestD := "", 0
	lower := strings.ToLower(name)
	for _, c := range slices.Sorted(slices.Values(names)) {
		if strings.ToLower(c) == lower {
			return c
		}
		lc := strings.ToLower(c)
		d := editDistance(lower, lc)
		limit := 2
		if len(name) <= 4 {
			limit = 1
		}
		if len(lower) >= 3 && (strings.HasPrefix(lc, lower) || strings.HasPrefix(lower, lc)) && d <= 3 {
			d = min(d, limit) // a prefix: "stat" for "status"
		}
		if d <= limit && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, by rune.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	back := make([]int, len(rb)+1) // the row before prev
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], back[j-2]+1) // two letters swapped: "piad" for "paid"
			}
		}
		back, prev, cur = prev, cur, back
	}
	return prev[len(rb)]
}
