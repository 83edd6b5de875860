from godot_live_mcp.cli.main import main

main()
