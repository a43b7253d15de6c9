package query

// WholePartition reads every item of the partition, of any entity: the
// query has no sort key condition, where a collection otherwise keeps to
// the sort key prefix its members' templates share. Its cursors take any
// key of the partition. It takes no sort condition (BeginsWith, SortKey,
// BetweenKeys).
func (c Collection) WholePartition() Collection { c.s.wholePartition = true; return c }
