"""The kernel layer of the engine (see ARCHITECTURE.md)."""
