package query

import "github.com/ddbmodel/ddbmodel/entity"

// request describes the spec's query pages for db's Observer: the
// entities of its members. Without an Observer it is empty, so that an
// unobserved page allocates nothing for it.
func (s *spec) request(db *entity.DB) entity.Request {
	if db.Observer == nil {
		return entity.Request{}
	}
	names := make([]string, len(s.members))
	for i, m := range s.members {
		names[i] = m.Name()
	}
	return entity.Request{Entities: names}
}
