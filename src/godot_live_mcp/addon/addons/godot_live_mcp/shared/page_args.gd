@tool
extends RefCounted
## The offset and limit arguments of a listing paged by offset, worded the same in every tool
## (schema shorthand, export-clean): `"offset": PageArgs.OFFSET % "entry"` and
## `"limit": PageArgs.LIMIT_200 % "entries"` (LIMIT_100, LIMIT_200: the default page size;
## at most 10,000, contract.json max_page_limit).

const OFFSET := "integer[0..]=0: Index of the first %s to return."
const LIMIT_100 := "integer[1..10000]=100: How many %s to return at most."
const LIMIT_200 := "integer[1..10000]=200: How many %s to return at most."
