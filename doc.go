// Package ddbmodel is a library for DynamoDB single-table design in Go.
//
// Many entity types share one table. Each is a plain Go struct with dynamo
// tags (github.com/guregu/dynamo/v2's encoding), defined once with its key
// templates and the indexes it appears in:
//
//	var Table = &entity.Table{
//		Name:         "cms",
//		PartitionKey: entity.S("PK"),
//		SortKey:      entity.S("SK"),
//		Indexes: []entity.Index{
//			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
//		},
//	}
//
//	var Articles = entity.MustDefine(Table, entity.Config[Article]{
//		Name: "Article",
//		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
//		Indexes: []entity.IndexKey[Article]{
//			{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"},
//		},
//		Attributes: map[string]entity.Attribute{
//			"status": {Default: "draft", Enum: []string{"draft", "published", "archived"}},
//		},
//	})
//
// Typed keys and field handles, declared beside the entity and checked once
// there, are the primary way to name keys and fields: a value of the wrong
// type, or a key or handle of another entity, does not compile.
//
//	type ArticleKey struct {
//		ArticleID string `dynamo:"articleId"`
//	}
//
//	var (
//		ArticleByID    = entity.ItemKeyOf[ArticleKey](Articles)
//		CurrentVersion = entity.NumberOf(Articles, func(a *Article) *int { return &a.CurrentVersion })
//	)
//
//	a, err := ArticleByID.Update(ArticleKey{ArticleID: "a1"}).
//		Apply(CurrentVersion.Set(2)).
//		Ensure(CurrentVersion.Eq(1)).
//		Run(ctx, db)
//
// The string forms stay for dynamic code, checked the same way before
// sending: Articles.Update(entity.Values{"articleId": "a1"}).Set("currentVersion", 2).
//
// The packages:
//
//   - keys: key templates (ARTICLE#${articleId}, VERSION#${version:pad(10)})
//     parsed once, rendered without reflection, with injective encoding,
//     boundary-safe prefixes, parsing back, and write sharding.
//   - entity: the table description and Entity[T]: attribute rules,
//     markers, and single-item operations (Put, Create, Get, Update,
//     Delete, Check) that keep every index key in step with its composites.
//     Every operation has a pure Build step returning the SDK input (a
//     create keeping unique values builds through txn.Write(op).Build();
//     other writes touching them read first: ErrNeedsRead).
//   - query: typed queries on a table or index compiled to a
//     KeyConditionExpression; pages with opaque, query-bound cursors;
//     iter.Seq2 streaming; collections of several entities in one
//     partition; scans; fan-out over write shards.
//   - txn: write and read transactions across entities with typed
//     cancellation reasons, and batch reads and writes with chunking,
//     bounded concurrency and retries with backoff.
//
// Errors: outcomes are sentinels in this package (ErrNotFound,
// ErrAlreadyExists, ErrVersionConflict, ...) matched with errors.Is; the
// typed errors (*TxCanceledError, *ValidationError,
// *MissingCompositesError, ...) carry details and unwrap to the AWS error.
package ddbmodel
