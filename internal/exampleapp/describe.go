package exampleapp

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// The describers render DynamoDB requests compactly for people reading an
// example's output. Expressions are shown as written, with every #name
// placeholder replaced by the attribute name and every :value placeholder by
// the value (S quoted, N bare, see [FormatValue]). Keys and items, being maps,
// are shown with their attributes sorted by name. Table names are shown as
// given, indexes as "table/index".

// Describe renders a request the library built as sent to table. Build
// names the table of the entity's definition, and a program may run on
// another (-table), so Describe first sets every table name in the request
// to table. in is a *GetItemInput, *QueryInput, *ScanInput, *PutItemInput,
// *UpdateItemInput, *DeleteItemInput or *TransactWriteItemsInput of
// package dynamodb; anything else panics.
func Describe(table string, in any) string {
	name := aws.String(table)
	switch in := in.(type) {
	case *dynamodb.GetItemInput:
		in.TableName = name
		return DescribeGet(in)
	case *dynamodb.QueryInput:
		in.TableName = name
		return DescribeQuery(in)
	case *dynamodb.ScanInput:
		in.TableName = name
		return DescribeScan(in)
	case *dynamodb.PutItemInput:
		in.TableName = name
		return DescribePut(in)
	case *dynamodb.UpdateItemInput:
		in.TableName = name
		return DescribeUpdate(in)
	case *dynamodb.DeleteItemInput:
		in.TableName = name
		return DescribeDelete(in)
	case *dynamodb.TransactWriteItemsInput:
		for i := range in.TransactItems {
			it := &in.TransactItems[i]
			switch {
			case it.Put != nil:
				it.Put.TableName = name
			case it.Update != nil:
				it.Update.TableName = name
			case it.Delete != nil:
				it.Delete.TableName = name
			case it.ConditionCheck != nil:
				it.ConditionCheck.TableName = name
			}
		}
		return DescribeTransaction(in)
	}
	panic(fmt.Sprintf("exampleapp: Describe of %T", in))
}

// DescribeQuery renders a query input compactly for humans: table/index, the
// key condition with #names and :values substituted, then the filter,
// projection, order, consistency and Limit when set, separated by "; ":
//
//	Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); filter: Status = "published"; descending; limit 10
func DescribeQuery(in *dynamodb.QueryInput) string {
	if in == nil {
		return "Query <nil>"
	}
	names, values := in.ExpressionAttributeNames, in.ExpressionAttributeValues
	var b strings.Builder
	b.WriteString("Query")
	writeTarget(&b, in.TableName, in.IndexName)
	if in.KeyConditionExpression != nil {
		b.WriteString(": ")
		b.WriteString(Substitute(*in.KeyConditionExpression, names, values))
	}
	clause(&b, "filter: ", in.FilterExpression, names, values)
	clause(&b, "project: ", in.ProjectionExpression, names, values)
	if in.ScanIndexForward != nil && !*in.ScanIndexForward {
		b.WriteString("; descending")
	}
	if aws.ToBool(in.ConsistentRead) {
		b.WriteString("; consistent read")
	}
	if in.Select == types.SelectCount {
		b.WriteString("; count only")
	}
	if in.Limit != nil {
		fmt.Fprintf(&b, "; limit %d", *in.Limit)
	}
	if len(in.ExclusiveStartKey) > 0 {
		b.WriteString("; after ")
		b.WriteString(FormatKey(in.ExclusiveStartKey))
	}
	return b.String()
}

// DescribeScan renders a scan input like [DescribeQuery]:
//
//	Scan cms; filter: begins_with(PK, "USER#"); limit 20; segment 1 of 4
func DescribeScan(in *dynamodb.ScanInput) string {
	if in == nil {
		return "Scan <nil>"
	}
	names, values := in.ExpressionAttributeNames, in.ExpressionAttributeValues
	var b strings.Builder
	b.WriteString("Scan")
	writeTarget(&b, in.TableName, in.IndexName)
	clause(&b, "filter: ", in.FilterExpression, names, values)
	clause(&b, "project: ", in.ProjectionExpression, names, values)
	if aws.ToBool(in.ConsistentRead) {
		b.WriteString("; consistent read")
	}
	if in.Select == types.SelectCount {
		b.WriteString("; count only")
	}
	if in.Limit != nil {
		fmt.Fprintf(&b, "; limit %d", *in.Limit)
	}
	if in.Segment != nil || in.TotalSegments != nil {
		fmt.Fprintf(&b, "; segment %d of %d", aws.ToInt32(in.Segment), aws.ToInt32(in.TotalSegments))
	}
	if len(in.ExclusiveStartKey) > 0 {
		b.WriteString("; after ")
		b.WriteString(FormatKey(in.ExclusiveStartKey))
	}
	return b.String()
}

