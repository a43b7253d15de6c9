package entity

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// Default marker attribute names, written into every item an entity writes.
const (
	DefaultEntityAttribute        = "__entity"
	DefaultEntityVersionAttribute = "__entity_version"
)

// KeyAttribute names a key attribute and its scalar type.
type KeyAttribute struct {
	Name string
	Type types.ScalarAttributeType // S, N or B; the zero value means S
}

// S declares a string key attribute.
func S(name string) KeyAttribute { return KeyAttribute{Name: name, Type: types.ScalarAttributeTypeS} }

// N declares a number key attribute.
func N(name string) KeyAttribute { return KeyAttribute{Name: name, Type: types.ScalarAttributeTypeN} }

func (k KeyAttribute) typ() types.ScalarAttributeType {
	if k.Type == "" {
		return types.ScalarAttributeTypeS
	}
	return k.Type
}

// Projection says which attributes an index holds. The zero value projects
// all attributes. Items read from an index are decoded by their entity
// marker, so CreateTableInput always projects the marker attributes: a
// KEYS_ONLY projection becomes INCLUDE of the two markers, and INCLUDE
// lists them after Attributes.
type Projection struct {
	Type       types.ProjectionType // ALL (zero value), KEYS_ONLY or INCLUDE
	Attributes []string             // the non-key attributes of an INCLUDE projection
}

// Index describes a global or local secondary index.
type Index struct {
	Name         string
	Local        bool         // a local secondary index: shares the table's partition key
	PartitionKey KeyAttribute // ignored for local indexes
	SortKey      KeyAttribute // optional for global indexes
	// PartitionKeys and SortKeys make a global index's key of several
	// native attributes (a multi-attribute key), in order: one to four
	// partition attributes and up to four sort attributes, used instead of
	// PartitionKey and SortKey (which stay empty). See MultiAttribute.
	PartitionKeys []KeyAttribute
	SortKeys      []KeyAttribute
	Projection    Projection
}

// Table describes a DynamoDB table: its key attributes, its indexes and the
// attributes that mark every item with its entity. Entities are defined
// against a *Table; the table's Name is the default that a DB may override.
//
// The zero values: EntityAttribute and EntityVersionAttribute default to
// DefaultEntityAttribute and DefaultEntityVersionAttribute; billing is on demand;
// no TTLAttribute means items do not expire; no Stream means the table has
// no DynamoDB stream.
type Table struct {
	Name                   string
	PartitionKey           KeyAttribute
	SortKey                KeyAttribute // optional
	Indexes                []Index
	EntityAttribute        string
	EntityVersionAttribute string
	// TTLAttribute names the table's time-to-live attribute: an item whose
	// value there (Unix seconds) has passed is deleted by DynamoDB, within
	// days, unless the value is more than five years in the past (DynamoDB
	// never deletes such an item, and the library counts it live, in
	// Unexpired, GetOp.SkipExpired and unique markers alike). It is the
	// table's setting (DynamoDB has one per table), so it is declared
	// here, not per entity: see Ensure, TimeToLiveInput and Unexpired.
	TTLAttribute string
	// Stream declares the table's DynamoDB stream and what it records of
	// each changed item; NoStream (the zero value) declares none.
	Stream StreamView
	// Provisioned declares provisioned billing with the capacity of the
	// table and its global indexes; nil means on demand. See Provisioned.
	Provisioned *Provisioned

	mu       sync.RWMutex
	entities map[string]decoder
	patterns []AccessPattern // see AddAccessPatterns
}

// decoder is what a table knows of each registered entity.
type decoder interface {
	Name() string
	decodeAny(item map[string]types.AttributeValue) (any, error)
	keySpace() keySpace
	uniqueSpaces() map[string]keySpace
	uniqueAttrs() []string
	model() entityModel
	// sample, attrTypes and sharesWith serve Table.Sample and
	// Table.AttributeTypes (sample.go).
	sample(ordinal int) (map[string]types.AttributeValue, []map[string]types.AttributeValue, error)
	attrTypes() map[string]string
	sharesWith() []string
}

// EntityAttr returns the name of the entity marker attribute ("" for a
// nil *Table).
func (t *Table) EntityAttr() string {
	if t == nil {
		return ""
	}
	if t.EntityAttribute == "" {
		return DefaultEntityAttribute
	}
	return t.EntityAttribute
}

