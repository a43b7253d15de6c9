// Package edtech is the online course platform of "Session 030 — DynamoDB:
// single-table design, adjacency list and overloaded indexes" (the text
// names no author): students and courses in a many-to-many relationship,
// and the hierarchy course → module → lesson, in the single table
// edtech-platform with one overloaded index, GSI1. Its sub-packages hold the
// session's other models, each in its own table:
//
//	groups      users and groups as an adjacency list
//	orders      hierarchical sort keys: items, returns, shipments, events
//	geo         a geographic hierarchy in a sort key
//	employment  the reflection exercise: users, companies, employment history
//
// and cmd/edtech runs every access pattern of all of them.
//
// # Schema
//
//	item                PK            SK                        GSI1PK           GSI1SK                       attributes
//	STUDENT             STUDENT#s1    PROFILE                   STUDENT#<0..9>   <registered_at>#s1           name, email, registered_at
//	STUDENT_ENROLLMENT  STUDENT#s1    ENROLLMENT#c10            COURSE#c10       STUDENT#s1                   enrolled_at, progress
//	COURSE              COURSE#c10    METADATA                  INSTRUCTOR#i5    COURSE#c10                   title, description
//	MODULE              COURSE#c10    MODULE#m1                 COURSE#c10       MODULE#<order_num:3>#m1      title, order_num
//	LESSON              COURSE#c10    MODULE#m1#LESSON#l1       -                -                            title, duration_min
//	COURSE_ENROLLMENT   COURSE#c10    ENROLLMENT#STUDENT#s1     -                -                            enrolled_at, progress, last_seen
//
// The item's entity is in entity_type, as in the design.
//
// # Stream
//
// The design names one cost of a single table: its DynamoDB stream carries
// every entity's changes mixed, and a consumer must tell them apart by
// entity_type. The table declares that stream (Table.Stream,
// NEW_AND_OLD_IMAGES: a delete's old image still names its entity), so
// CreateTableInput, Ensure and the exports under model/ create it; a
// consumer decodes each record's image into the right Go type with
// Table.Decode(entity.StreamImage(image)), which reads entity_type.
//
// # Access patterns
//
//	pattern                                   operation  index  key condition
//	AP1 student profile                       GetItem    table  PK = "STUDENT#<s>", SK = "PROFILE"
//	AP2 a student's enrollments               Query      table  PK = "STUDENT#<s>" AND begins_with(SK, "ENROLLMENT#")
//	AP3 students of a course                  Query      GSI1   GSI1PK = "COURSE#<c>" AND begins_with(GSI1SK, "STUDENT#")
//	AP4 an instructor's courses               Query      GSI1   GSI1PK = "INSTRUCTOR#<i>" AND begins_with(GSI1SK, "COURSE#")
//	AP5 a course's modules and lessons        Query      table  PK = "COURSE#<c>" AND begins_with(SK, "MODULE#")
//	AP6 only the modules, in course order     Query      GSI1   GSI1PK = "COURSE#<c>" AND begins_with(GSI1SK, "MODULE#")
//	AP7 one module's lessons                  Query      table  PK = "COURSE#<c>" AND begins_with(SK, "MODULE#<m>#LESSON#")
//	AP8 all students by registration date     Query ×10  GSI1   GSI1PK = "STUDENT#<0..9>" AND GSI1SK >= "<since>#", merged
//
// AP7's prefix ends on the separator, so the lessons of m1 never include
// those of m10 (MODULE#m10... does not begin with MODULE#m1#LESSON#).
//
// # Write workflows
//
// Enroll writes STUDENT_ENROLLMENT and COURSE_ENROLLMENT in one transaction
// (with condition checks that the student and the course exist), so neither
// direction can be missing (the design's first pitfall). Each edge is
// created only if absent, as in the design's attribute_not_exists(PK);
// enrolling again is a no-op that reports created == false, so Enroll is
// idempotent. (A pair left half-written by some other writer would also
// read as "already enrolled"; Enroll is the only writer of edges here.)
//
// AP8 is the design's third pitfall solved: a constant GSI1PK = "STUDENT"
// would put every student in one index partition. The partition is
// STUDENT#<shard>, the shard derived from the student id
// (${student_id:shard(10)}, one digit 0..9); the listing queries the ten
// shards concurrently and merges them by GSI1SK, page by page, with one
// cursor for all shards (query.AllShards).
//
// # Deviations from the design
//
//   - Only the student-side edge is in GSI1. The design gives both edges
//     GSI1PK = COURSE#c10 and GSI1SK = STUDENT#s1 "(duplicata da aresta)",
//     which would make AP3 return every student twice. The course-side edge
//     keeps the course's own view (and last_seen) in the base table.
//   - AP6 (only the modules). The design offers a FilterExpression
//     attribute_not_exists(lesson_id), which reads every lesson and drops it,
//     or a redesign of the sort keys that would break AP5 and AP7. Here the
//     modules alone also enter the overloaded GSI1 under their course
//     (COURSE#<c> / MODULE#<order_num>#<m>), next to the course's
//     STUDENT# entries: the key range holds modules and nothing else, and
//     it is ordered by the design's order_num (zero-padded to three digits
//     so that 10 sorts after 3), where the base table orders modules by id
//     text (m1, m10, m2).
//   - AP5's order. The design promises a course's modules and lessons "in
//     order", but its sort keys MODULE#<m> and MODULE#<m>#LESSON#<l> order
//     them by id text (m1, m10, m2). The query keeps the design's keys (each
//     module right before its lessons), and Outline puts the modules in
//     order_num order on the client; lessons have no order attribute in the
//     design and stay in lesson id order.
//   - AP8's GSI1SK is <registered_at>#<student_id> instead of the bare date
//     "2024-09-01": students registered on one day would otherwise share a
//     sort key, and their order, within a shard and in the merge, would be
//     unspecified. The date still leads, so GSI1SK >= "2024-09-01" works.
//   - The session gives the enrollment keys twice, differently: its
//     overloading example writes the edges as STUDENT#s1 / COURSE#c10 and
//     COURSE#c10 / STUDENT#s1, its complete schema (the practical example,
//     which AP1 to AP7 and enroll_student use) as STUDENT#s1 /
//     ENROLLMENT#c10 and COURSE#c10 / ENROLLMENT#STUDENT#s1. The model
//     follows the complete schema: the ENROLLMENT# prefix is what AP2
//     queries, and it keeps the course's edges apart from its modules.
//   - The design's two enrollment items are both entity_type ENROLLMENT;
//     here they are STUDENT_ENROLLMENT and COURSE_ENROLLMENT, since their
//     keys differ and each must be read back as its own entity.
//   - Module and lesson ids end sort keys and may not contain '#', so that
//     no id can forge a deeper level.
//   - Attributes the library adds: every item carries the entity marker
//     under the design's own attribute name, entity_type (STUDENT, COURSE,
//     MODULE, LESSON, STUDENT_ENROLLMENT or COURSE_ENROLLMENT: the table
//     names it as its EntityAttribute, so the library writes it and
//     conditions every write on it), and __entity_version ("1"), which the
//     design does not have; and the index key attributes GSI1PK and GSI1SK
//     of the items in GSI1 (students, student-side enrollments, courses and
//     modules). Items also store their key composites as attributes
//     (student_id, course_id, module_id, lesson_id, instructor_id), which
//     the design keeps only in the keys (its filter mentions lesson_id), so
//     that an item read alone says whose it is. There is no TTL attribute,
//     no optimistic-lock attribute and no unique-value marker item.
//
// Keys are named through the typed keys of fields.go ([StudentByKey],
// [EnrollmentsOfCourse], ...), checked against the key templates when the
// package loads. Two string forms remain, each for a reason given where it
// is used: the existence checks of Enroll test the design's
// attribute_exists(PK), and PK is no field of Student or Course; and AP8's
// lower bound fans out over every write shard, where a typed query key would
// need the partition.
package edtech
