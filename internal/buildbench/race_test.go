//go:build race

package buildbench_test

// underRace: the race detector's instrumentation makes one more allocation
// in the update and transaction builds (TestBuildAllocations), and its
// sync.Pool drops some of what it is given (TestBuildBytes).
const underRace = true
