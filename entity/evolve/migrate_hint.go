package evolve

import (
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// noUpgrade gives f, the finding of an item decoded as it is, its Hint
// when the item is stored at another version than the entity's: the
// entity declares no upgrade from it (one would have made the finding
// OldVersion), and declaring one migrates such items.
func (f *Finding) noUpgrade(tb *entity.Table) *Finding {
	if f == nil {
		return nil
	}
	for _, d := range f.Diffs {
		stored, ok := d.Stored.(*types.AttributeValueMemberS)
		wanted, ok2 := d.Wanted.(*types.AttributeValueMemberS)
		if d.Attribute == tb.EntityVersionAttr() && ok && ok2 {
			f.Hint = fmt.Sprintf("the item is stored at version %q, the entity's Version is %q, and it declares no upgrade from %q: "+
				"if %q is an older version, entity.UpgradeFrom(%q, ...) in Config.Upgrades would make Repair migrate such items; "+
				"an item of a newer version was written by a newer model, and is that model's to check",
				stored.Value, wanted.Value, stored.Value, stored.Value, stored.Value)
		}
	}
	return f
}

// kindsText lists kinds, separated by commas (their names have spaces).
func kindsText(kinds []Kind) string {
	s := make([]string, len(kinds))
	for i, k := range kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}
