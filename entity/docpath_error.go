package entity

import (
	"strconv"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// documentPaths are the paths among an update's that go below a top-level
// attribute, those DynamoDB may refuse for the item (a missing parent):
// what a *ddbmodel.DocumentPathError names.
func documentPaths(paths []docpath.Path) []ddbmodel.DocumentPath {
	var out []ddbmodel.DocumentPath
	for _, p := range paths {
		if len(p) < 2 {
			continue
		}
		dp := ddbmodel.DocumentPath{Attribute: p[0].Name, Elements: make([]string, 0, len(p)-1)}
		for _, el := range p[1:] {
			if el.IsIndex {
				dp.Elements = append(dp.Elements, "["+strconv.Itoa(el.Index)+"]")
			} else {
				dp.Elements = append(dp.Elements, el.Name)
			}
		}
		out = append(out, dp)
	}
	return out
}
