package main

import (
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

func main() {
	// The samples' clock is a function: no caller can move every other
	// caller's samples by assigning to it.
	entity.SampleTime = func() time.Time { return time.Now() } // want: cannot assign
	_ = entity.SampleTime().Year()
}
