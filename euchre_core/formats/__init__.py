"""The formats layer of the engine (see ARCHITECTURE.md)."""
