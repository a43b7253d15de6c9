package query

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// cursorVersion is the version of the cursors made: 2 since query cursors
// are bound to the entities their query reads (a cursor of version 1
// carries no entity, and is refused as an earlier version's).
const cursorVersion = 2

// jsonAV is a key attribute value in a cursor.
type jsonAV struct {
	S *string `json:"S,omitempty"`
	N *string `json:"N,omitempty"`
	B []byte  `json:"B,omitempty"`
}

type cursorData struct {
	V int    `json:"v"`
	Q string `json:"q"`
	// P holds a short digest of each part of the request Q covers (see
	// requestParts), so that a cursor refused as another request's says
	// which parts differ. Older cursors lack it.
	P string              `json:"p,omitempty"`
	K []map[string]jsonAV `json:"k"`           // per shard: where to continue (nil: from the start)
	D []bool              `json:"d,omitempty"` // per shard: exhausted
}

func toJSONKey(k map[string]types.AttributeValue) (map[string]jsonAV, error) {
	if k == nil {
		return nil, nil
	}
	out := make(map[string]jsonAV, len(k))
	for n, v := range k {
		switch x := v.(type) {
		case *types.AttributeValueMemberS:
			s := x.Value
			out[n] = jsonAV{S: &s}
		case *types.AttributeValueMemberN:
			s := x.Value
			out[n] = jsonAV{N: &s}
		case *types.AttributeValueMemberB:
			out[n] = jsonAV{B: x.Value}
		default:
			return nil, errtext.Errorf("key attribute %s has an unsupported type %T", n, v)
		}
	}
	return out, nil
}

func fromJSONKey(k map[string]jsonAV) map[string]types.AttributeValue {
	if k == nil {
		return nil
	}
	out := make(map[string]types.AttributeValue, len(k))
	for n, v := range k {
		switch {
		case v.S != nil:
			out[n] = &types.AttributeValueMemberS{Value: *v.S}
		case v.N != nil:
			out[n] = &types.AttributeValueMemberN{Value: *v.N}
		default:
			out[n] = &types.AttributeValueMemberB{Value: v.B}
		}
	}
	return out
}

// lazyFingerprint computes a request's fingerprint once, and only when a
// cursor is decoded or encoded with it (a first page that is also the
// last needs none).
type lazyFingerprint struct {
	compute func() string
	fp      string
	done    bool
	// parts returns the request's parts (requestParts), for the digests
	// a cursor carries beside the fingerprint.
	parts func() requestParts
	what  string // "query" or "scan", for messages
}

func (l *lazyFingerprint) get() string {
	if !l.done {
		l.fp, l.done = l.compute(), true
	}
	return l.fp
}

// queryFingerprint is the lazy fingerprint of the query requests ins, made
// for members (the query's entity, or a collection's members): two
// entities' queries can send the same request (one index, one key
// condition that both entities' keys begin with), and a cursor of one
// would skip the other's items.
func queryFingerprint(members []Member, ins []*dynamodb.QueryInput) *lazyFingerprint {
	return &lazyFingerprint{
		compute: func() string { return fingerprint(memberNames(members), ins) },
		parts:   func() requestParts { return queryParts(memberNames(members), ins) },
		what:    "query",
	}
}

// requestParts are the parts of a request a cursor is bound to, by name,
// in a fixed order: each part's text with the names and values its
// expressions use, over all of the request's inputs (see newRequestParts).
type requestParts []struct{ name, text string }

// partDigestLen is the length in hex digits of one part's digest in a
// cursor: enough to tell which parts of two requests differ, short enough
// to keep cursors short (the fingerprint, not these, binds the cursor).
const partDigestLen = 6

// digests returns the parts' digests, concatenated in order.
func (ps requestParts) digests() string {
	var b strings.Builder
	for _, p := range ps {
		sum := sha256.Sum256([]byte(p.text))
		b.WriteString(hex.EncodeToString(sum[:])[:partDigestLen])
	}
	return b.String()
}

