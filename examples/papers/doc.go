// Package papers is a catalog of research papers in one DynamoDB table:
// papers grouped in collections, author profiles, the authors of each paper
// with their role, and the topics each paper carries.
//
// It follows "A Single-Table DynamoDB Model" (WP-002, v0.3, draft) by Jon,
// Prosyon Research: its access patterns A1 to A5, its overloaded PK/SK,
// GSI1 and sparse GSI2, its item shapes and Figure 1, with the additions and
// corrections listed under Deviations.
//
// # Table
//
// One table, on-demand billing, with the overloaded keys PK and SK, GSI1
// (GSI1PK, GSI1SK) shared by collection and author listings, GSI2
// (GSI2PK, GSI2SK), which only topic items enter, and the TTL attribute
// expiresAt (see "Superseded drafts expire" below). The design names no
// table; the default name is "papers".
//
//	Entity      PK                SK                GSI1PK                   GSI1SK         GSI2PK          GSI2SK
//	Paper       PAPER#<id>        PAPER#<id>        COLLECTION#<collection>  DATE#<date>    -               -
//	Author      AUTHOR#<handle>   AUTHOR#<handle>   -                        -              -               -
//	Membership  PAPER#<id>        AUTHOR#<handle>   AUTHOR#<handle>          PAPER#<id>     -               -
//	PaperTopic  PAPER#<id>        TOPIC#<topic>     -                        -              TOPIC#<topic>   PAPER#<id>
//
// <date> is the paper's date in fixed-width UTC
// (DATE#2026-03-10T00:00:00.000000000Z). In every item of a paper's
// partition the attribute id holds the paper's id, so that Paper,
// Membership and PaperTopic share the partition key template PAPER#${id}
// and one query reads them all (Figure 1).
//
// # Access patterns
//
//	Pattern                                 Operation                  Index  Key condition
//	A1 Get a paper by id                    GetItem                    table  PK = PAPER#<id>, SK = PAPER#<id>
//	Figure 1 Paper with its memberships     Query                      table  PK = PAPER#<id>
//	A2 List papers in a collection, newest  Query, descending          GSI1   GSI1PK = COLLECTION#<name> AND begins_with(GSI1SK, DATE#)
//	A3 List papers by author                Query, paged; BatchGet     GSI1   GSI1PK = AUTHOR#<handle> AND begins_with(GSI1SK, PAPER#)
//	A4 List papers carrying a topic         Query, paged; BatchGet     GSI2   GSI2PK = TOPIC#<topic> AND begins_with(GSI2SK, PAPER#)
//	A5 Get an author profile                GetItem                    table  PK = AUTHOR#<handle>, SK = AUTHOR#<handle>
//
// The functions: A1 [PaperByID] ([PaperGet]); Figure 1
// [PaperWithAuthorsByID] ([PaperPartitionQuery], a query.Of collection of
// Paper, Membership and PaperTopic, decoded per type); A2
// [PapersInCollection] and [PapersInCollectionPage]
// ([PapersInCollectionQuery]); A3 [PapersByAuthor] and [PapersByAuthorPage]
// ([PapersByAuthorQuery]); A4 [PapersWithTopic] and [PapersWithTopicPage]
// ([PapersWithTopicQuery]); A5 [AuthorByHandle] ([AuthorGet]). The write
// workflow [AddPaper] ([AddPaperTx]) adds a paper with its memberships and
// topics in one transaction, and [SupersedeDraft] ([SupersedeDraftTx])
// marks a draft superseded and sets its expiry. [SampleData] and
// [LoadSample] give a deterministic data set, including the design's WP-002
// ([SamplePaperID]) with jon as author and guest as contributor, and a
// draft ([SampleDraftID]) with the published paper that replaces it
// ([SampleSuccessorID]).
//
// A3 and A4 page through their index with the library's opaque cursors:
// each page is one query of at most Limit index items, then one strongly
// consistent BatchGetItem of the papers they name; a page's cursor is ""
// after the last one. The read is consistent because a membership or topic
// item reaches its GSI only after the transaction that wrote it with its
// paper, so an eventually consistent read could miss a paper that exists.
// A paper the index names but the table does not hold (its paper item was
// deleted, its index items were not) is not left out silently: the papers
// read come back with a [*MissingPapersError] naming the missing ids
// (errors.Is ErrPaperNotFound), and a page with its cursor, so that the
// caller decides whether to show the rest, repair or fail.
//
// # Topics on a sparse GSI2
//
// A paper may carry several topics, but an item has one GSI2PK, so it can
// be in GSI2 only once. Each topic of a paper is therefore its own item,
// PaperTopic (PAPER#<id> / TOPIC#<topic>), in the paper's partition. Only
// PaperTopic items have GSI2 keys, so GSI2 holds nothing else (it is
// sparse), and a paper appears there once per topic: TOPIC#<topic> /
// PAPER#<id>. This is the design's open question 2 answered the other way:
// the topics stay off the paper item, and the paper's partition query
// (Figure 1) returns them with the memberships.
//
// # Superseded drafts expire
//
// The design's open question 3 asks whether a TTL attribute is warranted
// for superseded drafts. Here it is: the table's TTL attribute is
// expiresAt, a number of Unix seconds (Paper.ExpiresAt, a time.Time tagged
// unixtime). [SupersedeDraft] sets a draft's status to superseded, names
// the paper that replaces it (supersededBy) and gives the draft's paper
// item, memberships and topic items the same expiresAt, now +
// [SupersededRetention] (30 days), in one transaction, only if the paper is
// still a draft and its successor exists. The whole partition expires
// together, so no membership or topic item outlives its paper in GSI1 or
// GSI2. Drafts that are not superseded and published papers never expire;
// a put or create of a paper refuses a superseded status without
// supersededBy and expiresAt, and either of them without that status.
//
// DynamoDB deletes an expired item within a few days of its expiry, and
// reads return it until then. Every read therefore leaves expired items
// out: A1 is a get with SkipExpired (an expired draft is ErrPaperNotFound);
// Figure 1 and the listings of A2, A3 and A4, whole or a page at a time,
// query with SkipExpired (the filter attribute_not_exists(expiresAt) OR NOT
// attribute_type(expiresAt, N) OR expiresAt > :now OR expiresAt < :now1,
// five years before: DynamoDB never deletes an older TTL), and the BatchGetItem of
// A3 and A4, which takes no filter, drops expired papers. Either way an expired item is read, and
// paid for, until it is deleted; a page may hold fewer items than its
// limit.
// TTL must be enabled on the table for DynamoDB
// to delete the items: [Table].Ensure enables it (the program calls it at
// start-up), and it is free.
//
// # Deviations from the design
//
//   - The GSI1 sort key of papers is the date in fixed-width UTC
//     (DATE#2026-03-09T23:00:00.000000000Z), not the ISO 8601 text as
//     written. ISO 8601 text with different offsets or precisions does not
//     sort in time order: 2026-03-10T01:00:00+02:00 is earlier than
//     2026-03-10T00:00:00Z but sorts after it, so A2 would not be newest
//     first. The date attribute keeps the text as given.
//   - The design gives memberships an author-scoped GSI1PK (AUTHOR#<handle>)
//     but no GSI1SK; they get PAPER#<id>, so an author's papers list in id
//     order and pages continue by key.
//   - Topic membership is the PaperTopic item described above; the design
//     only says a sparse GSI2 keyed TOPIC#<name> serves A4.
//   - A3 and A4 return papers, not only the index items: one BatchGetItem
//     per page reads the papers the memberships or topic items name.
//   - Membership and PaperTopic items store the paper's id as id (the
//     partition key composite they share with the paper), besides handle and
//     role or topic.
//   - The design lists paper attributes as "title, abstract, version,
//     status …"; the model adds collection and date (the GSI1 composites)
//     and gives status the values draft, published and superseded (the
//     design's paper is a draft and mentions superseded drafts). A
//     superseded paper also has supersededBy and expiresAt, and its
//     memberships and topic items expiresAt: the answer to open question 3
//     above, which the design leaves open.
//   - Attributes the library adds: every item carries __entity (the entity
//     name: paper, author, membership or paperTopic) and __entity_version
//     ("1"), which keep the entities sharing the PAPER# partitions apart and
//     condition every write; papers and memberships carry GSI1PK and GSI1SK,
//     topic items GSI2PK and GSI2SK. The TTL attribute expiresAt is the
//     model's own field, written by SupersedeDraft only. No item has an
//     optimistic-lock attribute, and there are no unique-value marker
//     items.
//
// Keys and fields are named through the typed handles of fields.go: a key
// struct per entity key and per query ([PaperByKey], [PapersByCollection],
// ...), checked against the key templates when the package loads, and
// field handles for conditions ([AuthorHandle]). Another entity's key or a
// missing composite does not compile.
package papers
