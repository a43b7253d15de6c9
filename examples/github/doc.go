// Package github is a GitHub backend in one DynamoDB table.
package github
