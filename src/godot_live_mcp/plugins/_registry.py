"""``ProjectTools``: the tools of one server run, the application's and each plugin's, in one order, and
the prompts and resources plugins offer.

A plugin sees it through ``host.registry(ProjectTools)``: a view scoped to the plugin, whose tools,
prompts and resources are published under the plugin's namespace, checked against its manifest, and
withdrawn with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.plugins._content import (
    PluginPrompt,
    PluginResource,
    ResourceFunction,
    build_prompt,
    build_resource,
)
from godot_live_mcp.plugins._errors import PluginError
from godot_live_mcp.plugins._manifest import Permission, SchemaVersion, reserved_namespaces
from godot_live_mcp.plugins._store import Entries, GroupSpec, PluginScope, Registration, Store, T
from godot_live_mcp.plugins._tool import (
    MAX_NAME_LENGTH,
    ProjectTool,
    ToolFlags,
    ToolFunction,
    build_tool,
    check_name,
    published,
)

__all__ = ["APPLICATION_RANK", "GroupSpec", "PluginScope", "ProjectTools", "Registration"]

APPLICATION_RANK = -1
"""The application's own tools come before every plugin's."""

R = TypeVar("R", bound="ProjectTools")


class ProjectTools:
    """The project's tool registry. ``ProjectTools()`` is the root, which the application owns; a plugin
    gets its own view from ``host.registry(ProjectTools)``.

    Ordered: the application's tools first, then each plugin's by install order, and within one owner as
    added. A name already taken is refused, naming its owner, never shadowed.
    """

    MAX_NAME_LENGTH = MAX_NAME_LENGTH

    def __init__(self, *, own_namespaces: Iterable[str] = ()) -> None:
        """``own_namespaces``: reserved namespaces the application itself may publish under (the server's
        own ``godot_live_mcp``); every other reserved namespace is refused to it as to a plugin."""
        self._store = Store(frozenset(own_namespaces))
        self._scope: PluginScope | None = None

    @staticmethod
    def published(namespace: str, name: str) -> str:
        """The published name of a tool called ``name`` under ``namespace``."""
        return published(namespace, name)

    def for_plugin(self: R, scope: PluginScope) -> R:
        """This registry as ``scope``'s plugin sees it: what it registers is tracked, ranked and checked."""
        view = object.__new__(type(self))
        view._store, view._scope = self._store, scope
        return view

    @property
    def tools(self) -> tuple[ProjectTool, ...]:
        return self._store.tools.ordered()

    @property
    def prompts(self) -> tuple[PluginPrompt, ...]:
        """The prompts added (MCP names ``<namespace>_<name>``), in the registry's order."""
        return self._store.prompts.ordered()

    @property
    def resources(self) -> tuple[PluginResource, ...]:
        """The resources added (URIs ``godot://<namespace>/<name>``), in the registry's order."""
        return self._store.resources.ordered()

    @property
    def schema_versions(self) -> dict[str, str]:
        """The schema version each namespace declared, by namespace."""
        return {namespace: held for namespace, (held, _) in sorted(self._store.versions.items())}

    @property
    def groups(self) -> dict[str, GroupSpec]:
        return dict(self._store.groups)

    def named(self, name: str) -> ProjectTool | None:
        """The tool published as ``name`` (``wind.gust``) or with that MCP name (``wind_gust``)."""
        return next((tool for tool in self.tools if name in (tool.published, tool.mcp_name)), None)

    def owned_by(self, owner: str) -> tuple[ProjectTool, ...]:
        return tuple(tool for tool in self.tools if tool.owner == owner)

    def add_tool(
        self,
        function: ToolFunction,
        *,
        name: str | None = None,
        description: str | None = None,
        read_only: bool = False,
        destructive: bool = False,
        idempotent: bool = False,
        group: str | None = None,
        core: bool = False,
        timeout_s: float | None = None,
        namespace: str | None = None,
    ) -> Registration:
        """Add ``function`` (async; its typed parameters are the input schema, a ``ToolContext`` parameter
        excepted), published as ``<namespace>.<name>``: ``name`` defaults to the function's name and
        ``description`` to its docstring. ``read_only`` tools are offered in read-only mode and may only
        call read-only editor commands. ``core``: always listed (counts against the start-up budget).

        Raises ``PluginError``: no ``tools`` permission, a name past the limit or outside the MCP rules,
        a name taken (naming its owner), a reserved or foreign namespace, a signature not describable."""
        owner, space = self._owner(namespace, "add a tool")
        tool_name = name if name is not None else getattr(function, "__name__", "")
        problem = check_name(space, tool_name)
        if problem is not None:
            raise PluginError(owner, f"cannot add {tool_name!r}: {problem}.", code=ErrorCode.NAME_INVALID)
        flags = ToolFlags(read_only, destructive and not read_only, idempotent, core, timeout_s)
        tool = build_tool(
            owner, space, tool_name, function, description, self._group_of(owner, space, group), flags
        )
        return self._insert(self._store.tools, tool)

    def add_prompt(
        self,
        name: str,
        text: str,
        *,
        description: str,
        arguments: Mapping[str, str] | None = None,
        optional: Iterable[str] = (),
        title: str = "",
        namespace: str | None = None,
    ) -> Registration:
        """Offer a prompt, listed as ``<namespace>_<name>`` after the built-in ones (needs the ``prompts``
        permission). ``text`` has a ``{{argument}}`` placeholder for each of ``arguments`` (name ->
        description); those in ``optional`` may be left out (they become empty).

        Raises ``PluginError``: no permission, a name outside lower-case letters, digits, ``_`` and ``-``
        or past the limit, a name taken, placeholders and arguments that do not match."""
        owner, space = self._owner(namespace, "add a prompt", Permission.PROMPTS)
        prompt = build_prompt(
            owner,
            space,
            name,
            text,
            description=description,
            arguments=dict(arguments or {}),
            optional=optional,
            title=title,
        )
        return self._insert(self._store.prompts, prompt)

    def add_resource(
        self,
        name: str,
        read: ResourceFunction,
        *,
        description: str | None = None,
        title: str = "",
        namespace: str | None = None,
    ) -> Registration:
        """Offer a resource at ``godot://<namespace>/<name>`` (needs the ``resources`` permission).
        ``read`` is an async function, given a ``ToolContext`` when it declares one (read-only: it cannot
        change the project), returning text, or data sent as JSON; clients get it inside one
        untrusted-content envelope. ``description`` defaults to its docstring.

        Raises ``PluginError``: no permission, a name outside lower-case letters, digits, ``_ - . /``, a
        URI taken, a reader that is not async or takes arguments."""
        owner, space = self._owner(namespace, "add a resource", Permission.RESOURCES)
        resource = build_resource(owner, space, name, read, description=description, title=title)
        return self._insert(self._store.resources, resource)

    def declare_schema_version(self, version: str, *, namespace: str | None = None) -> Registration:
        """The schema version of the tools under this view's namespace (the root: ``namespace``). A new tool
        or optional argument is a minor; a removed tool or a new required argument a major."""
        owner, space = self._owner(namespace, "declare a schema version", needs=None)
        try:
            SchemaVersion.parse(version)
        except ValueError as error:
            raise PluginError(owner, f"schema version: {error}.", code=ErrorCode.INVALID_PARAMS) from None
        held, owners = self._store.versions.get(space, (version, []))
        others = [name for name in owners if name != owner]
        if held != version and others:
            raise PluginError(
                owner,
                f"namespace {space!r} already has schema version {held}, declared by {others[0]!r}.",
                "Plugins sharing a namespace (wind and wind.editor) must declare the same version.",
                code=ErrorCode.DUPLICATE_COMMAND,
            )
        self._store.versions[space] = (version, [*others, owner])
        self._store.changed()
        return self._track(Registration(lambda: self._drop_version(space, owner)))

    def declare_group(
        self, name: str, description: str, keywords: Iterable[str] = (), *, namespace: str | None = None
    ) -> Registration:
        """A group for this plugin's tools (its namespace, or ``<namespace>_<word>``); ``description`` and
        ``keywords`` are what ``discover_tools`` matches a request in words against."""
        owner, space = self._owner(namespace, "declare a tool group", needs=None)
        self._check_group(owner, space, name)
        spec = GroupSpec(name, description.strip(), tuple(str(word) for word in keywords), owner)
        self._store.groups[name] = spec
        self._store.changed()
        return self._track(Registration(lambda: self._drop_group(spec)))

    def listen(self, on_change: Callable[[], None]) -> Registration:
        """Call ``on_change`` whenever tools are added or withdrawn (once per batch), until cancelled."""
        self._store.listeners.append(on_change)
        return Registration(lambda: self._store.listeners.remove(on_change))

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Listeners hear of every change made inside the block once, at its end."""
        store = self._store
        store.batching += 1
        try:
            yield
        finally:
            store.batching -= 1
            if not store.batching and store.pending:
                store.pending = False
                store.changed()

    @property
    def _rank(self) -> int:
        return self._scope.rank if self._scope is not None else APPLICATION_RANK

    def _owner(
        self, namespace: str | None, to: str, needs: Permission | None = Permission.TOOLS
    ) -> tuple[str, str]:
        """Who registers, and under which namespace; raises for what this view may not do."""
        if self._scope is None:
            if namespace is None:
                raise PluginError("application", f"to {to} through the root registry, name its namespace.")
            if namespace in reserved_namespaces() and namespace not in self._store.own:
                raise PluginError(
                    namespace,
                    f"namespace {namespace!r} is reserved for the built-in tools.",
                    code=ErrorCode.NAMESPACE_RESERVED,
                )
            return namespace, namespace
        manifest = self._scope.manifest
        if needs is not None:
            manifest.require(needs, to)
        if namespace is not None and namespace != manifest.namespace:
            raise PluginError(
                manifest.id,
                f"it may {to} only under its own namespace {manifest.namespace!r}, not {namespace!r}.",
                code=ErrorCode.PERMISSION_DENIED,
            )
        return manifest.id, manifest.namespace

    def _group_of(self, owner: str, space: str, group: str | None) -> str:
        if group is None:
            return space
        self._check_group(owner, space, group)
        return group

    @staticmethod
    def _check_group(owner: str, space: str, name: str) -> None:
        if name != space and not name.startswith(f"{space}_"):
            raise PluginError(
                owner,
                f"the group {name!r} is outside its namespace: name it {space!r} or '{space}_<word>'.",
                code=ErrorCode.NAME_INVALID,
            )

    def _insert(self, entries: Entries[T], item: T) -> Registration:
        """Add ``item`` after refusing a key already taken (naming its owner); cancelling removes it."""
        key = entries.key(item)
        taken = entries.first(key)
        if taken is not None:
            rank, other = taken
            whose = "the application" if rank == APPLICATION_RANK else f"plugin {other.owner!r}"
            first = _shown(item, full=True)
            raise PluginError(
                item.owner,
                f"the {entries.kind} {first} is taken: {whose} added {_shown(other)} first.",
                f"Rename the {entries.kind}; two {entries.kind}s never share a name.",
                code=ErrorCode.DUPLICATE_COMMAND,
            )
        store = self._store
        store.sequence += 1
        entry = (self._rank, store.sequence, item)
        entries.held.append(entry)
        store.changed()
        return self._track(Registration(lambda: self._remove(entries, entry)))

    def _track(self, registration: Registration) -> Registration:
        return self._scope.track(registration) if self._scope is not None else registration

    def _remove(self, entries: Entries[T], entry: tuple[int, int, T]) -> None:
        if entry in entries.held:
            entries.held.remove(entry)
            self._store.changed()

    def _drop_version(self, space: str, owner: str) -> None:
        held, owners = self._store.versions.get(space, ("", []))
        if owner not in owners:
            return
        if len(owners) > 1:
            self._store.versions[space] = (held, [name for name in owners if name != owner])
        else:
            del self._store.versions[space]
        self._store.changed()

    def _drop_group(self, spec: GroupSpec) -> None:
        if self._store.groups.get(spec.name) == spec:
            del self._store.groups[spec.name]
            self._store.changed()


def _shown(item: ProjectTool | PluginPrompt | PluginResource, *, full: bool = False) -> str:
    if isinstance(item, ProjectTool):
        return f"{item.published!r} (MCP name {item.mcp_name})" if full else repr(item.published)
    return repr(item.uri if isinstance(item, PluginResource) else item.mcp_name)
