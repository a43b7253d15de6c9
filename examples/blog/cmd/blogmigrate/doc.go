// Command blogmigrate migrates the blog's contact messages from version 1
// of the ContactMessage entity (blog.ContactMessages: a name and an e-mail
// address) to a version 2 defined here (the sender as one map, and a
// status), while reading them lazily in between: it writes version 1
// messages, reads them through version 2 (each upgraded on read), shows an
// update of a version 1 item refused, migrates that one item (evolve's
// RepairItem) so that the update goes through, verifies the table,
// migrates the others with package evolve (printing its progress line to
// standard error) and verifies it again.
//
//	go run ./examples/blog/cmd/blogmigrate                  # starts DynamoDB Local itself
//	go run ./examples/blog/cmd/blogmigrate -endpoint http://localhost:8000 -table blog-migrate
package main
