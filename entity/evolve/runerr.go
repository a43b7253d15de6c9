package evolve

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// listed is how many errors a run's error text shows; the others are
// counted ("and 40 more"), and all stay in the chain and in the Report.
const listed = 10

// runError is the error of a run that did not finish clean: its text is
// what stopped or failed, with the first errors listed; errors.Is and
// errors.As see every one.
type runError struct {
	head string
	errs []error
}

func (e *runError) Error() string {
	var b strings.Builder
	b.WriteString(errtext.Prefix + e.head + ": ")
	for i, err := range e.errs {
		if i == listed {
			fmt.Fprintf(&b, "\nand %d more (Report.Failed holds every item not repaired)", len(e.errs)-listed)
			break
		}
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(errtext.Detail(err))
	}
	return b.String()
}

// Unwrap returns every error of the run.
func (e *runError) Unwrap() []error { return e.errs }

// result is the run's error (nil when it finished clean): the failed
// requests (errs), then every item not repaired; a dry run's items are
// its result, not an error.
func (rn *run) result(errs []error) error {
	if !rn.j.dryRun {
		for _, f := range rn.r.Failed {
			errs = append(errs, f)
		}
	}
	errs = slices.DeleteFunc(errs, func(err error) bool { return err == nil })
	if len(errs) == 0 {
		return nil
	}
	head := fmt.Sprintf("%s not repaired (%d repaired)", plural(int64(len(rn.r.Failed)), "item"), rn.r.Repaired)
	switch {
	case !rn.repair:
		head = fmt.Sprintf("verify (%s scanned)", plural(rn.r.Scanned, "item"))
	case rn.j.dryRun:
		head = fmt.Sprintf("dry run stopped (%s scanned)", plural(rn.r.Scanned, "item"))
	case len(rn.r.Failed) == 0:
		head = fmt.Sprintf("repair stopped (%s repaired)", plural(rn.r.Repaired, "item"))
	}
	return &runError{head: head, errs: errs}
}

// plural is n and noun, in the plural unless n is 1.
func plural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