// EntityVersionAttr returns the name of the entity version attribute (""
// for a nil *Table).
func (t *Table) EntityVersionAttr() string {
	if t == nil {
		return ""
	}
	if t.EntityVersionAttribute == "" {
		return DefaultEntityVersionAttribute
	}
	return t.EntityVersionAttribute
}

// Index returns the index named name; ok is false when the table (or a nil
// *Table) has none.
func (t *Table) Index(name string) (ix Index, ok bool) {
	if t == nil {
		return Index{}, false
	}
	for _, ix := range t.Indexes {
		if ix.Name == name {
			return ix, true
		}
	}
	return Index{}, false
}

// KeyNames returns the partition and sort key attribute names of the table
// (index "") or of an index. The sort key name is "" when there is none.
//
// For a multi-attribute index they are the first attribute of each role;
// KeyAttributes gives them all. A nil *Table is a *ddbmodel.ValidationError.
func (t *Table) KeyNames(index string) (pk, sk string, err error) {
	if t == nil {
		return "", "", nilTable("KeyNames")
	}
	if index == "" {
		return t.PartitionKey.Name, t.SortKey.Name, nil
	}
	ix, ok := t.Index(index)
	if !ok {
		return "", "", errtext.Errorf("table %q has no index %q", t.Name, index)
	}
	if ix.MultiAttribute() {
		pk = ix.PartitionKeys[0].Name
		if len(ix.SortKeys) > 0 {
			sk = ix.SortKeys[0].Name
		}
		return pk, sk, nil
	}
	if ix.Local {
		return t.PartitionKey.Name, ix.SortKey.Name, nil
	}
	return ix.PartitionKey.Name, ix.SortKey.Name, nil
}

// PrimaryKeyNames returns the names of the attributes that identify an item
// in the base table and, for an index, the index's own key attributes: the
// attributes a LastEvaluatedKey of a query on that index holds. A nil
// *Table has none.
func (t *Table) PrimaryKeyNames(index string) []string {
	if t == nil {
		return nil
	}
	names := []string{t.PartitionKey.Name}
	if t.SortKey.Name != "" {
		names = append(names, t.SortKey.Name)
	}
	if index != "" {
		for _, n := range t.indexKeyNames(index) {
			if n != "" && n != names[0] && (len(names) < 2 || n != names[1]) {
				names = append(names, n)
			}
		}
	}
	return names
}

func (t *Table) register(d decoder) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.entities == nil {
		t.entities = map[string]decoder{}
	}
	if _, dup := t.entities[d.Name()]; dup {
		return &ddbmodel.ValidationError{Entity: d.Name(), Reason: fmt.Sprintf("Define: table %q already has an entity named %q; entity names are stored in each item's marker, so each names one entity of the table", t.Name, d.Name())}
	}
	if err := t.checkSpaces(d); err != nil {
		return err
	}
	if err := t.checkUnmarkedSpaces(d); err != nil {
		return err
	}
	t.entities[d.Name()] = d
	return nil
}

// EntityOf returns the entity name and version an item is marked with. An
// item without a marker is the entity's that recognises it
// (Config.RecognizeUnmarked), at that entity's version. An item without a
// marker no entity recognises, or with one no entity of this table is
// registered for, gives an *ddbmodel.UnknownEntityError. A marker item of
// a unique attribute gives its marker (UNIQUE#<Entity>#<attribute>) and
// no error. A nil *Table is a *ddbmodel.ValidationError.
func (t *Table) EntityOf(item map[string]types.AttributeValue) (name, version string, err error) {
	if t == nil {
		return "", "", nilTable("EntityOf")
	}
	if t.Unmarked(item) {
		d, err := t.recognize(item)
		if err != nil {
			return "", "", err
		}
		return d.Name(), d.(recognizer).Version(), nil
	}
	name = stringAttr(item, t.EntityAttr())
	version = stringAttr(item, t.EntityVersionAttr())
	t.mu.RLock()
	_, ok := t.entities[name]
	t.mu.RUnlock()
	if !ok && !t.IsUniqueMarker(item) {
		return name, version, unknownEntity(name, version)
	}
	return name, version, nil
}

