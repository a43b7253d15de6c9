// Package hint finds, among known names, the one a mistyped name most
// likely meant, for the "did you mean" part of the library's error
// messages.
package hint
