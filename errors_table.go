package ddbmodel

import "strings"

// TableMismatchError reports, from entity.Table.Ensure, an existing table
// that does not fit the model that describes it: an index the model
// declares is missing, or has other keys or projection; a key attribute
// has another type; the billing mode, stream or time to live differ.
// Ensure does not change an existing table: a service that finds this
// error at start-up runs against a table its requests do not fit, and
// should stop.
type TableMismatchError struct {
	Table string // the table's name as requested (the physical name)
	// Differences lists each difference in words, in a fixed order: key
	// schema, attribute types, global then local indexes by name, billing,
	// provisioned capacity (the table's, then each global index's),
	// stream, time to live.
	Differences []string
}

// Error describes the TableMismatchError.
func (e *TableMismatchError) Error() string {
	return "ddbmodel: table " + e.Table + " does not fit its model: " + strings.Join(e.Differences, "; ")
}
