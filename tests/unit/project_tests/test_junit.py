"""Counts and failures read from the JUnit XML that GUT and gdUnit4 write."""

from __future__ import annotations

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.project_tests._junit import FailedTest, parse_junit, report_json

GUT_REPORT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="GutTests" failures="1" tests="4">
  <testsuite name="res://test/test_math.gd" tests="3" failures="1" skipped="1">
    <testcase name="test_adds" assertions="1" status="pass" classname="res://test/test_math.gd"></testcase>
    <testcase name="test_subtracts" assertions="1" status="fail" classname="res://test/test_math.gd">
      <failure message="failed">[Failed]:  [3] expected to equal [4]:
        at line 9</failure>
    </testcase>
    <testcase name="test_later" assertions="0" status="pending" classname="res://test/test_math.gd">
      <skipped message="pending">not yet</skipped>
    </testcase>
  </testsuite>
  <testsuite name="res://test/unit/test_words.gd" tests="1" failures="0">
    <testcase name="test_joins" assertions="1" status="pass" classname="res://test/unit/test_words.gd"/>
  </testsuite>
</testsuites>
"""
GDUNIT_REPORT = """<?xml version="1.0" encoding="UTF-8" ?>
<testsuites id="2026-12-04" name="report_1" tests="3" failures="1" skipped="1" flaky="0" time="0.010">
  <testsuite id="0" name="calc_test" package="res://test/calc_test.gd" tests="3" failures="1" errors="0">
    <testcase name="test_add" classname="calc_test" time="0.001"></testcase>
    <testcase name="test_mul" classname="calc_test" time="0.001">
      <failure message="FAILED: res://test/calc_test.gd:12" type="FAILURE"
        ><![CDATA[Expecting: '5' but was '6']]></failure>
    </testcase>
    <testcase name="test_pow" classname="calc_test" time="0.000">
      <skipped message="SKIPPED: res://test/calc_test.gd:15"><![CDATA[later]]></skipped>
    </testcase>
  </testsuite>
</testsuites>
"""


def test_a_gut_report_gives_counts_and_the_failing_line() -> None:
    report = parse_junit(GUT_REPORT)
    assert (report.passed, report.failed, report.skipped, report.total) == (2, 1, 1, 4)
    [failure] = report.failures
    assert failure.file == "res://test/test_math.gd"
    assert failure.line == 9
    assert failure.test == "test_subtracts"
    assert failure.message.startswith("[Failed]:  [3] expected to equal [4]")


def test_a_gdunit4_report_gives_counts_and_the_failing_line() -> None:
    report = parse_junit(GDUNIT_REPORT)
    assert (report.passed, report.failed, report.skipped) == (1, 1, 1)
    assert report.failures == [
        FailedTest("res://test/calc_test.gd", 12, "test_mul", "Expecting: '5' but was '6'")
    ]


def test_an_error_counts_as_a_failure_and_a_lone_testsuite_is_read() -> None:
    text = (
        '<testsuite name="s"><testcase name="t" classname="res://a.gd"><error message="boom"/></testcase>'
        "</testsuite>"
    )
    report = parse_junit(text)
    assert report.failed == 1
    assert report.failures[0] == FailedTest("res://a.gd", None, "t", "boom")


def test_the_result_is_plain_json() -> None:
    result = report_json(parse_junit(GDUNIT_REPORT))
    assert result["failures"] == [
        {
            "file": "res://test/calc_test.gd",
            "line": 12,
            "test": "test_mul",
            "message": "Expecting: '5' but was '6'",
        }
    ]
    assert result["total"] == 3


def test_text_that_is_not_xml_is_a_parse_error() -> None:
    with pytest.raises(ToolError) as raised:
        parse_junit("not xml <")
    assert raised.value.code == ErrorCode.PARSE_ERROR
