@tool
extends RefCounted
## Waits until the renderer has finished a frame, so a viewport's texture shows the current state
## (export-clean). In low-processor mode nothing is drawn until something changes: the caller asks
## for a redraw first, and the wait gives up at a deadline instead of hanging.

const DEFAULT_TIMEOUT_MS := 2000


class Flag:
	extends RefCounted
	var raised: bool = false

	func raise() -> void:
		raised = true


## True once a frame was drawn after the call; false when none was within timeout_ms.
static func next(timeout_ms: int = DEFAULT_TIMEOUT_MS) -> bool:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	var flag: Flag = Flag.new()
	RenderingServer.frame_post_draw.connect(flag.raise, CONNECT_ONE_SHOT)
	var deadline: int = Time.get_ticks_msec() + timeout_ms
	while not flag.raised and Time.get_ticks_msec() < deadline:
		await tree.process_frame
	if RenderingServer.frame_post_draw.is_connected(flag.raise):
		RenderingServer.frame_post_draw.disconnect(flag.raise)
	return flag.raised
