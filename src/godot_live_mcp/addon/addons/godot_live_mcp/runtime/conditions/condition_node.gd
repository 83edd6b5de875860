@tool
extends RefCounted
## One node of a parsed condition (export-clean): what the evaluator walks.

const LITERAL := 0
## A bare name: self, scene, tree, root, an autoload, or a property of the scene's root.
const NAME := 1
## `$Path`: a node read from the scene's root.
const NODE := 2
## `base.name`; children[0] is the base.
const PROPERTY := 3
## `base[key]`; children are base and key.
const INDEX := 4
## `name(args)` or `base.name(args)`; with a base, children[0] is it and the rest are the arguments.
const CALL := 5
const UNARY := 6
const BINARY := 7

var kind: int
## The operator, the name or the node path; for a literal, its value.
var value: Variant
var children: Array = []
## Whether a CALL has a base (the first child).
var has_base: bool = false
## Where it starts in the condition (0-based), for messages.
var at: int


func _init(node_kind: int, node_value: Variant, start: int, node_children: Array = []) -> void:
	kind = node_kind
	value = node_value
	at = start
	children = node_children
