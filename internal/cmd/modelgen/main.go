// Command modelgen writes an example's model exports (package modelexport)
// into a folder; each example package runs it with go generate:
//
//	go run ../../internal/cmd/modelgen -example cms -dir model
//
// An export the model cannot have (blog's Workbench file: a
// multi-attribute index key) is reported on stderr and not written.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
	"github.com/ddbmodel/ddbmodel/examples/blog"
	"github.com/ddbmodel/ddbmodel/examples/cms"
	"github.com/ddbmodel/ddbmodel/examples/edtech"
	"github.com/ddbmodel/ddbmodel/examples/github"
	"github.com/ddbmodel/ddbmodel/examples/papers"
)

// examples are the five example models and their documented lint
// allowances.
var examples = map[string]struct {
	table *entity.Table
	lint  entity.LintOptions
}{
	"blog":   {blog.Table, blog.LintOptions},
	"cms":    {cms.Table, cms.LintOptions},
	"edtech": {edtech.Table, edtech.LintOptions},
	"github": {github.Table, entity.LintOptions{}},
	"papers": {papers.Table, entity.LintOptions{}},
}

func main() {
	name := flag.String("example", "", "the example: blog, cms, edtech, github or papers")
	dir := flag.String("dir", "model", "the folder to write the files into")
	flag.Parse()
	if err := run(*name, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "modelgen:", err)
		os.Exit(1)
	}
}

func run(name, dir string) error {
	ex, ok := examples[name]
	if !ok {
		return fmt.Errorf("no example %q", name)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range modelexport.Files(ex.table, name, ex.lint) {
		if f.Err != nil {
			fmt.Fprintf(os.Stderr, "modelgen: %s not written: %v\n", f.Name, f.Err)
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
