// Package pagetest holds the pagination checks shared by the tests of the
// edtech example packages.
package pagetest
