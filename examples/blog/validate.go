package blog

import (
	"fmt"
	"strings"
)

// validName checks a slug, tag name or username: 1 to 64 characters of a-z, 0-9 and
// '-', not starting with '-'. Tag names go into PostTagCombo partition keys
// joined by '+', so they must not contain it (nor the key delimiter '#').
func validName(what string) func(v any) error {
	return func(v any) error {
		s, _ := v.(string)
		return checkName(what, s)
	}
}

func checkName(what, s string) error {
	if s == "" || len(s) > 64 || s[0] == '-' {
		return fmt.Errorf("%s %q: want 1 to 64 characters of a-z, 0-9 and '-', not starting with '-'", what, s)
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return fmt.Errorf("%s %q: want 1 to 64 characters of a-z, 0-9 and '-', not starting with '-'", what, s)
		}
	}
	return nil
}

func validTags(tags []string) error {
	if len(tags) > MaxTagsPerPost {
		return fmt.Errorf("%d tags: a post has at most %d", len(tags), MaxTagsPerPost)
	}
	seen := map[string]bool{}
	for _, t := range tags {
		if err := checkName("tag", t); err != nil {
			return err
		}
		if seen[t] {
			return fmt.Errorf("tag %q given twice", t)
		}
		seen[t] = true
	}
	return nil
}

// NormalizeEmail returns the form e-mail addresses are stored and looked up
// in: trimmed and lower case.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// validEmail checks a user's e-mail address: normalized (see
// NormalizeEmail), so that user_email_pk and the UserEmail key agree.
func validEmail(v any) error {
	s, _ := v.(string)
	if s != NormalizeEmail(s) {
		return fmt.Errorf("e-mail address %q is not normalized", s)
	}
	return checkEmail(s)
}

func checkEmail(email string) error {
	at := strings.IndexByte(email, '@')
	if at <= 0 || at == len(email)-1 || strings.ContainsAny(email, " \t\r\n") {
		return fmt.Errorf("e-mail address %q: want local@domain", email)
	}
	return nil
}