// Decode decodes a raw item (a query page's, a stream record's) into the Go
// value of the entity its marker names; the result's dynamic type is that
// entity's T. An unknown marker is an *ddbmodel.UnknownEntityError. An
// item without a marker is decoded as the entity that recognises it (see
// EntityOf). A marker item of a unique attribute decodes as a UniqueMarker.
// A nil *Table is a *ddbmodel.ValidationError.
func (t *Table) Decode(item map[string]types.AttributeValue) (any, error) {
	if t == nil {
		return nil, nilTable("Decode")
	}
	if t.Unmarked(item) {
		d, err := t.recognize(item)
		if err != nil {
			return nil, err
		}
		return d.decodeAny(item)
	}
	name := stringAttr(item, t.EntityAttr())
	t.mu.RLock()
	d, ok := t.entities[name]
	t.mu.RUnlock()
	if !ok {
		if m, isMarker := t.uniqueMarker(item); isMarker {
			return m, nil
		}
		return nil, unknownEntity(name, stringAttr(item, t.EntityVersionAttr()))
	}
	return d.decodeAny(item)
}

// Entities returns the names of the entities defined against the table,
// sorted; none for a nil *Table.
func (t *Table) Entities() []string {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.entityNames()
}

// entityNames returns the names of the entities, sorted; the caller holds
// t.mu.
func (t *Table) entityNames() []string {
	names := make([]string, 0, len(t.entities))
	for n := range t.entities {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// UniqueAttributes returns the unique attributes (Attribute.Unique) of the
// table's entity named entity, in declaration order; none for an entity
// without any, or one the table (or a nil *Table) does not know. Writes
// that cannot keep their marker items (batch writes, returning writes)
// refuse such entities.
func (t *Table) UniqueAttributes(entity string) []string {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	d, ok := t.entities[entity]
	t.mu.RUnlock()
	if !ok {
		return nil
	}
	return d.uniqueAttrs()
}

// CreateTableInput returns the CreateTable request for the table: on-demand
// billing, or the Provisioned capacity of the table and of each global
// index, and the Stream when one is declared. Set its TableName to create
// it under another name. It is nil for a nil *Table.
func (t *Table) CreateTableInput() *dynamodb.CreateTableInput {
	if t == nil {
		return nil
	}
	defs := map[string]types.ScalarAttributeType{}
	var order []string
	add := func(k KeyAttribute) {
		if k.Name == "" {
			return
		}
		if _, ok := defs[k.Name]; !ok {
			order = append(order, k.Name)
		}
		defs[k.Name] = k.typ()
	}
	schema := func(pk, sk KeyAttribute) []types.KeySchemaElement {
		add(pk)
		add(sk)
		ks := []types.KeySchemaElement{{AttributeName: aws.String(pk.Name), KeyType: types.KeyTypeHash}}
		if sk.Name != "" {
			ks = append(ks, types.KeySchemaElement{AttributeName: aws.String(sk.Name), KeyType: types.KeyTypeRange})
		}
		return ks
	}
	in := &dynamodb.CreateTableInput{
		TableName:   aws.String(t.Name),
		BillingMode: types.BillingModePayPerRequest,
		KeySchema:   schema(t.PartitionKey, t.SortKey),
	}
	for _, ix := range t.Indexes {
		proj := &types.Projection{ProjectionType: ix.Projection.Type}
		switch proj.ProjectionType {
		case "", types.ProjectionTypeAll:
			proj.ProjectionType = types.ProjectionTypeAll
		default:
			proj.ProjectionType = types.ProjectionTypeInclude
			proj.NonKeyAttributes = append([]string(nil), ix.Projection.Attributes...)
			for _, m := range []string{t.EntityAttr(), t.EntityVersionAttr()} {
				if !slices.Contains(proj.NonKeyAttributes, m) {
					proj.NonKeyAttributes = append(proj.NonKeyAttributes, m)
				}
			}
		}
		if ix.Local {
			in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, types.LocalSecondaryIndex{
				IndexName: aws.String(ix.Name), KeySchema: schema(t.PartitionKey, ix.SortKey), Projection: proj,
			})
			continue
		}
		var ks []types.KeySchemaElement
		if ix.MultiAttribute() {
			ks = ix.multiKeySchema(add)
		} else {
			ks = schema(ix.PartitionKey, ix.SortKey)
		}
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{
			IndexName: aws.String(ix.Name), KeySchema: ks, Projection: proj,
		})
	}
	for _, n := range order {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: defs[n]})
	}
	t.applyThroughput(in)
	return in
}

