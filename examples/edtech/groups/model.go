package groups

import "github.com/ddbmodel/ddbmodel/entity"

// Table is the adjacency-list table: a generic PK and SK, no indexes.
var Table = &entity.Table{
	Name:         "edtech-groups",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
}

// User is a user's root item.
type User struct {
	UserID string `dynamo:"user_id"`
	Name   string `dynamo:"name"`
}

// Group is a group's root item.
type Group struct {
	GroupID string `dynamo:"group_id"`
	Name    string `dynamo:"name"`
}

// Membership is one edge between a user and a group. The same value is
// stored twice: as a UserGroup in the user's partition and as a GroupMember
// in the group's.
type Membership struct {
	UserID   string `dynamo:"user_id"`
	GroupID  string `dynamo:"group_id"`
	JoinedAt string `dynamo:"joined_at"` // RFC 3339, UTC
}

// Users are the user root items: PK = SK = USER#<user_id>.
var Users = entity.MustDefine(Table, entity.Config[User]{
	Name: "User",
	Key:  entity.Key{Partition: "USER#${user_id}", Sort: "USER#${user_id}"},
	Attributes: map[string]entity.Attribute{
		"name": {Required: true},
	},
})

// Groups are the group root items: PK = SK = GROUP#<group_id>.
var Groups = entity.MustDefine(Table, entity.Config[Group]{
	Name: "Group",
	Key:  entity.Key{Partition: "GROUP#${group_id}", Sort: "GROUP#${group_id}"},
	Attributes: map[string]entity.Attribute{
		"name": {Required: true},
	},
})

// UserGroups are the edges in the user's partition: USER#<user_id> / GROUP#<group_id>.
var UserGroups = entity.MustDefine(Table, entity.Config[Membership]{
	Name: "UserGroup",
	Key:  entity.Key{Partition: "USER#${user_id}", Sort: "GROUP#${group_id}"},
	Attributes: map[string]entity.Attribute{
		"joined_at": {Required: true},
	},
})

// GroupMembers are the inverse edges in the group's partition: GROUP#<group_id> / USER#<user_id>.
var GroupMembers = entity.MustDefine(Table, entity.Config[Membership]{
	Name: "GroupMember",
	Key:  entity.Key{Partition: "GROUP#${group_id}", Sort: "USER#${user_id}"},
	Attributes: map[string]entity.Attribute{
		"joined_at": {Required: true},
	},
})
