@tool
extends RefCounted
## The names tools use for the engine's animation enums, one table each, so schemas and results agree.

const TRACK_TYPES := {
	"value": Animation.TYPE_VALUE,
	"position_3d": Animation.TYPE_POSITION_3D,
	"rotation_3d": Animation.TYPE_ROTATION_3D,
	"scale_3d": Animation.TYPE_SCALE_3D,
	"blend_shape": Animation.TYPE_BLEND_SHAPE,
	"method": Animation.TYPE_METHOD,
	"bezier": Animation.TYPE_BEZIER,
	"audio": Animation.TYPE_AUDIO,
	"animation": Animation.TYPE_ANIMATION,
}
const INTERPOLATIONS := {
	"nearest": Animation.INTERPOLATION_NEAREST,
	"linear": Animation.INTERPOLATION_LINEAR,
	"cubic": Animation.INTERPOLATION_CUBIC,
	"linear_angle": Animation.INTERPOLATION_LINEAR_ANGLE,
	"cubic_angle": Animation.INTERPOLATION_CUBIC_ANGLE,
}
const UPDATE_MODES := {
	"continuous": Animation.UPDATE_CONTINUOUS,
	"discrete": Animation.UPDATE_DISCRETE,
	"capture": Animation.UPDATE_CAPTURE,
}
const LOOP_MODES := {"none": Animation.LOOP_NONE, "linear": Animation.LOOP_LINEAR, "pingpong": Animation.LOOP_PINGPONG}
const SWITCH_MODES := {
	"immediate": AnimationNodeStateMachineTransition.SWITCH_MODE_IMMEDIATE,
	"sync": AnimationNodeStateMachineTransition.SWITCH_MODE_SYNC,
	"at_end": AnimationNodeStateMachineTransition.SWITCH_MODE_AT_END,
}
const ADVANCE_MODES := {
	"disabled": AnimationNodeStateMachineTransition.ADVANCE_MODE_DISABLED,
	"enabled": AnimationNodeStateMachineTransition.ADVANCE_MODE_ENABLED,
	"auto": AnimationNodeStateMachineTransition.ADVANCE_MODE_AUTO,
}

## Schema shorthand of the enums, written from the tables.
const TRACK_TYPE := "enum(value|position_3d|rotation_3d|scale_3d|method|bezier|audio)"
const INTERPOLATION := "enum(nearest|linear|cubic|linear_angle|cubic_angle)"
const UPDATE_MODE := "enum(continuous|discrete|capture)"
const LOOP_MODE := "enum(none|linear|pingpong)"
const SWITCH_MODE := "enum(immediate|sync|at_end)"
const ADVANCE_MODE := "enum(disabled|enabled|auto)"


## The name of value in table (one of the maps above), or "unknown".
static func name_of(table: Dictionary, value: int) -> String:
	for name: String in table:
		if int(table[name]) == value:
			return name
	return "unknown"
