package main

import (
	"fmt"
	"regexp"
	"slices"
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
	// Every pattern's rows, by one column, in order.
	for _, c := range []struct {
		header string
		col    int
		want   string // the cells, joined by " "
	}{
		{"== G1: ", 1, "g10 g20 g30"},
		{"== G2: ", 0, "u1 u10 u3 u5 u7"},
		{"== O1: ", 1, "ORDER#o1"},
		{"== O2: ", 1, "ITEM#i1 ITEM#i1#RETURN#r1 ITEM#i1#RETURN#r2 ITEM#i1#RETURN#r3 ITEM#i10 ITEM#i10#RETURN#r4 ITEM#i100 ITEM#i100#RETURN#r5 ITEM#i100#RETURN#r6 ITEM#i2"},
		{"== O3: ", 1, "ITEM#i1 ITEM#i10 ITEM#i100 ITEM#i2"},
		{"== O4: ", 1, "ITEM#i10"},
		{"== O5: ", 1, "ITEM#i1#RETURN#r1 ITEM#i1#RETURN#r2 ITEM#i1#RETURN#r3"},
		{"== O6: ", 1, "SHIPMENT#s1 SHIPMENT#s1#EVENT#e1 SHIPMENT#s1#EVENT#e2 SHIPMENT#s1#EVENT#e3 SHIPMENT#s10 SHIPMENT#s10#EVENT#e4 SHIPMENT#s10#EVENT#e5"},
		{"== O7: ", 1, "SHIPMENT#s1#EVENT#e1 SHIPMENT#s1#EVENT#e2 SHIPMENT#s1#EVENT#e3"},
		{"== O8: ", 1, "ITEM#i1#RETURN#r1 ITEM#i1#RETURN#r2 ITEM#i1#RETURN#r3 ITEM#i10#RETURN#r4 ITEM#i100#RETURN#r5 ITEM#i100#RETURN#r6"},
		{"== L1: ", 2, "MG RJ RJ SP SP SP SP SP SP SP SP SP"},
		{"== L2: ", 3, "Campinas Campinas Santos SaoPaulo SaoPaulo SaoPaulo SaoPaulo SaoPaulo SaoPaulo"},
		{"== L3: ", 4, "JardimPaulista JardimPaulistano Liberdade Pinheiros Pinheiros Pinheiros"},
		{"== L4: Stores in Pinheiros", 0, "Cafe Faria Lima|Cafe Teodoro|Cafe Pinheiros"},
		{"== L4: Stores in JardimPaulista ", 0, "Cafe Alameda"},
		{"== AP1: ", 0, "s1"},
		{"== AP2: ", 1, "c10 c20 c30"},
		{"== AP3: ", 0, "s1 s10 s11 s2 s20 s3 s4 s5"},
		{"== AP4: ", 0, "c10 c20 c40"},
		{"== AP5: ", 0, "MODULE#m1 MODULE#m1#LESSON#l1 MODULE#m1#LESSON#l2 MODULE#m10 MODULE#m10#LESSON#l6 MODULE#m10#LESSON#l7 MODULE#m10#LESSON#l8 MODULE#m2 MODULE#m2#LESSON#l3 MODULE#m3 MODULE#m3#LESSON#l4 MODULE#m3#LESSON#l5"},
		{"== AP5 outline: ", 1, "m1 l1 l2 m2 l3 m3 l4 l5 m10 l6 l7 l8"}, // order_num puts m10 after m3; the keys put it after m1
		{"== AP6: ", 0, "m1 m2 m3 m10"},
		{"== AP7: Lessons of module m1 ", 1, "l1 l2"}, // never m10's lessons
		{"== AP7: Lessons of module m10 ", 1, "l6 l7 l8"},
		{"== W1: ", 0, "false"},
		{"== E1: ", 0, "u1"},
		{"== E2: ", 4, "2023-05-01T09:00:00Z 2022-02-01T09:00:00Z 2017-08-01T09:00:00Z 2013-03-01T09:00:00Z 2012-02-01T09:00:00Z"},
		{"== E3: ", 0, "u3 u4 u7 u6"},
		{"== E4: ", 0, "u7 u5 u2 u1"},
		{"== E5: ", 2, "Advisor"},
		{"== W2: ", 2, "Developer|Staff Engineer|Intern"},
	} {
		sep := " "
		if strings.Contains(c.want, "|") {
			sep = "|"
		}
		sec := exampletest.Section(t, first, c.header)
		if got := strings.Join(exampletest.Column(sec, c.col), sep); got != c.want {
			t.Errorf("%s column %d: %q, want %q:\n%s", c.header, c.col, got, c.want, sec)
		}
	}
	// AP8: thirty students, registration dates never decreasing across the
	// merged shards and pages.
	if dates := exampletest.Column(exampletest.Section(t, first, "== AP8: "), 4); len(dates) != 30 || !slices.IsSorted(dates) {
		t.Errorf("AP8 registration dates: %v, want 30 in order", dates)
	}
}
