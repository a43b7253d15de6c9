package entity

import (
	"fmt"
	"strings"
)

// withArticle writes t (a Go type, or its name) after "a" or "an", as its
// first sound asks: "an int", "an int8", "a string", "a uint" (said
// "you-int"), "a []string", "a *time.Time".
func withArticle(t any) string {
	s := fmt.Sprint(t)
	lower := strings.ToLower(s)
	an := strings.ContainsAny(lower[:min(1, len(lower))], "aeio") ||
		strings.HasPrefix(lower, "u") && !strings.HasPrefix(lower, "uint") && !strings.HasPrefix(lower, "uni") && !strings.HasPrefix(lower, "use")
	if an {
		return "an " + s
	}
	return "a " + s
}
