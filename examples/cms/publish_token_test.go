package cms

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// TestPublishResponseLost loses the response of the publish transaction
// after DynamoDB applied it. The publish resends it with the same
// idempotency token, which DynamoDB answers without applying it again, so a
// caller that retries until the publish succeeds publishes exactly once.
func TestPublishResponseLost(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	rec := entitytest.NewRecorder(entitytest.Client(t))
	fc := entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{
		Fault: entitytest.ResponseLost, Operations: []entitytest.Operation{entitytest.TransactWriteItems}, Count: 1})
	s.DB = entity.NewDB(fc, s.DB.TableName)

	var err error
	for attempt := 0; attempt < 5; attempt++ { // a caller retrying until it succeeds
		if _, err = s.PublishVersion(ctx, idPatterns, "published once", "u_02"); err == nil {
			break
		}
		t.Logf("publish attempt %d: %v", attempt, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if n := fc.Injected()[entitytest.ResponseLost]; n != 1 {
		t.Fatalf("%d responses lost, want 1", n)
	}
	got, err := s.ArticleWithCurrentBody(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	if got.Article.CurrentVersion != 4 || got.Current.Body != "published once" {
		t.Errorf("after a lost response: currentVersion %d, body %q; want 4, published once", got.Article.CurrentVersion, got.Current.Body)
	}
	vs, err := s.Versions(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 4 {
		t.Errorf("%d versions after one publish, want 4: %+v", len(vs), vs)
	}
	// The transaction was sent twice, with one token.
	var tokens []string
	for _, r := range rec.Requests() {
		if in, ok := r.Input.(*dynamodb.TransactWriteItemsInput); ok {
			tokens = append(tokens, aws.ToString(in.ClientRequestToken))
		}
	}
	if len(tokens) != 2 || tokens[0] == "" || tokens[0] != tokens[1] {
		t.Errorf("transaction tokens sent = %q, want one non-empty token twice", tokens)
	}
}
