// Command blog loads the sample data of the blog example into a DynamoDB
// table and runs every access pattern of the design, printing each request
// and its results.
//
//	go run ./examples/blog/...                      # starts DynamoDB Local itself
//	go run ./examples/blog/... -endpoint http://localhost:8000 -table blog-dynamodb-table
package main
