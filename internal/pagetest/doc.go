// Package pagetest holds the pagination checks shared by the tests of the
// example packages.
package pagetest
