package query

import "github.com/ddbmodel/ddbmodel/entity"

// request describes the spec's query pages for db's Observer: the
// entities of its members. Without an Observer it is empty, so that an
// unobserved page allocates nothing for it.
func (s *spec) request(db *entity.DB) entity.Request {
	if db.Observer == nil {
		return entity.Request{}
	}
	return entity.Request{Entities: memberNames(s.members)}
}

// memberNames returns the names of the entities members.
func memberNames(members []Member) []string {
	names := make([]string, len(members))
	for i, m := range members {
		names[i] = m.Name()
	}
	return names
}
