// Command cms loads the CMS example's sample data into DynamoDB (DynamoDB
// Local, started for the run, unless -endpoint or DYNAMODB_ENDPOINT names
// one) and runs its access patterns AP1 to AP8 in order, printing each
// request and its results.
package main
