package main

import (
	"github.com/ddbmodel/ddbmodel/entity"
	m "github.com/ddbmodel/ddbmodel/entity/testdata/compilefail/model"
)

func main() {
	_ = entity.FieldOf(m.Users, func(t *m.Ticket) *string { return &t.Title }) // want: type func(t *model.Ticket) *string of func(t *m.Ticket) *string {…} does not match inferred type func(*model.User) *V for func(*T) *V
}
