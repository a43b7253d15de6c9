package modelexport

import "strings"

// oneLine joins the lines of s with spaces: a Markdown table row, or a
// list item, ends at the first line break.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)), " ")
}

// cell is s as Markdown text in a table cell or a list item: on one line,
// with '|' (which would end the cell), '`' (which would open a code
// span) and '\' (which would escape either) escaped, and '<' and '&' as
// HTML entities (Markdown passes raw HTML through).
func cell(s string) string {
	return strings.NewReplacer(`\`, `\\`, "|", `\|`, "`", "\\`", "<", "&lt;", "&", "&amp;").Replace(oneLine(s))
}

// code is s as a Markdown code span in a table cell: fenced by more
// backticks than the longest run in s (and padded with a space when s
// begins or ends with one), on one line, with '|' escaped (GFM ends a
// cell at a '|' even inside a code span).
func code(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + strings.ReplaceAll(s, "|", `\|`) + fence
}
