package txn

import "github.com/ddbmodel/ddbmodel/entity"

// The entities of a request, for db's Observer. Without an Observer they
// are nil, so that an unobserved request allocates nothing for them.

func writeEntities(db *entity.DB, chunk []entity.BatchWrite) []string {
	if db.Observer == nil {
		return nil
	}
	names := make([]string, len(chunk))
	for i, w := range chunk {
		names[i] = w.Entity
	}
	return names
}

func readEntities(db *entity.DB, chunk []batchKey) []string {
	if db.Observer == nil {
		return nil
	}
	names := make([]string, len(chunk))
	for i, k := range chunk {
		names[i] = k.entity
	}
	return names
}

func (t GetTx) request(db *entity.DB) entity.Request {
	if db.Observer == nil {
		return entity.Request{}
	}
	names := make([]string, len(t.ops))
	for i, op := range t.ops {
		names[i] = op.EntityName()
	}
	return entity.Request{Entities: names}
}
