"""The project's own tests (GUT or gdUnit4): finding the framework, running it headless in a separate Godot,
reading its JUnit report. The tools ``test_list`` and ``test_run`` are declared in
``server_tools/project_tests.py``."""
