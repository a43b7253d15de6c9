// Package employment is the design's reflection exercise: a small
// professional network of users, companies and the "works at" relationship
// (an employment) between them, with its history.
//
// Schema (one table, overloaded GSI1):
//
//	item                PK            SK                                         GSI1PK        GSI1SK
//	User                USER#<u>      PROFILE                                    -             -
//	Company             COMPANY#<c>   PROFILE                                    -             -
//	UserEmployment      USER#<u>      EMPLOYMENT#<started_at>#COMPANY#<c>        USER#<u>      STATUS#<status>#<started_at>#COMPANY#<c>
//	CompanyEmployment   COMPANY#<c>   EMPLOYMENT#<started_at>#USER#<u>           COMPANY#<c>   STATUS#<status>#<started_at>#USER#<u>
//
// The employment is bidirectional: one edge in the user's partition, its
// inverse in the company's, written and changed together in one
// transaction. started_at is rendered as fixed-width UTC
// (2006-01-02T15:04:05.000000000Z), so string order is time order and a
// descending query is "most recent first".
//
// Access patterns:
//
//	pattern                           operation  index  key condition
//	E1 user profile                   GetItem    table  PK = "USER#<u>", SK = "PROFILE"
//	E2 employment history, newest 1st Query      table  PK = "USER#<u>" AND begins_with(SK, "EMPLOYMENT#"); descending
//	E3 current employees of a company Query      GSI1   GSI1PK = "COMPANY#<c>" AND begins_with(GSI1SK, "STATUS#current#")
//	E4 former employees of a company  Query      GSI1   GSI1PK = "COMPANY#<c>" AND begins_with(GSI1SK, "STATUS#former#")
//	E5 a user's current job           Query      GSI1   GSI1PK = "USER#<u>" AND begins_with(GSI1SK, "STATUS#current#"); descending, first item
//
// Write workflows: Hire writes both edges in one transaction (the user and
// the company must exist); EndJob sets status "former" and ended_at on both
// edges in one transaction, conditioned on the job being current, and the
// library recomputes GSI1SK in the same writes, so the employment leaves
// STATUS#current# and enters STATUS#former# in every index at once.
// Ending a job that has ended is ErrNotCurrent; one that does not exist,
// ErrNoSuchEmployment; nothing is written in either case.
//
// # The exercise's questions
//
// Which pattern needs a GSI: current and former employees (E3, E4) and the
// current job (E5). The base-table sort keys order employments by time, so
// status is not in any key there. A FilterExpression on status would be
// inadequate: DynamoDB applies it after reading, so a company with ten
// thousand former employees pays to read all of them to return its fifty
// current ones, and Limit counts items before the filter, so pages come back
// short or empty and "the most recent current job" cannot be asked with
// Limit 1 (the newest employment may be a former one, leaving an empty
// page). Putting status in the GSI sort key makes each status a contiguous
// key range. Putting it in the base-table sort key instead would change the
// primary key when a job ends (a delete and a put) and break the
// chronological history; in an index, the update of one attribute moves the
// entry.
//
// The design is the reflection exercise of "Session 030 — DynamoDB:
// single-table design, adjacency list and overloaded indexes" (the text
// names no author). The exercise asks for a design, not a given schema; the
// attribute names (user_id, company_id, title, status, started_at,
// ended_at) use its status values "current" and "former" and the snake_case
// of the rest of the text.
//
// Deviations: none from the exercise, which gives no schema; the choices
// above (status in the GSI1 sort key only, started_at as fixed-width UTC
// time, both edges written together) are this package's answers, with
// their reasons. Attributes the library adds: every item carries __entity
// (User, Company, UserEmployment or CompanyEmployment) and
// __entity_version ("1"), which keep the profile and the edges in one
// partition apart and condition every write; the employment edges carry
// GSI1PK and GSI1SK. There is no TTL attribute, no optimistic-lock
// attribute and no unique-value marker item.
//
// Keys and fields are named through the typed handles of fields.go
// ([EmploymentKey], [EmploymentStatus], ...), checked when the package
// loads; only the existence checks of Hire keep the string form, for the
// design's attribute_exists(PK), PK being no field of User or Company.
package employment
