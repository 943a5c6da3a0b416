"""The app layer of the engine (see ARCHITECTURE.md)."""
