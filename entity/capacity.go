package entity

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Capacity is an amount of consumed capacity in read and write units
// (RCU and WCU; on an on-demand table, read and write request units).
type Capacity struct {
	Read, Write float64
}

// Units returns Read + Write.
func (c Capacity) Units() float64 { return c.Read + c.Write }

// String returns the units as "read R, write W".
func (c Capacity) String() string { return fmt.Sprintf("read %g, write %g", c.Read, c.Write) }

func (c *Capacity) add(d Capacity) { c.Read += d.Read; c.Write += d.Write }

// readOperation reports whether a DynamoDB operation consumes read units.
func readOperation(op string) bool {
	switch op {
	case "GetItem", "Query", "Scan", "TransactGetItems", "BatchGetItem":
		return true
	}
	return false
}

// split returns units as read and write units: as DynamoDB split them when
// it did, else all read or all write as op reads or writes.
func split(op string, total, read, write *float64) Capacity {
	if read != nil || write != nil {
		return Capacity{Read: aws.ToFloat64(read), Write: aws.ToFloat64(write)}
	}
	if readOperation(op) {
		return Capacity{Read: aws.ToFloat64(total)}
	}
	return Capacity{Write: aws.ToFloat64(total)}
}

// CapacityOf sums the capacity DynamoDB reported for one response of
// operation op (a DynamoDB API name, as in [Event].Operation), over its
// tables and their indexes. Units DynamoDB does not split into read and
// write are counted as read units for reading operations and as write
// units for the others.
func CapacityOf(op string, cc []types.ConsumedCapacity) Capacity {
	var sum Capacity
	for _, c := range cc {
		sum.add(split(op, c.CapacityUnits, c.ReadCapacityUnits, c.WriteCapacityUnits))
	}
	return sum
}

// CapacityCounter is an [Observer] keeping a running total of the capacity
// consumed by the requests it observes: in all, per table and per index.
// Attach one to a DB copy for a request handler or a job
// (db.WithObserver(&counter)) and read it when the work is done. The zero
// value is ready to use; a CapacityCounter is safe for concurrent use and
// must not be copied after first use.
type CapacityCounter struct {
	mu       sync.Mutex
	requests int
	failed   int // requests that returned an error (failed.go)
	total    Capacity
	tables   map[string]*tableCapacity
}

type tableCapacity struct {
	all     Capacity
	indexes map[string]Capacity
}

// Observe adds ev's consumed capacity to the counter.
func (c *CapacityCounter) Observe(_ context.Context, ev *Event) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests++
	if ev.Err != nil {
		c.failed++
	}
	for _, cc := range ev.Capacity {
		units := split(ev.Operation, cc.CapacityUnits, cc.ReadCapacityUnits, cc.WriteCapacityUnits)
		c.total.add(units)
		name := aws.ToString(cc.TableName)
		if c.tables == nil {
			c.tables = map[string]*tableCapacity{}
		}
		t := c.tables[name]
		if t == nil {
			t = &tableCapacity{indexes: map[string]Capacity{}}
			c.tables[name] = t
		}
		t.all.add(units)
		for _, ixs := range []map[string]types.Capacity{cc.GlobalSecondaryIndexes, cc.LocalSecondaryIndexes} {
			for ix, u := range ixs {
				sum := t.indexes[ix]
				sum.add(split(ev.Operation, u.CapacityUnits, u.ReadCapacityUnits, u.WriteCapacityUnits))
				t.indexes[ix] = sum
			}
		}
	}
}

// Requests returns how many requests the counter has observed.
func (c *CapacityCounter) Requests() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.requests
}

// Total returns the capacity consumed by every request observed.
func (c *CapacityCounter) Total() Capacity {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Table returns the capacity consumed on the physical table named (the
// table and its indexes together). The name is the one requests were sent
// to, DB.TableName (or its DB.Tables mapping), which differs from the
// model's Table.Name when a DB renames the table, as entitytest.NewDB does:
// pass db.TableName, or *db.Table(model.Name). A name no request was sent
// to gives a zero Capacity.
func (c *CapacityCounter) Table(name string) Capacity {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tables[name]; t != nil {
		return t.all
	}
	return Capacity{}
}

// Index returns the capacity consumed on one index of the physical table
// named: what writes spent keeping it up to date and queries and scans spent
// reading it.
func (c *CapacityCounter) Index(table, index string) Capacity {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tables[table]; t != nil {
		return t.indexes[index]
	}
	return Capacity{}
}

// Tables returns the names of the physical tables with consumed capacity,
// sorted.
func (c *CapacityCounter) Tables() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Sorted(maps.Keys(c.tables))
}

// Indexes returns the names of the indexes of the physical table named with
// consumed capacity, sorted.
func (c *CapacityCounter) Indexes(table string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tables[table]; t != nil {
		return slices.Sorted(maps.Keys(t.indexes))
	}
	return nil
}

// Reset sets the counter back to zero.
func (c *CapacityCounter) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests, c.failed, c.total, c.tables = 0, 0, Capacity{}, nil
}
