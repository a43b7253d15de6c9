package evolve

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// Share makes the job worker i of n: it takes the segments s with
// s % n == i, so that n processes or machines running the same job, each
// with its own i, scan every segment once between them. i must be 0 to
// n-1 and n at most the job's Segments, or Build refuses the job. With
// Checkpoint, a worker that stops can be started again with the same i
// and resumes its segments.
func (j Job) Share(i, n int) Job { j.shareI, j.shareN, j.shared = i, n, true; return j }

// checkShare checks the Share settings.
func (j Job) checkShare() error {
	if !j.shared {
		return nil
	}
	if j.shareN < 1 || j.shareN > j.segments {
		return j.invalid("Share: n must be 1 to the job's %d segments, got %d", j.segments, j.shareN)
	}
	if j.shareI < 0 || j.shareI >= j.shareN {
		return j.invalid("Share: i must be 0 to %d (n-1), got %d", j.shareN-1, j.shareI)
	}
	return nil
}

// share keeps the scan requests of the worker's segments.
func (j Job) share(ins []*dynamodb.ScanInput) []*dynamodb.ScanInput {
	if j.shareN <= 1 {
		return ins
	}
	var out []*dynamodb.ScanInput
	for _, in := range ins {
		if int(aws.ToInt32(in.Segment))%j.shareN == j.shareI {
			out = append(out, in)
		}
	}
	return out
}

// PageSize sets how many items each scan request reads at most (its
// Limit; 0, the default: as many as fit DynamoDB's 1 MB page). Smaller
// pages make finer checkpoints and a smoother rate.
func (j Job) PageSize(n int) Job { j.pageSize = n; return j }

// Expected sets the number of items the job expects to scan (in this
// worker's share, from the start of the job, also when a run resumes
// from checkpoints), for Progress's items left and ETA; 0 (the default):
// not known, and neither is told (see Progress.Left and Progress.ETA).
func (j Job) Expected(items int64) Job { j.expected = items; return j }

// checkScale checks the settings of a job split across workers, its
// pages and its checkpoints.
func (j Job) checkScale() error {
	if err := j.checkShare(); err != nil {
		return err
	}
	if j.pageSize < 0 || j.expected < 0 {
		return j.invalid("PageSize and Expected must not be negative, got %d and %d", j.pageSize, j.expected)
	}
	return j.checkCheckpoint()
}

// limit sets each request's page size.
func (j Job) limit(ins []*dynamodb.ScanInput) []*dynamodb.ScanInput {
	if j.pageSize > 0 {
		for _, in := range ins {
			in.Limit = aws.Int32(int32(min(j.pageSize, 1<<30)))
		}
	}
	return ins
}
