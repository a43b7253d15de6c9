package groups_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/groups"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
	"github.com/ddbmodel/ddbmodel/internal/pagetest"
)

// setup returns a DB on a fresh table holding the sample data.
func setup(t *testing.T) (context.Context, *entity.DB) {
	t.Helper()
	return exampletest.Sample(t, groups.Table, groups.LoadSample)
}

// edge is the membership of sample join i.
func edge(user, group string, i int) groups.Membership {
	return groups.Membership{UserID: user, GroupID: group, JoinedAt: groups.SampleJoinedAt(i)}
}

func TestGroupsOfUser(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	tests := []struct {
		user string
		want []groups.Membership
	}{
		{"u1", []groups.Membership{edge("u1", "g10", 0), edge("u1", "g20", 2), edge("u1", "g30", 10)}},
		{"u2", []groups.Membership{edge("u2", "g10", 1), edge("u2", "g30", 11)}},
		{"u10", []groups.Membership{edge("u10", "g20", 13), edge("u10", "g30", 14)}},
		{"u4", []groups.Membership{edge("u4", "g10", 4)}},
		{"nobody", nil},
	}
	for _, tt := range tests {
		got, err := groups.GroupsOfUser(ctx, db, tt.user)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("GroupsOfUser(%s) (-want +got):\n%s", tt.user, diff)
		}
	}
}

func TestMembersOfGroup(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	tests := []struct {
		group string
		want  []groups.Membership
	}{
		{"g10", []groups.Membership{edge("u1", "g10", 0), edge("u2", "g10", 1), edge("u3", "g10", 3),
			edge("u4", "g10", 4), edge("u5", "g10", 6), edge("u6", "g10", 8)}},
		// Sort keys are text: USER#u10 comes right after USER#u1.
		{"g20", []groups.Membership{edge("u1", "g20", 2), edge("u10", "g20", 13), edge("u3", "g20", 5),
			edge("u5", "g20", 7), edge("u7", "g20", 9)}},
		{"g30", []groups.Membership{edge("u1", "g30", 10), edge("u10", "g30", 14), edge("u2", "g30", 11),
			edge("u8", "g30", 12)}},
	}
	for _, tt := range tests {
		got, err := groups.MembersOfGroup(ctx, db, tt.group)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("MembersOfGroup(%s) (-want +got):\n%s", tt.group, diff)
		}
		// Page by page, two at a time: the pages concatenate to the same list.
		paged, pages := pagetest.Walk(ctx, t, db, groups.MembersOfGroupQuery(tt.group), 2)
		if diff := cmp.Diff(tt.want, paged); diff != "" {
			t.Errorf("MembersOfGroup(%s) in pages (-want +got):\n%s", tt.group, diff)
		}
		if pages < 3 {
			t.Errorf("MembersOfGroup(%s): %d pages of 2, want at least 3", tt.group, pages)
		}
	}
}

func TestGroupsOfUserPages(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []groups.Membership{edge("u1", "g10", 0), edge("u1", "g20", 2), edge("u1", "g30", 10)}
	got, pages := pagetest.Walk(ctx, t, db, groups.GroupsOfUserQuery("u1"), 1)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("GroupsOfUser(u1) in pages of 1 (-want +got):\n%s", diff)
	}
	if pages < 3 {
		t.Errorf("%d pages, want at least 3", pages)
	}
}

func TestJoinWritesBothEdges(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	at := time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)
	if err := groups.Join(ctx, db, "u4", "g30", at); err != nil {
		t.Fatal(err)
	}
	joined := groups.Membership{UserID: "u4", GroupID: "g30", JoinedAt: "2024-06-01T12:00:00Z"}
	ofUser, err := groups.GroupsOfUser(ctx, db, "u4")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]groups.Membership{edge("u4", "g10", 4), joined}, ofUser); diff != "" {
		t.Errorf("groups of u4 after join (-want +got):\n%s", diff)
	}
	members, err := groups.MembersOfGroup(ctx, db, "g30")
	if err != nil {
		t.Fatal(err)
	}
	want := []groups.Membership{edge("u1", "g30", 10), edge("u10", "g30", 14), edge("u2", "g30", 11), joined, edge("u8", "g30", 12)}
	if diff := cmp.Diff(want, members); diff != "" {
		t.Errorf("members of g30 after join (-want +got):\n%s", diff)
	}
}