// nilTable is the error of method op called on a nil *Table.
func nilTable(op string) error {
	return &ddbmodel.ValidationError{Reason: op + " of a nil *entity.Table"}
}

func (t *Table) check() error {
	if t.PartitionKey.Name == "" {
		return errtext.Errorf("table %q has no partition key", t.Name)
	}
	seen := map[string]bool{}
	for _, ix := range t.Indexes {
		if ix.Name == "" || seen[ix.Name] {
			return errtext.Errorf("table %q: index name %q is empty or repeated", t.Name, ix.Name)
		}
		seen[ix.Name] = true
		if ix.MultiAttribute() {
			if err := ix.checkMulti(t.Name); err != nil {
				return err
			}
			continue
		}
		if ix.Local && ix.SortKey.Name == "" {
			return errtext.Errorf("table %q: local index %q needs a sort key", t.Name, ix.Name)
		}
		if !ix.Local && ix.PartitionKey.Name == "" {
			return errtext.Errorf("table %q: index %q has no partition key", t.Name, ix.Name)
		}
	}
	if err := t.checkKeyAttributes(); err != nil {
		return err
	}
	if err := t.checkThroughput(); err != nil {
		return err
	}
	return t.checkLimits()
}

// checkProjection refuses a projection DynamoDB does not know, or one
// whose attribute list the index would not use as written (attributes
// with ALL or KEYS_ONLY were projected as an INCLUDE; an unknown type gave
// a keys-only index).
func (t *Table) checkProjection(ix Index) error {
	p := ix.Projection
	bad := func(format string, args ...any) error {
		return &ddbmodel.ValidationError{Attribute: "Projection", Reason: fmt.Sprintf("table %q: index %s: ", t.Name, ix.Name) + fmt.Sprintf(format, args...)}
	}
	switch p.Type {
	case "", types.ProjectionTypeAll, types.ProjectionTypeKeysOnly:
		if len(p.Attributes) > 0 {
			return bad("a %s projection takes no Attributes; use INCLUDE to project them", cmp.Or(string(p.Type), "ALL"))
		}
	case types.ProjectionTypeInclude:
		seen := map[string]bool{}
		for _, a := range p.Attributes {
			if a == "" || seen[a] {
				return bad("INCLUDE names %q twice or empty", a)
			}
			seen[a] = true
		}
	default:
		return bad("projection type %q; want ALL, KEYS_ONLY or INCLUDE", p.Type)
	}
	return nil
}

// checkKeyAttributes refuses one key attribute declared with two types
// (DynamoDB takes one definition per name; the later silently won, and
// every put then failed) and a marker attribute named like a key attribute
// (a put overwrote the key with the entity's name).
func (t *Table) checkKeyAttributes() error {
	types := map[string]string{} // name: type
	where := map[string]string{} // name: where first declared
	declare := func(k KeyAttribute, at string) error {
		if k.Name == "" {
			return nil
		}
		typ := string(k.Type)
		if typ == "" {
			typ = "S"
		}
		if typ != "S" && typ != "N" && typ != "B" {
			return &ddbmodel.ValidationError{Attribute: k.Name, Reason: fmt.Sprintf("table %q: key attribute %s (%s) has type %q; a key is S, N or B", t.Name, k.Name, at, typ)}
		}
		if prev, ok := types[k.Name]; ok && prev != typ {
			return &ddbmodel.ValidationError{Attribute: k.Name, Reason: fmt.Sprintf("table %q: key attribute %s is %s as %s and %s as %s; DynamoDB takes one type per attribute", t.Name, k.Name, prev, where[k.Name], typ, at)}
		}
		if _, ok := types[k.Name]; !ok {
			types[k.Name], where[k.Name] = typ, at
		}
		return nil
	}
	keys := []struct {
		k  KeyAttribute
		at string
	}{{t.PartitionKey, "the table's partition key"}, {t.SortKey, "the table's sort key"}}
	for _, ix := range t.Indexes {
		for _, k := range append(append([]KeyAttribute{ix.PartitionKey, ix.SortKey}, ix.PartitionKeys...), ix.SortKeys...) {
			keys = append(keys, struct {
				k  KeyAttribute
				at string
			}{k, "a key of index " + ix.Name})
		}
	}
	for _, k := range keys {
		if err := declare(k.k, k.at); err != nil {
			return err
		}
	}
	for _, ix := range t.Indexes {
		if err := t.checkProjection(ix); err != nil {
			return err
		}
	}
	for _, m := range []struct{ name, field string }{{t.EntityAttr(), "EntityAttribute"}, {t.EntityVersionAttr(), "EntityVersionAttribute"}} {
		if _, isKey := types[m.name]; isKey {
			return &ddbmodel.ValidationError{Attribute: m.field, Reason: fmt.Sprintf("table %q: the marker attribute %q is also %s; a put would write the entity's marker there", t.Name, m.name, where[m.name])}
		}
	}
	if t.EntityAttr() == t.EntityVersionAttr() {
		return &ddbmodel.ValidationError{Attribute: "EntityVersionAttribute", Reason: fmt.Sprintf("table %q: the entity and entity version attributes are both %q", t.Name, t.EntityAttr())}
	}
	return nil
}