// DescribeGet renders a GetItem input:
//
//	GetItem cms: PK = "ARTICLE#a1", SK = "META"; project: Title, Body; consistent read
func DescribeGet(in *dynamodb.GetItemInput) string {
	if in == nil {
		return "GetItem <nil>"
	}
	var b strings.Builder
	b.WriteString("GetItem")
	writeTarget(&b, in.TableName, nil)
	b.WriteString(": ")
	b.WriteString(FormatKey(in.Key))
	clause(&b, "project: ", in.ProjectionExpression, in.ExpressionAttributeNames, nil)
	if aws.ToBool(in.ConsistentRead) {
		b.WriteString("; consistent read")
	}
	return b.String()
}

// DescribePut renders a PutItem input the way [DescribeTransaction] renders
// a Put action.
func DescribePut(in *dynamodb.PutItemInput) string {
	if in == nil {
		return "Put <nil>"
	}
	return describePut(in.TableName, in.Item, in.ConditionExpression, in.ExpressionAttributeNames, in.ExpressionAttributeValues)
}

// DescribeUpdate renders an UpdateItem input the way [DescribeTransaction]
// renders an Update action.
func DescribeUpdate(in *dynamodb.UpdateItemInput) string {
	if in == nil {
		return "Update <nil>"
	}
	return describeKeyed("Update", in.TableName, in.Key, in.UpdateExpression, in.ConditionExpression, in.ExpressionAttributeNames, in.ExpressionAttributeValues)
}

// DescribeDelete renders a DeleteItem input the way [DescribeTransaction]
// renders a Delete action.
func DescribeDelete(in *dynamodb.DeleteItemInput) string {
	if in == nil {
		return "Delete <nil>"
	}
	return describeKeyed("Delete", in.TableName, in.Key, nil, in.ConditionExpression, in.ExpressionAttributeNames, in.ExpressionAttributeValues)
}

// DescribeTransaction renders a TransactWriteItems input with one line per
// action, in order: the action (Put, Update, Delete or ConditionCheck), the
// table, the key, the update expression and the condition ("if ..."). A Put
// shows the item's PK and SK attributes (any case) and how many others it
// sets; an item without them is shown whole.
//
//	Put cms: PK = "USER#u1", SK = "PROFILE" (+2 attributes); if attribute_not_exists(PK)
//	Update cms: PK = "STATS", SK = "USERS"; SET Total = Total + 1
//	ConditionCheck cms: PK = "ORG#o1", SK = "META"; if Active = true
func DescribeTransaction(in *dynamodb.TransactWriteItemsInput) string {
	if in == nil {
		return "TransactWriteItems <nil>"
	}
	lines := make([]string, 0, len(in.TransactItems))
	for _, item := range in.TransactItems {
		switch {
		case item.Put != nil:
			p := item.Put
			lines = append(lines, describePut(p.TableName, p.Item, p.ConditionExpression, p.ExpressionAttributeNames, p.ExpressionAttributeValues))
		case item.Update != nil:
			u := item.Update
			lines = append(lines, describeKeyed("Update", u.TableName, u.Key, u.UpdateExpression, u.ConditionExpression, u.ExpressionAttributeNames, u.ExpressionAttributeValues))
		case item.Delete != nil:
			d := item.Delete
			lines = append(lines, describeKeyed("Delete", d.TableName, d.Key, nil, d.ConditionExpression, d.ExpressionAttributeNames, d.ExpressionAttributeValues))
		case item.ConditionCheck != nil:
			c := item.ConditionCheck
			lines = append(lines, describeKeyed("ConditionCheck", c.TableName, c.Key, nil, c.ConditionExpression, c.ExpressionAttributeNames, c.ExpressionAttributeValues))
		default:
			lines = append(lines, "<empty action>")
		}
	}
	return strings.Join(lines, "\n")
}

func describePut(table *string, item map[string]types.AttributeValue, cond *string, names map[string]string, values map[string]types.AttributeValue) string {
	var b strings.Builder
	b.WriteString("Put")
	writeTarget(&b, table, nil)
	b.WriteString(": ")
	key := map[string]types.AttributeValue{}
	for name, v := range item {
		if strings.EqualFold(name, "PK") || strings.EqualFold(name, "SK") {
			key[name] = v
		}
	}
	if len(key) == 0 {
		b.WriteString(FormatValue(&types.AttributeValueMemberM{Value: item}))
	} else {
		b.WriteString(FormatKey(key))
		if rest := len(item) - len(key); rest == 1 {
			b.WriteString(" (+1 attribute)")
		} else if rest > 1 {
			fmt.Fprintf(&b, " (+%d attributes)", rest)
		}
	}
	clause(&b, "if ", cond, names, values)
	return b.String()
}

