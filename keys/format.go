package keys

// CompositeFormat returns the format of the composite named name as written
// in the template ("pad(10)", "rev(6)", "time", "date", "shard(10)"), or ""
// for a free-text composite; ok is false when the template has no such
// composite. Every format but free text renders a fixed width, so that
// string order is the order of the values.
func (t *Template) CompositeFormat(name string) (format string, ok bool) {
	for i := range t.comps {
		if t.comps[i].name == name {
			return t.comps[i].spec, true
		}
	}
	return "", false
}
