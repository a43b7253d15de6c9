package groups

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// SampleUsers are the sample users. u10 is there to show that USER#u10
// sorts between USER#u1 and USER#u2 (sort keys are text).
var SampleUsers = []User{
	{UserID: "u1", Name: "Ana"},
	{UserID: "u2", Name: "Bruno"},
	{UserID: "u3", Name: "Carla"},
	{UserID: "u4", Name: "Diego"},
	{UserID: "u5", Name: "Elisa"},
	{UserID: "u6", Name: "Fabio"},
	{UserID: "u7", Name: "Gabriela"},
	{UserID: "u8", Name: "Hugo"},
	{UserID: "u10", Name: "Julia"},
}

// SampleGroups are the sample groups (g10 and g20 are the design's).
var SampleGroups = []Group{
	{GroupID: "g10", Name: "Go study group"},
	{GroupID: "g20", Name: "DynamoDB modelling"},
	{GroupID: "g30", Name: "Weekend hackers"},
}

// SampleStart is the time of the first sample join; join i happens i
// minutes later.
var SampleStart = time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)

// SampleJoins are the sample memberships in the order LoadSample joins
// them: [user, group].
var SampleJoins = [][2]string{
	{"u1", "g10"}, {"u2", "g10"}, {"u1", "g20"}, {"u3", "g10"}, {"u4", "g10"},
	{"u3", "g20"}, {"u5", "g10"}, {"u5", "g20"}, {"u6", "g10"}, {"u7", "g20"},
	{"u1", "g30"}, {"u2", "g30"}, {"u8", "g30"}, {"u10", "g20"}, {"u10", "g30"},
}

// SampleJoinedAt returns the joined_at value of sample join i.
func SampleJoinedAt(i int) string {
	return SampleStart.Add(time.Duration(i) * time.Minute).Format(time.RFC3339)
}

// LoadSample writes the sample users and groups, then runs Join for every
// sample membership. Memberships that exist already are left as they are,
// so loading twice is harmless.
func LoadSample(ctx context.Context, db *entity.DB) error {
	var puts []entity.BatchWriter
	for _, u := range SampleUsers {
		puts = append(puts, Users.Put(u))
	}
	for _, g := range SampleGroups {
		puts = append(puts, Groups.Put(g))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, puts...); err != nil {
		return fmt.Errorf("groups: load sample: %w", err)
	}
	for i, j := range SampleJoins {
		err := Join(ctx, db, j[0], j[1], SampleStart.Add(time.Duration(i)*time.Minute))
		if err != nil && !errors.Is(err, ErrAlreadyMember) {
			return fmt.Errorf("groups: load sample: %w", err)
		}
	}
	return nil
}
