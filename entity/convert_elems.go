package entity

import "reflect"

// convertElems converts a slice, array or map whose elements (and keys)
// are of another type of the same kind element by element, as convertTo
// converts one value: []MyStr for a []string field and back, as MyStr is
// taken for a string field. Go converts neither slice to the other, since
// their element types differ. Elements of another kind are not converted
// ([]int is no []byte), and one that convertTo refuses refuses the whole.
func convertElems(rv reflect.Value, want reflect.Type) (reflect.Value, bool) {
	t := rv.Type()
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() != want.Elem().Kind() || t.Kind() == reflect.Array && t.Len() != want.Len() {
			return reflect.Value{}, false
		}
		if t.Kind() == reflect.Slice && rv.IsNil() {
			return reflect.Zero(want), true
		}
		out := reflect.New(want).Elem()
		if want.Kind() == reflect.Slice {
			out = reflect.MakeSlice(want, rv.Len(), rv.Len())
		}
		for i := range rv.Len() {
			e, ok := convertTo(rv.Index(i), want.Elem())
			if !ok {
				return reflect.Value{}, false
			}
			out.Index(i).Set(e)
		}
		return out, true
	case reflect.Map:
		if t.Key().Kind() != want.Key().Kind() || t.Elem().Kind() != want.Elem().Kind() {
			return reflect.Value{}, false
		}
		if rv.IsNil() {
			return reflect.Zero(want), true
		}
		out := reflect.MakeMapWithSize(want, rv.Len())
		for it := rv.MapRange(); it.Next(); {
			k, ok := convertTo(it.Key(), want.Key())
			v, ok2 := convertTo(it.Value(), want.Elem())
			if !ok || !ok2 {
				return reflect.Value{}, false
			}
			out.SetMapIndex(k, v)
		}
		return out, true
	}
	return reflect.Value{}, false
}
