// Command github loads the GitHub example's sample data into DynamoDB
// (DynamoDB Local, started for the run, unless -endpoint or
// DYNAMODB_ENDPOINT names one), runs its access patterns AP1 to AP21 in the
// design's order and its write workflows W1 to W7, and prints each request
// and its results. The workflows leave the data as they found it, so the
// program can run again on the same table.
package main
