"""Counts and failures read from a JUnit XML report as GUT and gdUnit4 write it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError

__all__ = ["FailedTest", "JUnitReport", "parse_junit", "report_json"]

# gdUnit4: message="FAILED: res://test/x_test.gd:12"; GUT: "... at line 12" in the failure text.
_PATH_LINE = re.compile(r"(res://[^\s:]+\.gd):(\d+)")
_AT_LINE = re.compile(r"at line (\d+)")
_MESSAGE_LIMIT = 500


@dataclass(frozen=True)
class FailedTest:
    file: str
    line: int | None
    test: str
    message: str

    def as_json(self) -> JsonObject:
        return {"file": self.file, "line": self.line, "test": self.test, "message": self.message}


@dataclass
class JUnitReport:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failures: list[FailedTest] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.skipped


def parse_junit(text: str) -> JUnitReport:
    """Every ``testcase``: failed with a ``failure`` or ``error`` child, skipped with ``skipped``, else
    passed. Raises ``PARSE_ERROR`` for text that is not XML."""
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        raise ToolError(
            ErrorCode.PARSE_ERROR,
            f"The test report is not valid XML: {error}.",
            "Run the tests once by hand to see the framework's own output.",
        ) from None
    report = JUnitReport()
    suites = [root] if root.tag == "testsuite" else root.iter("testsuite")
    for suite in suites:
        suite_file = _suite_file(suite.attrib)
        for case in suite.iter("testcase"):
            _count(report, case, suite_file)
    return report


def _count(report: JUnitReport, case: ElementTree.Element, suite_file: str) -> None:
    problem = case.find("failure")
    if problem is None:
        problem = case.find("error")
    if problem is not None:
        report.failed += 1
        report.failures.append(_failure(case, problem, suite_file))
    elif case.find("skipped") is not None:
        report.skipped += 1
    else:
        report.passed += 1


def _failure(case: ElementTree.Element, problem: ElementTree.Element, suite_file: str) -> FailedTest:
    attribute = problem.get("message", "")
    body = (problem.text or "").strip()
    located = _PATH_LINE.search(attribute) or _PATH_LINE.search(body)
    file = located.group(1) if located else _case_file(case.attrib, suite_file)
    line: int | None = int(located.group(2)) if located else None
    if line is None:
        at_line = _AT_LINE.search(body) or _AT_LINE.search(attribute)
        line = int(at_line.group(1)) if at_line else None
    message = body or attribute
    return FailedTest(file, line, case.get("name", ""), message[:_MESSAGE_LIMIT])


def _suite_file(attributes: dict[str, str]) -> str:
    for key in ("package", "name", "file"):
        value = attributes.get(key, "")
        if value.startswith("res://"):
            return value
    return ""


def _case_file(attributes: dict[str, str], suite_file: str) -> str:
    for key in ("file", "classname"):
        value = attributes.get(key, "")
        if value.startswith("res://"):
            return value
    return suite_file


def report_json(report: JUnitReport) -> dict[str, JsonValue]:
    failures: list[JsonValue] = [failure.as_json() for failure in report.failures]
    return {
        "passed": report.passed,
        "failed": report.failed,
        "skipped": report.skipped,
        "total": report.total,
        "failures": failures,
    }
