extends SceneTree
## Run by shader_checker.gd in a separate headless process: loads the shader (a res:// path of the
## temporary project, given after "--"), compiles it with the engine's own compiler and quits. The
## compiler prints its first error as "SHADER ERROR: <message>" then "at: (null) (<file>:<line>)".


func _init() -> void:
	var arguments: PackedStringArray = OS.get_cmdline_user_args()
	var shader: Shader = null
	if not arguments.is_empty():
		shader = ResourceLoader.load(arguments[0], "Shader", ResourceLoader.CACHE_MODE_IGNORE) as Shader
	if shader == null:
		quit(2)
		return
	# The engine compiles on first use, not when the code is set.
	shader.get_shader_uniform_list()
	quit()