// Client is the part of *dynamodb.Client the library calls. Any value with
// these methods works, which lets tests inject faults.
type Client interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	Scan(ctx context.Context, in *dynamodb.ScanInput, optFns ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
	TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
	TransactGetItems(ctx context.Context, in *dynamodb.TransactGetItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error)
	BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error)
	BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error)
}

var _ Client = (*dynamodb.Client)(nil)

// DB is where requests go: a client and the physical names of the model's
// tables. Operations are built without a DB (their Build methods name each
// action's model Table by its Name) and run against one, which sends each
// action to the physical table of its own model table (see [DB.Table]):
//
//   - a model table named in Tables goes to the physical name given there;
//   - any other goes to TableName, the DB's default table, when TableName is
//     set, and to the model Table's Name when it is empty.
//
// A DB with only TableName (what NewDB returns) is a DB for one model table.
// A transaction or a batch whose actions are on two or more model tables
// that would all go to TableName is refused with a *ddbmodel.ValidationError
// before anything is sent: TableName renames one table, and which one would
// be a guess. Name the others in Tables:
//
//	db := &entity.DB{Client: client, Tables: map[string]string{
//		model.Content.Name: "content-prod",
//		model.Audit.Name:   "audit-prod",
//	}}
type DB struct {
	Client Client
	// TableName is the physical name of the default table: where requests
	// on a model table that Tables does not name go. Empty, such requests go
	// to the model Table's Name.
	TableName string
	// Tables maps model table names (Table.Name) to physical table names.
	// Nil is fine: every request then goes by TableName.
	Tables map[string]string
	// Options are passed to every client call unchanged.
	Options []func(*dynamodb.Options)
	// Observer, when not nil, is told about every request sent (see
	// [Observer] and [DB.WithObserver]), and every request asks DynamoDB
	// for the capacity it consumes. Nil costs nothing.
	Observer Observer
}

// NewDB returns a DB sending requests on one model table through client to
// the physical table named table.
func NewDB(client Client, table string) *DB { return &DB{Client: client, TableName: table} }

// checkDB refuses a DB that cannot send requests, before op (a
// description such as "put Article") builds anything.
func checkDB(db *DB, op string) error {
	switch {
	case db == nil:
		return &ddbmodel.ValidationError{Reason: "" + op + ": nil *entity.DB"}
	case db.Client == nil:
		return &ddbmodel.ValidationError{Reason: "" + op + ": entity.DB has no Client"}
	}
	return nil
}

// Table returns the physical table name for requests on the model table
// named def (a Table's Name): db.Tables[def] when set, else db.TableName when
// set, else def.
func (db *DB) Table(def string) *string {
	if db == nil {
		return aws.String(def)
	}
	return aws.String(db.txTables().Name(def))
}

// txTables is how transactions and batches rename model tables for db.
func (db *DB) txTables() txwrite.Tables {
	return txwrite.Tables{Rename: true, TableName: db.TableName, Tables: db.Tables}
}
