package cms

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// TestStatusOnlyThroughSetStatus checks that an article's status cannot be
// changed past SetStatus: an update of status through the library, typed
// or by name, alone or in a transaction, is refused with a
// *ddbmodel.ValidationError naming the entity and the attribute, nothing is
// sent, and the article and its junction items (in GSI2 or not) stay as
// they were; SetStatus then moves both.
func TestStatusOnlyThroughSetStatus(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	rec := entitytest.NewRecorder(s.DB.Client)
	db := entity.NewDB(rec, s.DB.TableName)
	key := ArticleKey{idManyToMany} // a draft with tags

	tries := map[string]func() error{
		"typed set": func() error {
			_, err := ArticleByID.Update(key).Apply(ArticleStatus.Set(StatusPublished)).Run(ctx, db)
			return err
		},
		"set by name": func() error {
			_, err := Articles.Update(entity.Values{"articleId": idManyToMany}).Set("status", StatusPublished).Run(ctx, db)
			return err
		},
		"remove": func() error {
			_, err := ArticleByID.Update(key).Apply(ArticleStatus.Remove()).Run(ctx, db)
			return err
		},
		"in a transaction": func() error {
			return txn.Write(ArticleByID.Update(key).Apply(ArticleStatus.Set(StatusPublished), ArticleUpdAt.Set(testStamp))).Run(ctx, db)
		},
		"read first": func() error {
			_, err := ArticleByID.Update(key).Apply(ArticleStatus.Set(StatusArchived)).ReadFirst().Run(ctx, db)
			return err
		},
	}
	for name, try := range tries {
		err := try()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != Articles.Name() || ve.Attribute != "status" {
			t.Errorf("%s: got %v, want a *ddbmodel.ValidationError of article's status", name, err)
		}
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("refused updates sent %d requests: %v", n, rec.Requests())
	}
	a, err := s.Article(ctx, idManyToMany)
	if err != nil || a.Status != StatusDraft {
		t.Fatalf("article after the refused updates: %+v, %v; want it a draft", a, err)
	}
	checkJunctions(t, s, idManyToMany, false)

	// The way that keeps GSI2 true still works.
	if _, err := s.SetStatus(ctx, idManyToMany, StatusPublished); err != nil {
		t.Fatal(err)
	}
	checkJunctions(t, s, idManyToMany, true)
	as, err := s.ArticlesByTag(ctx, "data-modeling")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{idMistakes, idManyToMany}, articleIDs(as)); diff != "" {
		t.Errorf("AP6 data-modeling after SetStatus (-want +got):\n%s", diff)
	}
}
