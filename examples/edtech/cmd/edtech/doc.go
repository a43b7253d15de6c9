// Command edtech loads the sample data of every model of the edtech example
// (users and groups, orders, the geographic hierarchy, the course platform
// and the employment exercise) and runs each access pattern, printing the
// request it sends and the items it gets back.
//
// Usage:
//
//	go run ./examples/edtech/cmd/edtech [-endpoint URL|aws] [-table PREFIX]
//
// Each model keeps its own table, named PREFIX-groups, PREFIX-orders,
// PREFIX-geo, PREFIX-platform and PREFIX-employment (PREFIX defaults to
// "edtech", so the platform's table is the design's edtech-platform).
// Without -endpoint or $DYNAMODB_ENDPOINT the program starts DynamoDB Local
// for the run.
package main
