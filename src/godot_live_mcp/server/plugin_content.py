"""The prompts and resources of Python plugins beside the tools: offered next to the built-in ones, and
announced with ``prompts/list_changed`` and ``resources/list_changed`` when a plugin comes or goes."""

from __future__ import annotations

import logging

from mcp.server.session import ServerSession
from mcp.server.subscriptions import PromptsListChanged, ResourcesListChanged, SubscriptionBus

from godot_live_mcp.plugins import ProjectPlugins
from godot_live_mcp.server.features import ServerFeatures

__all__ = ["announce_content_changes", "offer_plugin_content"]

logger = logging.getLogger(__name__)


def offer_plugin_content(features: ServerFeatures, plugins: ProjectPlugins) -> None:
    """Serve the prompts and resources the plugins of ``plugins`` add."""
    features.prompts.offer_plugins(plugins.tools)
    features.resources.offer_plugins(plugins)


async def announce_content_changes(
    features: ServerFeatures, bus: SubscriptionBus, sessions: list[ServerSession]
) -> None:
    """Tell clients when the plugins' prompts or resources changed since the last look: handshake-era
    sessions by notification, 2026-07-28 listen streams through ``bus``; a session gone is dropped."""
    events: list[PromptsListChanged | ResourcesListChanged] = []
    if features.prompts.plugins_changed():
        events.append(PromptsListChanged())
    if features.resources.plugins_changed():
        events.append(ResourcesListChanged())
    for event in events:
        await bus.publish(event)
        for session in list(sessions):
            try:
                if isinstance(event, PromptsListChanged):
                    await session.send_prompt_list_changed()
                else:
                    await session.send_resource_list_changed()
            except Exception as error:  # a client that went away must not stop the others
                logger.debug("dropping a closed session: %s", error)
                if session in sessions:
                    sessions.remove(session)
