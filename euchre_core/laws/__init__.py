"""The laws layer of the engine (see ARCHITECTURE.md)."""
