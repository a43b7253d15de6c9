package modelexport

import "github.com/ddbmodel/ddbmodel/entity"

// File is one export of a model, named for the folder it is checked in to.
type File struct {
	// Name is base followed by the export's extension: ".cfn.json",
	// ".cfn.yaml", ".tf", ".md" or ".workbench.json".
	Name string
	Data []byte
	// Err says why the table cannot have this export (a Workbench export
	// of a multi-attribute index key or of a local index); Data is nil
	// then.
	Err error
}

// Files returns every export of the table, in a fixed order: CloudFormation
// JSON and YAML, Terraform, the design document (linted with opts) and the
// NoSQL Workbench model. An export the table cannot have is returned with
// its Err, not left out, so a generator can say why a file is missing.
func Files(t *entity.Table, base string, opts entity.LintOptions) []File {
	exports := []struct {
		ext string
		fn  func() ([]byte, error)
	}{
		{".cfn.json", func() ([]byte, error) { return CloudFormationJSON(t) }},
		{".cfn.yaml", func() ([]byte, error) { return CloudFormationYAML(t) }},
		{".tf", func() ([]byte, error) { return Terraform(t) }},
		{".md", func() ([]byte, error) { return DesignDoc(t, opts) }},
		{".workbench.json", func() ([]byte, error) { return NoSQLWorkbench(t) }},
	}
	out := make([]File, 0, len(exports))
	for _, e := range exports {
		data, err := e.fn()
		out = append(out, File{Name: base + e.ext, Data: data, Err: err})
	}
	return out
}
