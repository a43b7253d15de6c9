//go:build !race

package buildbench_test

// underRace: built without the race detector.
const underRace = false
