package expr

// DefaultTable watches the model tables of one request's actions for two
// that a DB's TableName would both rename: model tables not named in the
// DB's Tables all go to its TableName, which is meant for one model table.
type DefaultTable struct {
	TableName string            // the DB's TableName
	Tables    map[string]string // the DB's Tables
	first     string            // the first model table seen going to TableName
}

// Clash records that an action is on the model table named model and
// returns the name of an earlier action's different model table that goes
// to TableName as well, or "" when there is none.
func (d *DefaultTable) Clash(model string) string {
	if d.TableName == "" || d.Tables[model] != "" {
		return ""
	}
	if d.first == "" {
		d.first = model
		return ""
	}
	if d.first != model {
		return d.first
	}
	return ""
}
