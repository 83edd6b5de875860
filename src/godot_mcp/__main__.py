from godot_mcp.cli.main import main

main()
