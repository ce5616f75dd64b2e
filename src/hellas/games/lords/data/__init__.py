"""Lords of Hellas data files (TOML), read by ``content``."""