// differing names the parts whose digests differ between the digests of a
// cursor (theirs) and those of this request, or returns "" when the
// cursor has none or they cannot be compared.
func (ps requestParts) differing(theirs string) string {
	ours := ps.digests()
	if len(theirs) != len(ours) {
		return ""
	}
	var names []string
	for i, p := range ps {
		at := i * partDigestLen
		if theirs[at:at+partDigestLen] != ours[at:at+partDigestLen] {
			names = append(names, p.name)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0] + " differs"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " differ"
}

// anotherRequest is the reason a cursor whose fingerprint is not this
// request's is refused: which parts differ, when the cursor's part
// digests (p) tell, and whether a query's cursor was given to a scan or
// a scan's to a query.
func anotherRequest(fp *lazyFingerprint, p string) string {
	reason := "made by another " + fp.what
	if fp.parts == nil {
		return reason
	}
	switch len(p) {
	case len(queryPartNames) * partDigestLen:
		if fp.what == "scan" {
			return "made by a query, not a scan"
		}
	case len(scanPartNames) * partDigestLen:
		if fp.what == "query" {
			return "made by a scan, not a query"
		}
	}
	if diff := fp.parts().differing(p); diff != "" {
		reason += ": its " + diff
	}
	return reason
}

// Part names, in the order of a cursor's digests.
var (
	queryPartNames = []string{"entity", "table", "index", "key condition", "filter", "projection", "direction"}
	scanPartNames  = []string{"table", "index", "filter", "projection", "segment"}
)

// newRequestParts makes the parts named names from rows, one row of part
// texts per input of the request. A part's text is the distinct texts of
// the inputs, sorted, so that a part the inputs share (the filter of
// every shard or segment) reads the same whatever their number, and only
// the parts that differ between inputs (a shard's key condition, a
// segment) change with it.
func newRequestParts(names []string, rows [][]string) requestParts {
	ps := make(requestParts, len(names))
	for i, name := range names {
		texts := make([]string, len(rows))
		for r, row := range rows {
			texts[r] = row[i]
		}
		slices.Sort(texts)
		ps[i].name, ps[i].text = name, strings.Join(slices.Compact(texts), "\n")
	}
	return ps
}

// queryParts are the parts of the query requests ins of the entities
// named a cursor is bound to.
func queryParts(entities []string, ins []*dynamodb.QueryInput) requestParts {
	rows := make([][]string, len(ins))
	for r, in := range ins {
		order := "ascending"
		if in.ScanIndexForward != nil && !*in.ScanIndexForward {
			order = "descending"
		}
		rows[r] = []string{
			entityText(entities), aws.ToString(in.TableName), aws.ToString(in.IndexName),
			expressionText(aws.ToString(in.KeyConditionExpression), in.ExpressionAttributeNames, in.ExpressionAttributeValues),
			expressionText(aws.ToString(in.FilterExpression), in.ExpressionAttributeNames, in.ExpressionAttributeValues),
			expressionText(aws.ToString(in.ProjectionExpression), in.ExpressionAttributeNames, in.ExpressionAttributeValues),
			order,
		}
	}
	return newRequestParts(queryPartNames, rows)
}

// expressionText is expression e with each placeholder replaced by the
// name or value it stands for (a clock reading by "clock", as the
// fingerprint has it), so that a part's text is the same whatever numbers
// the placeholders got from the request's other parts, and changes with
// the part's own names and values.
func expressionText(e string, names map[string]string, values map[string]types.AttributeValue) string {
	return expr.Expand(e, func(p string) string {
		switch {
		case p[0] == '#':
			q, _ := json.Marshal(names[p])
			return "name" + string(q)
		case strings.HasPrefix(p, expr.ClockPrefix):
			return "clock"
		}
		q, _ := json.Marshal(typedText(values[p]))
		return "value" + string(q)
	})
}

// entityText is the entities a query reads, in a fixed order: a
// collection's members in any order read the same items.
func entityText(entities []string) string {
	names, _ := json.Marshal(slices.Sorted(slices.Values(entities)))
	return string(names)
}

// fingerprint identifies the compiled query of the entities named a cursor
// belongs to.
func fingerprint(entities []string, ins []*dynamodb.QueryInput) string {
	h := sha256.New()
	fmt.Fprintf(h, "entities %s\n", entityText(entities))
	for _, in := range ins {
		fmt.Fprintf(h, "%s|%s|%s|%s|%v|%s\n", aws.ToString(in.IndexName), aws.ToString(in.KeyConditionExpression),
			aws.ToString(in.FilterExpression), aws.ToString(in.ProjectionExpression), aws.ToBool(in.ScanIndexForward), aws.ToString(in.TableName))
		if in.ScanIndexForward != nil && !*in.ScanIndexForward {
			// The direction binds the cursor too (ToBool above cannot tell
			// descending from the default ascending order).
			fmt.Fprint(h, "desc\n")
		}
		hashExpressionAttrs(h, in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// hashExpressionAttrs writes a request's expression names and values into
// h, in a fixed order.
func hashExpressionAttrs(h io.Writer, placeholderNames map[string]string, values map[string]types.AttributeValue) {
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.HasPrefix(n, expr.ClockPrefix) {
			// A clock reading (the time a TTL filter compares with)
			// differs between the pages of one listing.
			fmt.Fprintf(h, "%s=clock;", n)
			continue
		}
		j, _ := json.Marshal(typedText(values[n]))
		fmt.Fprintf(h, "%s=%s;", n, j)
	}
	placeholders := make([]string, 0, len(placeholderNames))
	for p := range placeholderNames {
		placeholders = append(placeholders, p)
	}
	sort.Strings(placeholders)
	for _, p := range placeholders {
		fmt.Fprintf(h, "%s=%s;", p, placeholderNames[p])
	}
}

// typedText renders a scalar value with its type, for fingerprints and
// for comparing a cursor position with the partition queried.
func typedText(av types.AttributeValue) string {
	switch x := av.(type) {
	case *types.AttributeValueMemberS:
		return "S:" + x.Value
	case *types.AttributeValueMemberN:
		return "N:" + x.Value
	default:
		return fmt.Sprintf("%T:%v", av, av)
	}
}

// encodePositions encodes the positions of a request (one per shard or
// segment) bound to its fingerprint fp, signed when the spec signs its
// cursors; "" when every position is done.
func (s *spec) encodePositions(fp *lazyFingerprint, starts []map[string]types.AttributeValue, done []bool) (string, error) {
	c := cursorData{V: cursorVersion}
	allDone := true
	for i := range starts {
		k, err := toJSONKey(starts[i])
		if err != nil {
			return "", err
		}
		c.K = append(c.K, k)
		if !done[i] {
			allDone = false
		}
	}
	if allDone {
		return "", nil
	}
	c.Q = fp.get()
	if fp.parts != nil {
		c.P = fp.parts().digests()
	}
	if len(starts) > 1 {
		c.D = done
	}
	body, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	out := base64.RawURLEncoding.EncodeToString(body)
	if len(s.signKey) > 0 {
		out += "." + base64.RawURLEncoding.EncodeToString(s.mac(body))
	}
	return out, nil
}

func (s *spec) mac(body []byte) []byte {
	m := hmac.New(sha256.New, s.signKey)
	m.Write(body)
	return m.Sum(nil)
}

func (s *spec) decodeCursor(cursor string, ins []*dynamodb.QueryInput, fp *lazyFingerprint, rng keyRange) ([]map[string]types.AttributeValue, []bool, error) {
	starts, done, err := s.decodePositions(cursor, fp, len(ins))
	if err != nil || cursor == "" {
		return starts, done, err
	}
	pkName, skName, _ := s.members[0].Table().KeyNames(s.index)
	for i := range starts {
		if starts[i] == nil {
			continue
		}
		if rng.multi != nil {
			if why := rng.multi.outside(starts[i]); why != "" {
				return nil, nil, &ddbmodel.CursorError{Reason: why}
			}
			continue
		}
		// The position must lie in the partition this query reads.
		if want := partitionValue(ins[i]); want != "" && typedText(starts[i][pkName]) != want {
			return nil, nil, &ddbmodel.CursorError{Reason: "position lies outside the query's partition"}
		}
		if skName != "" && !rng.holds(starts[i][skName]) {
			return nil, nil, &ddbmodel.CursorError{Reason: "position lies outside the query's sort key range"}
		}
	}
	return starts, done, nil
}

// decodePositions decodes a cursor of count positions made by the request whose
// fingerprint is fp, checking its signature and that every position is a
// key of the spec's table (or index) that DynamoDB could have returned: of
// the declared types and sizes. "" gives count positions at the start.
//
// A position need not be a key the spec's members render: DynamoDB's
// LastEvaluatedKey is the last item it read, which may be another
// entity's in the same partition (or an unmarked item), left out by the
// query's filter. A query checks the position against its partition and
// sort key range instead (decodeCursor).
func (s *spec) decodePositions(cursor string, fp *lazyFingerprint, count int) ([]map[string]types.AttributeValue, []bool, error) {
	starts := make([]map[string]types.AttributeValue, count)
	done := make([]bool, count)
	if cursor == "" {
		return starts, done, nil
	}
	bodyText, sig, signed := strings.Cut(cursor, ".")
	body, err := base64.RawURLEncoding.DecodeString(bodyText)
	if err != nil {
		return nil, nil, &ddbmodel.CursorError{Reason: "not base64url"}
	}
	if signed && len(s.signKey) == 0 {
		// It cannot be checked here: taking it unchecked would accept a
		// cursor whoever signed it.
		return nil, nil, &ddbmodel.CursorError{Reason: "signed, but this request does not sign its cursors (SignCursors)"}
	}
	if len(s.signKey) > 0 {
		if !signed {
			return nil, nil, &ddbmodel.CursorError{Reason: "unsigned, but this query signs its cursors"}
		}
		got, err := base64.RawURLEncoding.DecodeString(sig)
		if err != nil || !hmac.Equal(got, s.mac(body)) {
			return nil, nil, &ddbmodel.CursorError{Reason: "signature does not match"}
		}
	}
	var c cursorData
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, nil, &ddbmodel.CursorError{Reason: "malformed"}
	}
	if c.V != cursorVersion {
		reason := fmt.Sprintf("version %d, want %d", c.V, cursorVersion)
		if c.V > 0 && c.V < cursorVersion {
			reason += ": made by an earlier version of ddbmodel; start the listing again"
		}
		return nil, nil, &ddbmodel.CursorError{Reason: reason}
	}
	if c.Q != fp.get() {
		return nil, nil, &ddbmodel.CursorError{Reason: anotherRequest(fp, c.P)}
	}
	if len(c.K) != count || (count > 1 && len(c.D) != count) {
		return nil, nil, &ddbmodel.CursorError{Reason: "wrong number of positions"}
	}
	table := s.members[0].Table()
	names := table.PrimaryKeyNames(s.index)
	attrs := s.positionAttrs()
	for i, k := range c.K {
		for n, v := range k {
			a, ok := attrs[n]
			if !ok || v.typ() != a.typ {
				return nil, nil, &ddbmodel.CursorError{Reason: "position has a wrong value for key attribute " + n}
			}
			if why := a.check(v); why != "" {
				return nil, nil, &ddbmodel.CursorError{Reason: "position's key attribute " + n + " " + why}
			}
		}
		starts[i] = fromJSONKey(k)
		if count > 1 {
			done[i] = c.D[i]
		}
		if starts[i] == nil {
			continue
		}
		if len(starts[i]) != len(names) {
			return nil, nil, &ddbmodel.CursorError{Reason: "position has the wrong key attributes"}
		}
		for _, n := range names {
			if _, ok := starts[i][n]; !ok {
				return nil, nil, &ddbmodel.CursorError{Reason: "position lacks key attribute " + n}
			}
		}
	}
	return starts, done, nil
}

// typ returns the DynamoDB type of a cursor's key value: "" unless exactly
// one of S, N and B is set.
func (v jsonAV) typ() types.ScalarAttributeType {
	var t types.ScalarAttributeType
	n := 0
	if v.S != nil {
		t, n = types.ScalarAttributeTypeS, n+1
	}
	if v.N != nil {
		t, n = types.ScalarAttributeTypeN, n+1
	}
	if v.B != nil {
		t, n = types.ScalarAttributeTypeB, n+1
	}
	if n != 1 {
		return ""
	}
	return t
}

// positionAttr is what a cursor's position may hold in one key attribute:
// its declared type and the most bytes a key of its kind holds.
type positionAttr struct {
	typ      types.ScalarAttributeType
	maxBytes int
}

// positionAttrs returns, for every attribute of a position of the spec's
// query (the table's key and, on an index, the index's key), what a genuine
// position holds there.
func (s *spec) positionAttrs() map[string]*positionAttr {
	table := s.members[0].Table()
	out := map[string]*positionAttr{}
	add := func(k entity.KeyAttribute, maxBytes int) {
		if k.Name == "" {
			return
		}
		t := k.Type
		if t == "" {
			t = types.ScalarAttributeTypeS
		}
		out[k.Name] = &positionAttr{typ: t, maxBytes: maxBytes}
	}
	add(table.PartitionKey, expr.MaxPartitionKeyBytes)
	add(table.SortKey, expr.MaxSortKeyBytes)
	if s.index != "" {
		if ix, ok := table.Index(s.index); ok {
			if !ix.Local {
				add(ix.PartitionKey, expr.MaxPartitionKeyBytes)
			}
			add(ix.SortKey, expr.MaxSortKeyBytes)
			for _, k := range ix.PartitionKeys {
				add(k, expr.MaxPartitionKeyBytes)
			}
			for _, k := range ix.SortKeys {
				add(k, expr.MaxSortKeyBytes)
			}
		}
	}
	return out
}

// check returns why v cannot be a genuine position's value, or "": a key
// must be one DynamoDB stores, a non-empty string of valid UTF-8 within the
// size limit, a number, or a non-empty binary within the limit.
func (a *positionAttr) check(v jsonAV) string {
	switch {
	case v.S != nil:
		text := *v.S
		switch {
		case text == "":
			return "is empty"
		case len(text) > a.maxBytes:
			return fmt.Sprintf("is over %d bytes", a.maxBytes)
		case !utf8.ValidString(text):
			return "is not valid UTF-8"
		}
	case v.N != nil:
		if !isNumber(*v.N) {
			return "is not a number"
		}
	default:
		if len(v.B) == 0 || len(v.B) > a.maxBytes {
			return "is an empty or oversized binary"
		}
	}
	return ""
}

// isNumber reports whether s is number text DynamoDB accepts in form: an
// optional sign, digits with an optional fraction, an optional exponent.
func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return false
	}
	if hasExp {
		if len(exp) > 0 && (exp[0] == '+' || exp[0] == '-') {
			exp = exp[1:]
		}
		return exp != "" && allDigits(exp)
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// partitionValue returns the text of the partition key value in a compiled
// key condition (the first value placeholder, by construction).
func partitionValue(in *dynamodb.QueryInput) string {
	if v, ok := in.ExpressionAttributeValues[":v0"]; ok {
		return typedText(v)
	}
	return ""
}
