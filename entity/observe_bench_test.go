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
