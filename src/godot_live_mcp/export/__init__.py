"""Export presets (``export_presets.cfg``), templates, builds and their smoke runs, each in a separate Godot.
The tools ``export_list_presets``, ``export_create_preset`` and ``export_run`` are declared in
``server_tools/export.py``."""
