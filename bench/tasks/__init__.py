"""Whole tasks an assistant does through MCP, as data: the plans bench/task_economy.py measures."""