func describeKeyed(action string, table *string, key map[string]types.AttributeValue, update, cond *string, names map[string]string, values map[string]types.AttributeValue) string {
	var b strings.Builder
	b.WriteString(action)
	writeTarget(&b, table, nil)
	b.WriteString(": ")
	b.WriteString(FormatKey(key))
	clause(&b, "", update, names, values)
	clause(&b, "if ", cond, names, values)
	return b.String()
}

// writeTarget appends " table/index" (or the part that is set).
func writeTarget(b *strings.Builder, table, index *string) {
	t, i := aws.ToString(table), aws.ToString(index)
	switch {
	case t != "" && i != "":
		b.WriteString(" " + t + "/" + i)
	case t != "":
		b.WriteString(" " + t)
	case i != "":
		b.WriteString(" " + i)
	}
}

// clause appends "; " + label + the substituted expression when expr is set.
func clause(b *strings.Builder, label string, expr *string, names map[string]string, values map[string]types.AttributeValue) {
	if expr == nil || *expr == "" {
		return
	}
	b.WriteString("; ")
	b.WriteString(label)
	b.WriteString(Substitute(*expr, names, values))
}

// Substitute returns expr with each #name placeholder replaced by its
// attribute name and each :value placeholder by [FormatValue] of its value.
// A placeholder is '#' or ':' followed by the longest run of letters, digits
// and underscores, as DynamoDB reads it, so #pk1 is never taken for #pk.
// Substituted text is not scanned again, and placeholders missing from the
// maps are left as they are.
func Substitute(expr string, names map[string]string, values map[string]types.AttributeValue) string {
	var b strings.Builder
	for i := 0; i < len(expr); {
		c := expr[i]
		if c != '#' && c != ':' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(expr) && isPlaceholderByte(expr[j]) {
			j++
		}
		token := expr[i:j]
		replaced := false
		if c == '#' {
			if name, ok := names[token]; ok {
				b.WriteString(name)
				replaced = true
			}
		} else if v, ok := values[token]; ok {
			b.WriteString(FormatValue(v))
			replaced = true
		}
		if !replaced {
			b.WriteString(token)
		}
		i = j
	}
	return b.String()
}

func isPlaceholderByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// FormatKey renders a key (or any attribute map) as `A = v, B = w` with the
// attributes sorted by name, so a key of PK and SK reads PK first.
func FormatKey(key map[string]types.AttributeValue) string {
	names := make([]string, 0, len(key))
	for name := range key {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name + " = " + FormatValue(key[name])
	}
	return strings.Join(parts, ", ")
}

// FormatValue renders one attribute value: S quoted as a Go string, N bare,
// BOOL as true/false, NULL as null, B as b64"...", lists as [a, b], maps as
// {"k": v} with sorted keys and sets as <<a, b>> in their given order.
func FormatValue(v types.AttributeValue) string {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return strconv.Quote(v.Value)
	case *types.AttributeValueMemberN:
		return v.Value
	case *types.AttributeValueMemberBOOL:
		return strconv.FormatBool(v.Value)
	case *types.AttributeValueMemberNULL:
		return "null"
	case *types.AttributeValueMemberB:
		return formatBinary(v.Value)
	case *types.AttributeValueMemberSS:
		parts := make([]string, len(v.Value))
		for i, s := range v.Value {
			parts[i] = strconv.Quote(s)
		}
		return "<<" + strings.Join(parts, ", ") + ">>"
	case *types.AttributeValueMemberNS:
		return "<<" + strings.Join(v.Value, ", ") + ">>"
	case *types.AttributeValueMemberBS:
		parts := make([]string, len(v.Value))
		for i, bs := range v.Value {
			parts[i] = formatBinary(bs)
		}
		return "<<" + strings.Join(parts, ", ") + ">>"
	case *types.AttributeValueMemberL:
		parts := make([]string, len(v.Value))
		for i, e := range v.Value {
			parts[i] = FormatValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *types.AttributeValueMemberM:
		keys := make([]string, 0, len(v.Value))
		for k := range v.Value {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ": " + FormatValue(v.Value[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case nil:
		return "<nil>"
	default:
		return fmt.Sprintf("<%T>", v)
	}
}

func formatBinary(b []byte) string {
	return `b64"` + base64.StdEncoding.EncodeToString(b) + `"`
}
