"""The search layer of the engine (see ARCHITECTURE.md)."""
