package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

// TestProgram runs the program against the test server, twice on the same
// tables (loading the sample is repeatable), and checks that every access
// pattern is reported with its request and rows.
func TestProgram(t *testing.T) {
	t.Parallel()
	prefix := fmt.Sprintf("edtech-cmd-%d", time.Now().UnixNano())
	first := exampletest.RunTwice(t, config(), prefix)
	exampletest.Contains(t, first,
		"== G1: Groups of user u1", "== G2: Members of group g20", "== G3: Join u1 to g10 again",
		"== O1: ", "== O2: ", "== O3: ", "== O4: ", "== O5: ", "== O6: ", "== O7: ", "== O8: ",
		"== L1: ", "== L2: ", "== L3: ", "== L4: Stores in Pinheiros", "== L4: Stores in JardimPaulista",
		"== AP1: ", "== AP2: ", "== AP3: ", "== AP4: ", "== AP5: ", "== AP6: ",
		"== AP7: Lessons of module m1 ", "== AP7: Lessons of module m10 ", "== AP8: ", "== W1: ",
		"== E1: ", "== E2: ", "== E3: ", "== E4: ", "== E5: ", "== W2: ",
	)
	// A few requests and results, as sent to the prefixed tables.
	exampletest.Contains(t, first,
		`Query `+prefix+`-groups: PK = "USER#u1" AND begins_with(SK, "GROUP#")`,
		`Query `+prefix+`-orders/GSI1: GSI1PK = "ORDER#o1" AND begins_with(GSI1SK, "ITEM#")`,
		`Query `+prefix+`-geo: PK = "CHAIN#cafe" AND begins_with(SK, "BR#SP#SaoPaulo#Pinheiros#")`,
		`Query `+prefix+`-platform: PK = "COURSE#c10" AND begins_with(SK, "MODULE#m1#LESSON#")`,
		`Query `+prefix+`-platform/GSI1: GSI1PK = "STUDENT#9" AND GSI1SK >= "2024-09-01#"; limit 8`,
		`Query `+prefix+`-employment/GSI1: GSI1PK = "COMPANY#c1" AND begins_with(GSI1SK, "STATUS#former#")`,
		"groups: already a member",
		"(12 rows)", // O2, L1 and AP5
		"(30 rows)", // AP8: every student, across pages
	)
	// The outline puts module m10 (order_num 10) after m3, where the keys put it after m1.
	if i := strings.Index(first, "== AP5 outline: "); i < 0 {
		t.Errorf("no AP5 outline")
	} else if out := first[i:]; strings.Index(out, "Capstone") < strings.Index(out, "Adjacency lists") {
		t.Errorf("the outline does not follow order_num:\n%s", out[:strings.Index(out, "\n\n")])
	}
	// G3: the failed join is counted, and its capacity is said to be
	// unreported rather than shown as zero.
	if g3 := exampletest.Section(t, first, "== G3: "); !strings.Contains(g3, "in 1 request, 1 failed, whose capacity DynamoDB does not report") {
		t.Errorf("G3's cost line does not report the failed transaction:\n%s", g3)
	}
	// W2 runs: u1's Staff Engineer job at c2 is now among c2's former
	// employees (read from GSI1), ended at the program's time, beside the
	// sample's two former jobs there.
	if w2 := exampletest.Section(t, first, "== W2: "); !strings.Contains(w2, "(3 rows)") ||
		!regexp.MustCompile(`u1 +c2 +Staff Engineer +former +2022-02-01T09:00:00Z +2030-01-01T00:00:00Z`).MatchString(w2) ||
		!strings.HasSuffix(w2, "cost: 0 read units, 6 write units in 1 request") {
		t.Errorf("W2 does not show the ended job among c2's former employees, or its cost:\n%s", w2)
	}
	// AP7 for m1 never shows m10's lessons.
	if i := strings.Index(first, "== AP7: Lessons of module m1 "); i >= 0 {
		ap7 := first[i:]
		ap7 = ap7[:strings.Index(ap7, "\n\n")]
		if strings.Contains(ap7, "l6") || !strings.Contains(ap7, "(2 rows)") {
			t.Errorf("AP7 for m1 shows m10's lessons or the wrong count:\n%s", ap7)
		}
	}
}
