package groups

import "github.com/ddbmodel/ddbmodel/entity"

// Typed keys: one struct per entity key (and per query), checked when
// declared to hold exactly the key's composites.

// UserKey identifies a user.
type UserKey struct {
	UserID string `dynamo:"user_id"`
}

// GroupKey identifies a group.
type GroupKey struct {
	GroupID string `dynamo:"group_id"`
}

// MembershipKey identifies a membership; both edges (UserGroups and
// GroupMembers) are keyed by the same two composites.
type MembershipKey struct {
	UserID  string `dynamo:"user_id"`
	GroupID string `dynamo:"group_id"`
}

// OfUser is the partition of a user's memberships.
type OfUser struct {
	UserID string `dynamo:"user_id"`
}

// OfGroup is the partition of a group's members.
type OfGroup struct {
	GroupID string `dynamo:"group_id"`
}

// Keys, resolved once.
var (
	UserByKey        = entity.ItemKeyOf[UserKey](Users)
	GroupByKey       = entity.ItemKeyOf[GroupKey](Groups)
	UserGroupByKey   = entity.ItemKeyOf[MembershipKey](UserGroups)
	GroupMemberByKey = entity.ItemKeyOf[MembershipKey](GroupMembers)

	GroupsOfUserKey   = entity.QueryKeyOf[OfUser](UserGroups, "")
	MembersOfGroupKey = entity.QueryKeyOf[OfGroup](GroupMembers, "")
)
