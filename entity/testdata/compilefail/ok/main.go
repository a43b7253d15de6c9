// Command ok is the control: every form the mistakes get wrong, right. It
// must compile.
package main

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
	"github.com/ddbmodel/ddbmodel/query"
)

func main() {
	up := m.TicketByID.Update(m.TicketKey{ID: "t1"}).
		Apply(m.Votes.Add(1), m.Title.Set("x"), m.Labels.Add("a"), m.Log.Append("b"), m.Addrs.Key("home").Set(m.Address{City: "Oslo"})).
		Ensure(m.Title.BeginsWith("C"), m.Labels.Contains("a"), m.Log.Contains("b"), m.Status.In("open", "new"), m.Votes.Between(1, 9),
			m.Title.LtAttr(m.Status), m.Labels.SizeLe(3), m.Log.SizeEq(2), m.Title.SizeNe(0), m.Addrs.SizeGe(1), m.Votes.IsType(entity.TypeNumber),
			m.Votes.LtAttr(m.Seen), m.Seen.GeAttr(m.Votes), m.Title.EqAttr(m.TKind), m.TKind.LtAttr(m.Title), m.Open.EqAttr(m.Open),
			entity.AsOrdered(m.Log.At(0)).Gt("a"))
	q := query.By(m.TicketsByStatus, m.StatusKey{Status: "open"}).Matching(m.Votes.Gt(1)).ProjectFields(m.Title, m.Votes)
	g := m.UserByName.Get(m.UserKey{Name: "ana"})
	fmt.Println(up, q, g)
}
