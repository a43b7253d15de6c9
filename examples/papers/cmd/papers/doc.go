// Command papers loads the paper catalog example's sample data into
// DynamoDB (DynamoDB Local, started for the run, unless -endpoint or
// DYNAMODB_ENDPOINT names one) and runs its access patterns A1 to A5 (with
// Figure 1, the paper partition read in one query, after A1), printing
// each request and its results.
package main
