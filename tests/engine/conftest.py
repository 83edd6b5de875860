"""Engine tests use the shared fixtures of tests/conftest.py and the helpers of tests/engine/harness.py."""
