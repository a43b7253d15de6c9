package employment

import "github.com/ddbmodel/ddbmodel/entity"

// Table is the professional-network table: PK, SK and the overloaded GSI1.
var Table = &entity.Table{
	Name:         "edtech-employment",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	},
}

// User is a user's profile.
type User struct {
	UserID   string `dynamo:"user_id"`
	Name     string `dynamo:"name"`
	Headline string `dynamo:"headline"`
}

// Company is a company's profile.
type Company struct {
	CompanyID string `dynamo:"company_id"`
	Name      string `dynamo:"name"`
}

// Employment statuses.
const (
	Current = "current"
	Former  = "former"
)

// Employment is one job of a user at a company. It is stored twice, as a
// UserEmployment and a CompanyEmployment.
type Employment struct {
	UserID    string `dynamo:"user_id"`
	CompanyID string `dynamo:"company_id"`
	Title     string `dynamo:"title"`
	Status    string `dynamo:"status"`     // Current or Former
	StartedAt string `dynamo:"started_at"` // RFC 3339
	EndedAt   string `dynamo:"ended_at"`   // RFC 3339, empty while current
}

// Users: USER#<user_id> / PROFILE.
var Users = entity.MustDefine(Table, entity.Config[User]{
	Name:       "User",
	Key:        entity.Key{Partition: "USER#${user_id}", Sort: "PROFILE"},
	Attributes: map[string]entity.Attribute{"name": {Required: true}},
})

// Companies: COMPANY#<company_id> / PROFILE.
var Companies = entity.MustDefine(Table, entity.Config[Company]{
	Name:       "Company",
	Key:        entity.Key{Partition: "COMPANY#${company_id}", Sort: "PROFILE"},
	Attributes: map[string]entity.Attribute{"name": {Required: true}},
})

var employmentRules = map[string]entity.Attribute{
	"status":     {Required: true, Enum: []string{Current, Former}},
	"title":      {Required: true},
	"started_at": {Required: true},
}

// UserEmployments are the edges in the user's partition, in time order, and
// in GSI1 under the user by status.
var UserEmployments = entity.MustDefine(Table, entity.Config[Employment]{
	Name: "UserEmployment",
	Key:  entity.Key{Partition: "USER#${user_id}", Sort: "EMPLOYMENT#${started_at:time}#COMPANY#${company_id}"},
	Indexes: []entity.IndexKey[Employment]{
		{Index: "GSI1", Partition: "USER#${user_id}", Sort: "STATUS#${status}#${started_at:time}#COMPANY#${company_id}"},
	},
	Attributes: employmentRules,
})

// CompanyEmployments are the inverse edges in the company's partition, and
// in GSI1 under the company by status.
var CompanyEmployments = entity.MustDefine(Table, entity.Config[Employment]{
	Name: "CompanyEmployment",
	Key:  entity.Key{Partition: "COMPANY#${company_id}", Sort: "EMPLOYMENT#${started_at:time}#USER#${user_id}"},
	Indexes: []entity.IndexKey[Employment]{
		{Index: "GSI1", Partition: "COMPANY#${company_id}", Sort: "STATUS#${status}#${started_at:time}#USER#${user_id}"},
	},
	Attributes: employmentRules,
})
