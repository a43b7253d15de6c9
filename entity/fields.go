package entity

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// collectFields maps stored attribute names to struct field indexes the way
// guregu/dynamo names them (see storedFields); the first field of a name
// wins.
func collectFields(rt reflect.Type, out map[string][]int) {
	storedFields(rt, func(name, _ string, _ reflect.StructField, index []int) {
		if _, dup := out[name]; !dup {
			out[name] = index
		}
	})
}

// storedFields calls fn for each field of struct type rt that
// guregu/dynamo stores, in order, with its stored name (the dynamo tag's
// name, else the field name), its tag options and its index: "-" skips a
// field, and embedded structs are flattened, with or without a tag name
// (guregu/dynamo v2 ignores an embedded struct's tag name).
func storedFields(rt reflect.Type, fn func(name, opts string, f reflect.StructField, index []int)) {
	var walk func(rt reflect.Type, prefix []int)
	walk = func(rt reflect.Type, prefix []int) {
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			idx := append(slices.Clip(prefix), i)
			name, opts, _ := strings.Cut(f.Tag.Get("dynamo"), ",")
			if name == "-" {
				continue
			}
			if f.Anonymous {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft, idx)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			fn(name, opts, f, idx)
		}
	}
	walk(rt, nil)
}

var timeType = reflect.TypeOf(time.Time{})

func isInt(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

func isTimeField(t reflect.Type) bool {
	return t == timeType || t.Kind() == reflect.String || isInt(t)
}

// TimeFormat is the layout of string timestamps the entity maintains: UTC,
// fixed width, so that string order is time order.
const TimeFormat = "2006-01-02T15:04:05.000Z"

func setTime(f reflect.Value, now time.Time) {
	switch {
	case f.Type() == timeType:
		f.Set(reflect.ValueOf(now))
	case f.Kind() == reflect.String:
		f.SetString(now.UTC().Format(TimeFormat))
	case f.CanInt():
		f.SetInt(now.Unix())
	case f.CanUint():
		f.SetUint(uint64(now.Unix()))
	}
}

func intValue(f reflect.Value) int64 {
	if f.CanInt() {
		return f.Int()
	}
	return int64(f.Uint())
}

func setInt(f reflect.Value, n int64) {
	if f.CanInt() {
		f.SetInt(n)
	} else {
		f.SetUint(uint64(n))
	}
}

func numberAV(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}
