package entity

// Failed returns how many of the requests the counter observed returned an
// error (Event.Err): a failed condition, a canceled transaction, a
// throttled attempt. DynamoDB reports no consumed capacity for most
// failed requests, so Total leaves out what they cost; a report of the
// units should say how many requests failed rather than show their
// capacity as zero.
func (c *CapacityCounter) Failed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.failed
}
