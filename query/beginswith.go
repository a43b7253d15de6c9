package query

import (
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/keys"
)

// checkBeginsWith refuses a BeginsWith prefix that no sort key of the
// members can begin with: every key a template renders begins with the
// template's leading literal (AT# for AT#${at:time}), so a prefix that
// neither begins with that literal nor is a prefix of it selects nothing.
// A computed sort key (no template) is not checked: it may render
// anything. In a collection the prefix must fit one member's template.
func (s *spec) checkBeginsWith(sks []contract.KeySpec, prefix string) error {
	var literal, tmpl string
	for _, k := range sks {
		if k.Template == nil {
			return nil
		}
		lit, complete, err := k.Template.Prefix(keys.Strings{})
		if err != nil || strings.HasPrefix(lit, prefix) || (!complete && strings.HasPrefix(prefix, lit)) {
			return nil
		}
		if literal == "" {
			literal, tmpl = lit, k.Template.String()
			if complete {
				tmpl = ""
			}
		}
	}
	if literal == "" {
		return nil
	}
	reason := fmt.Sprintf("BeginsWith(%q) can never match: every sort key of %s is %q", prefix, indexName(s.index), literal)
	if tmpl != "" {
		reason = fmt.Sprintf("BeginsWith(%q) can never match: every sort key of %s renders from %s and begins with %q; did you mean %q?",
			prefix, indexName(s.index), tmpl, literal, literal+prefix)
	}
	return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sks[0].Attribute, Reason: reason}
}
