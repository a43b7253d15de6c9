package entity_test

import (
	"context"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
)

// BenchmarkPutObserver is BenchmarkPutRun without an Observer ("none"),
// with one that does nothing ("nop") and with a CapacityCounter
// ("counter"): "none" against BenchmarkPutRun of the commit before
// observers is what an unused hook costs.
func BenchmarkPutObserver(b *testing.B) {
	ctx := context.Background()
	base := &entity.DB{Client: sinkClient{}}
	var counter entity.CapacityCounter
	for _, c := range []struct {
		name string
		db   *entity.DB
	}{
		{"none", base},
		{"nop", base.WithObserver(entity.ObserverFunc(func(context.Context, *entity.Event) {}))},
		{"counter", base.WithObserver(&counter)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := benchArticles.Put(sampleArticle).Run(ctx, c.db); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSendHook measures what the observer hook adds to a request when
// no Observer is set: the same prebuilt PutItem sent to the client directly
// ("direct") and through entity.Send ("send"), as every library request
// is. Their difference, set against BenchmarkPutObserver/none, is the share
// of a put's client cost an unused hook takes.
func BenchmarkSendHook(b *testing.B) {
	ctx := context.Background()
	db := &entity.DB{Client: sinkClient{}}
	in, err := benchArticles.Put(sampleArticle).Build()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := db.Client.PutItem(ctx, in, db.Options...); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("send", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := entity.Send(ctx, db, db.Client.PutItem, in, entity.Request{Entities: []string{"Article"}}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
