// Package expr allocates expression attribute name and value placeholders
// deterministically and measures items against DynamoDB's limits. It is a
// mechanism shared by entity, query and txn; nothing here is user-facing.
package expr
