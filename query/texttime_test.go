package query_test

import (
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// An ordering of a time stored as RFC 3339 text compares bytes, not
// instants (zones and fraction digits differ): it is refused at Build, in
// the string and the typed forms; equality, IN and existence still build,
// and orderings of a unixtime time too.
func TestOrderingOfTextTimeRefused(t *testing.T) {
	visits := newVisits(t)
	at := entity.TimeOf(visits, func(v *Visit) *time.Time { return &v.At })
	atOrdered := entity.OrderedOf(visits, func(v *Visit) *time.Time { return &v.At })
	expires := entity.TimeOf(visits, func(v *Visit) *time.Time { return &v.Expires })
	t1 := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	t2 := t1.Add(time.Hour)
	q := query.New(visits).Where(entity.Values{"siteId": "s1"})
	for name, c := range map[string]entity.Condition{
		"Attr Gt":           entity.Attr("at").Gt(t1),
		"Attr Ge":           entity.Attr("at").Ge(t1),
		"Attr Lt":           entity.Attr("at").Lt(t1),
		"Attr Le":           entity.Attr("at").Le(t1),
		"Attr Between":      entity.Attr("at").Between(t1, t2),
		"TimeOf Gt":         at.Gt(t1).Condition(),
		"TimeOf Between":    at.Between(t1, t2).Condition(),
		"OrderedOf Lt":      atOrdered.Lt(t1).Condition(),
		"in an Or":          entity.Or(entity.Attr("status").Eq("open"), entity.Attr("at").Gt(t1)),
		"with another attr": entity.Attr("expires").LtAttr("at"),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := q.Filter(c).Build()
			refused(t, err, "Visit", "at", "stored as RFC 3339 text", "does not sort as time", "unixtime", "${at:time}")
		})
	}
	for name, c := range map[string]entity.Condition{
		"Eq":               entity.Attr("at").Eq(t1),
		"Ne":               at.Ne(t1).Condition(),
		"In":               at.In(t1, t2).Condition(),
		"Exists":           entity.Attr("at").Exists(),
		"unixtime Gt":      expires.Gt(t1).Condition(),
		"unixtime Between": entity.Attr("expires").Between(t1, t2),
	} {
		if _, err := q.Filter(c).Build(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
