@tool
extends RefCounted
## What a condition's names mean (export-clean): self and scene (the scene's root), tree, root, and
## the project's autoloads by name. The caller builds one per evaluation, so a scene change is seen.

var scene: Node
var tree: SceneTree
var root: Window


## A scope around scene (may be null between scenes), in the running tree.
func _init(scene_root: Node) -> void:
	scene = scene_root
	tree = Engine.get_main_loop() as SceneTree
	root = tree.root if tree != null else null


## The autoload node called name, or null when the project has none of that name.
func autoload(name: String) -> Node:
	if root == null or not ProjectSettings.has_setting("autoload/" + name):
		return null
	return root.get_node_or_null(NodePath(name))
