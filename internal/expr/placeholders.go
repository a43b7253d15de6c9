package expr

import "strconv"

// namePair is one attribute name and its placeholder.
type namePair struct{ attr, placeholder string }

// firstNames is how many names a Writer keeps in its array; past them, a map.
const firstNames = 8

// lookup returns the placeholder already given to attr.
func (w *Writer) lookup(attr string) (string, bool) {
	for _, np := range w.first[:w.nfirst] {
		if np.attr == attr {
			return np.placeholder, true
		}
	}
	p, ok := w.byAttr[attr]
	return p, ok
}

// remember records p as the placeholder of attr.
func (w *Writer) remember(attr, p string) {
	if w.nfirst < len(w.first) {
		w.first[w.nfirst] = namePair{attr, p}
		w.nfirst++
		return
	}
	if w.byAttr == nil {
		w.byAttr = map[string]string{}
	}
	w.byAttr[attr] = p
}

// The first placeholders of values and of names that are not identifiers,
// made once: most requests use only these.
var (
	valuePlaceholders = placeholders(":v", 32)
	namePlaceholders  = placeholders("#n", 16)
)

func placeholders(prefix string, n int) []string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = prefix + strconv.Itoa(i)
	}
	return ps
}

// valuePlaceholder returns ":v" followed by i.
func valuePlaceholder(i int) string {
	if i < len(valuePlaceholders) {
		return valuePlaceholders[i]
	}
	return ":v" + strconv.Itoa(i)
}

// namePlaceholder returns "#n" followed by i.
func namePlaceholder(i int) string {
	if i < len(namePlaceholders) {
		return namePlaceholders[i]
	}
	return "#n" + strconv.Itoa(i)
}