func TestJoinTwiceIsAnErrorAndKeepsOnePair(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	err := groups.Join(ctx, db, "u1", "g10", time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	if !errors.Is(err, groups.ErrAlreadyMember) {
		t.Fatalf("second join: got %v, want ErrAlreadyMember", err)
	}
	var me *groups.MembershipError
	if !errors.As(err, &me) || me.Op != "join" || me.UserID != "u1" || me.GroupID != "g10" {
		t.Errorf("second join: got %#v, want a *MembershipError for join u1 g10", me)
	}
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("second join: %v does not carry the canceled transaction", err)
	}
	// Exactly one pair of edges, with the first join's time.
	ofUser, err := groups.GroupsOfUser(ctx, db, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]groups.Membership{edge("u1", "g10", 0), edge("u1", "g20", 2), edge("u1", "g30", 10)}, ofUser); diff != "" {
		t.Errorf("groups of u1 (-want +got):\n%s", diff)
	}
	members, err := groups.MembersOfGroup(ctx, db, "g10")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(members); n != 6 || members[0] != edge("u1", "g10", 0) {
		t.Errorf("members of g10: %d edges, first %+v; want 6, u1's original", n, members[0])
	}
}

func TestJoinUnknownUserOrGroupWritesNothing(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	at := time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		user, group string
		want        error
	}{
		{"ghost", "g10", groups.ErrNoSuchUser},
		{"u1", "g99", groups.ErrNoSuchGroup},
	} {
		err := groups.Join(ctx, db, tt.user, tt.group, at)
		if !errors.Is(err, tt.want) {
			t.Errorf("Join(%s, %s): got %v, want %v", tt.user, tt.group, err, tt.want)
		}
		ofUser, err := groups.GroupsOfUser(ctx, db, tt.user)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ofUser {
			if m.GroupID == tt.group {
				t.Errorf("Join(%s, %s) failed but left the edge %+v", tt.user, tt.group, m)
			}
		}
		members, err := groups.MembersOfGroup(ctx, db, tt.group)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range members {
			if m.UserID == tt.user {
				t.Errorf("Join(%s, %s) failed but left the inverse edge %+v", tt.user, tt.group, m)
			}
		}
	}
}

func TestLeaveRemovesBothEdges(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	if err := groups.Leave(ctx, db, "u3", "g20"); err != nil {
		t.Fatal(err)
	}
	ofUser, err := groups.GroupsOfUser(ctx, db, "u3")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]groups.Membership{edge("u3", "g10", 3)}, ofUser); diff != "" {
		t.Errorf("groups of u3 after leaving g20 (-want +got):\n%s", diff)
	}
	members, err := groups.MembersOfGroup(ctx, db, "g20")
	if err != nil {
		t.Fatal(err)
	}
	want := []groups.Membership{edge("u1", "g20", 2), edge("u10", "g20", 13), edge("u5", "g20", 7), edge("u7", "g20", 9)}
	if diff := cmp.Diff(want, members); diff != "" {
		t.Errorf("members of g20 after u3 left (-want +got):\n%s", diff)
	}

	err = groups.Leave(ctx, db, "u3", "g20")
	if !errors.Is(err, groups.ErrNotMember) {
		t.Fatalf("leaving twice: got %v, want ErrNotMember", err)
	}
	var me *groups.MembershipError
	if !errors.As(err, &me) || me.Op != "leave" {
		t.Errorf("leaving twice: got %#v, want a *MembershipError for leave", me)
	}
	// Rejoining works again: the pair is gone, not half gone.
	if err := groups.Join(ctx, db, "u3", "g20", time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Errorf("rejoin after leave: %v", err)
	}
}
