"""An example godot-live-mcp plugin: two tools, a prompt and a resource under the namespace ``scene_stats``.

``scene_stats_count_classes`` only reads (the open scene's nodes, through the editor's
``scene.get_tree``); ``scene_stats_write_summary`` changes the scene through the editor's
``node.set_property``, as one step ``editor_undo`` takes back. The prompt ``scene_stats_review`` walks
the assistant through a review of a scene's node counts; the resource ``godot://scene_stats/active-scene``
holds the counts of the scene in the editor's active tab.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated

from pydantic import BaseModel, Field

from godot_live_mcp.plugins import Permission, Plugin, PluginHost, PluginManifest, ProjectTools, ToolContext

__all__ = ["REVIEW", "SceneStats", "active_scene", "count_classes", "plugin", "write_summary"]

_PAGE = 200
Scene = Annotated[str, Field(description="res:// path of an open scene; '' for the active one.")]


class ClassCount(BaseModel):
    class_name: str = Field(description="A node class, e.g. Sprite2D.")
    count: int


class SceneCounts(BaseModel):
    scene: str = Field(description="res:// path of the scene counted.")
    nodes: int = Field(description="How many nodes it has, the root included.")
    classes: list[ClassCount] = Field(description="Node counts by class, most frequent first.")


class SceneSummary(BaseModel):
    scene: str
    node_path: str = Field(description="The node whose editor_description holds the summary (the root).")
    summary: str
    undo: str = Field(description="How to take the change back.")


async def count_classes(context: ToolContext, scene: Scene = "") -> SceneCounts:
    """Count the nodes of an open scene by class, most frequent first."""
    path, types = await _node_types(context, scene)
    counted = Counter(types).most_common()
    await context.report_progress(1, 1, f"counted {len(types)} nodes")
    return SceneCounts(
        scene=path, nodes=len(types), classes=[ClassCount(class_name=name, count=n) for name, n in counted]
    )


async def write_summary(context: ToolContext, scene: Scene = "") -> SceneSummary:
    """Write the scene's node counts by class into its root node's editor_description, as one undo step."""
    counts = await count_classes(context, scene)
    text = f"{counts.nodes} nodes: " + ", ".join(f"{c.count} {c.class_name}" for c in counts.classes)
    await context.editor.call(
        "node.set_property",
        {"scene": counts.scene, "node_path": ".", "property": "editor_description", "value": text},
    )
    context.log.info("wrote the summary of %s", counts.scene)
    return SceneSummary(
        scene=counts.scene,
        node_path=".",
        summary=text,
        undo=f"editor_undo with history 'scene' and scene '{counts.scene}'",
    )


async def active_scene(context: ToolContext) -> SceneCounts:
    """Node counts by class of the scene in the editor's active tab, most frequent first."""
    return await count_classes(context)


REVIEW = """Review the scene {{scene}} for nodes it could do without.

1. Count its nodes by class with scene_stats_count_classes(scene="{{scene}}").
2. Look at where the most frequent classes sit: scene_get_tree(scene="{{scene}}", max_depth=3).
3. Suggest, most nodes saved first, what could be merged, instanced from a shared scene or drawn
   another way, and say what each change would cost.
4. Change nothing unless asked. When asked, apply the changes, then record the new counts in the
   scene with scene_stats_write_summary(scene="{{scene}}")."""


async def _node_types(context: ToolContext, scene: str) -> tuple[str, list[str]]:
    """The scene's path and the class of each of its nodes, page by page."""
    types: list[str] = []
    offset, path = 0, scene
    while True:
        arguments = {"offset": offset, "limit": _PAGE} | ({"scene": scene} if scene else {})
        page = await context.editor.call("scene.get_tree", arguments)
        path = str(page.get("scene") or path)
        nodes = page.get("nodes")
        for node in nodes if isinstance(nodes, list) else []:
            if isinstance(node, dict):
                types.append(str(node.get("type")))
        following = page.get("next_offset")
        if page.get("has_more") is not True or not isinstance(following, int):
            return path, types
        offset = following


class SceneStats(Plugin):
    """Statistics about the open scene."""

    manifest = PluginManifest(
        "scene_stats",
        "1.0.0",
        "Statistics about the open scene: node counts by class, and a summary written into the scene.",
        permissions=[Permission.TOOLS, Permission.EDITOR, Permission.PROMPTS, Permission.RESOURCES],
    )

    def install(self, host: PluginHost) -> None:
        tools = host.registry(ProjectTools)
        tools.declare_schema_version("1.0.0")
        tools.declare_group(
            "scene_stats",
            "Statistics about the open scene: node counts by class, and a summary of them written into it.",
            ("statistics", "count", "classes", "summary", "nodes"),
        )
        tools.add_tool(count_classes, read_only=True, idempotent=True)
        tools.add_tool(write_summary, idempotent=True)
        tools.add_prompt(
            "review",
            REVIEW,
            title="Review a scene's node counts",
            description="Review a scene's node counts by class and suggest which nodes it could do without.",
            arguments={"scene": "res:// path of an open scene, e.g. res://levels/main.tscn."},
        )
        tools.add_resource("active-scene", active_scene, title="Node counts of the active scene")


plugin = SceneStats()
