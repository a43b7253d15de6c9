package entity

import (
	"encoding/hex"
	"errors"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// A unique value holding the marker key's delimiter ("#", as an e-mail
// address may) cannot stand in the marker key as it is: it could spell
// another level of the key. Its marker's partition key holds it hex
// encoded after a literal of its own,
//
//	UNIQUE#E#a#HEX#<hex of the value>
//
// which no plain value can render (a plain value holds no "#"), so the
// marker keys stay injective. Define checks that key space as it checks
// the plain one.
const uniqueHexLiteral = "HEX#"

// compileEscaped compiles u's key template for values holding "#" (Define).
func (e *entityCore) compileEscaped(u *uniqueDef, base string) (err error) {
	u.esc, err = e.compileKey(e.table.PartitionKey, base+"#"+uniqueHexLiteral+"${value}", nil, nil, expr.MaxPartitionKeyBytes)
	return err
}

// markerTemplate returns the partition key template of the marker of text
// and the value it renders.
func (u *uniqueDef) markerTemplate(text string) (*keyDef, string) {
	if strings.Contains(text, "#") {
		return u.esc, hex.EncodeToString([]byte(text))
	}
	return u.pk, text
}

// uniqueValueOf returns the value a marker's partition key, after the
// marker's prefix, stands for.
func uniqueValueOf(rest string) (string, bool) {
	h, escaped := strings.CutPrefix(rest, uniqueHexLiteral)
	if !escaped {
		return rest, !strings.Contains(rest, "#")
	}
	b, err := hex.DecodeString(h)
	if err != nil || !strings.Contains(string(b), "#") || hex.EncodeToString(b) != h {
		return "", false
	}
	return string(b), true
}

// escapedSpace is the key space of u's escaped marker keys.
func (u *uniqueDef) escapedSpace() keySpace {
	ks := keySpace{keys: []keySpec{u.esc.keySpec}, marker: true}
	if u.sk != nil {
		ks.keys = append(ks.keys, u.sk.keySpec)
	}
	return ks
}

// uniqueAttrErr names attr in a ValidationError of a marker key, which
// names its composite ("value") or none.
func uniqueAttrErr(err error, attr string) error {
	var ve *ddbmodel.ValidationError
	if errors.As(err, &ve) && (ve.Attribute == "" || ve.Attribute == "value") {
		c := *ve
		c.Attribute = attr
		return &c
	}
	return err
}
