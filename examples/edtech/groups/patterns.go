package groups

import (
	"context"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// GroupsOfUserQuery is G1, the groups a user belongs to:
// PK = "USER#<user>" AND begins_with(SK, "GROUP#"), in group id order.
// The user's root item (SK USER#<user>) is outside the prefix.
func GroupsOfUserQuery(userID string) query.Query[Membership] {
	return query.By(GroupsOfUserKey, OfUser{UserID: userID})
}

// GroupsOfUser runs G1 and returns every edge of the user.
func GroupsOfUser(ctx context.Context, db *entity.DB, userID string) ([]Membership, error) {
	return GroupsOfUserQuery(userID).Collect(ctx, db)
}

// MembersOfGroupQuery is G2, the members of a group:
// PK = "GROUP#<group>" AND begins_with(SK, "USER#"), in user id order.
func MembersOfGroupQuery(groupID string) query.Query[Membership] {
	return query.By(MembersOfGroupKey, OfGroup{GroupID: groupID})
}

// MembersOfGroup runs G2 and returns every edge of the group.
func MembersOfGroup(ctx context.Context, db *entity.DB, groupID string) ([]Membership, error) {
	return MembersOfGroupQuery(groupID).Collect(ctx, db)
}
