// Package geo is the geographic hierarchy in a sort key: the stores of a
// chain keyed by country#state#city#neighborhood#street, so that one
// begins_with answers "every store in" a country, a state, a city or a
// neighbourhood:
//
//	PK           SK
//	CHAIN#cafe   BR#SP#SaoPaulo#Pinheiros#Avenida Faria Lima, 2232
//
// Access patterns:
//
//	pattern                     operation  index  key condition
//	L1 stores in a country      Query      table  PK = "CHAIN#<c>" AND begins_with(SK, "BR#")
//	L2 stores in a state        Query      table  PK = "CHAIN#<c>" AND begins_with(SK, "BR#SP#")
//	L3 stores in a city         Query      table  PK = "CHAIN#<c>" AND begins_with(SK, "BR#SP#SaoPaulo#")
//	L4 stores in a neighborhood Query      table  PK = "CHAIN#<c>" AND begins_with(SK, "BR#SP#SaoPaulo#Pinheiros#")
//
// Every prefix ends on the separator: the neighbourhood JardimPaulista does
// not match JardimPaulistano. A place name may not contain '#' (the library
// rejects it before writing), so a name cannot forge a level.
//
// The design is the geographic example of "Session 030 — DynamoDB:
// single-table design, adjacency list and overloaded indexes" (the text
// names no author), which takes it from the AWS documentation. Deviations:
//
//   - The design gives only the sort key. The partition key here is the
//     chain the stores belong to (CHAIN#<chain_id>): one constant partition
//     for every address would be the hot partition of the design's third
//     pitfall, and a partition per country would repeat the country in both
//     keys.
//   - The street is the last level and may hold any text but "#" ("Avenida
//     Faria Lima, 2232"); the design's "AvenidaFaria Lima" is read as a
//     street name. "#" separates the levels, so the library refuses it
//     inside any level, the street included, with a *ddbmodel.ValidationError
//     before anything is written: "Rua A#B" as a street would render the key
//     of a deeper level and break the prefix queries' boundaries.
//   - Items store each level as its own attribute (chain_id, country,
//     state, city, neighborhood, street) besides name: the key's composites,
//     which the design keeps only in the sort key.
//   - Attributes the library adds: every item carries __entity ("Store")
//     and __entity_version ("1"), which condition every write. The table
//     has no index, no TTL attribute, no optimistic-lock attribute and no
//     unique-value marker items.
//
// The queries name their prefix with one typed key, [Location]: the chain
// and a leading run of the address, nil fields ending the prefix.
package geo
