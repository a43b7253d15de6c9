package query_test

import (
	"github.com/ddbmodel/ddbmodel/entity"
)

type Course struct {
	CourseID string `dynamo:"courseId"`
	Title    string `dynamo:"title"`
}

type Lesson struct {
	CourseID string `dynamo:"courseId"`
	ModuleID string `dynamo:"moduleId"`
	LessonID string `dynamo:"lessonId"`
	Title    string `dynamo:"title"`
	Minutes  int    `dynamo:"minutes"`
}

type Student struct {
	StudentID    string `dynamo:"studentId"`
	Name         string `dynamo:"name"`
	RegisteredAt string `dynamo:"registeredAt"`
}

type Score struct {
	Game   string `dynamo:"game"`
	Player string `dynamo:"player"`
	Points int    `dynamo:"points"`
}

func newSchool() (*entity.Table, *entity.Entity[Course], *entity.Entity[Lesson], *entity.Entity[Student], *entity.Entity[Score]) {
	table := &entity.Table{
		Name: "school", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "ByPoints", PartitionKey: entity.S("game"), SortKey: entity.N("points")},
		},
	}
	courses := entity.MustDefine(table, entity.Config[Course]{
		Name: "Course",
		Key:  entity.Key{Partition: "COURSE#${courseId}", Sort: "#METADATA"},
	})
	lessons := entity.MustDefine(table, entity.Config[Lesson]{
		Name: "Lesson",
		Key:  entity.Key{Partition: "COURSE#${courseId}", Sort: "MODULE#${moduleId}#LESSON#${lessonId}"},
	})
	students := entity.MustDefine(table, entity.Config[Student]{
		Name: "Student",
		Key:  entity.Key{Partition: "STUDENT#${studentId}", Sort: "#PROFILE"},
		Indexes: []entity.IndexKey[Student]{
			{Index: "GSI1", Partition: "STUDENT#${studentId:shard(10)}", Sort: "${registeredAt:time}#${studentId}"},
		},
	})
	scores := entity.MustDefine(table, entity.Config[Score]{
		Name: "Score",
		Key:  entity.Key{Partition: "GAME#${game}", Sort: "PLAYER#${player}"},
		Indexes: []entity.IndexKey[Score]{
			{Index: "ByPoints", Partition: "${game}", Sort: "${points}"},
		},
	})
	return table, courses, lessons, students, scores
}
