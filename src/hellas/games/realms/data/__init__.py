"""Fantasy Realms: Greek Legends data files (TOML), read by ``content``."""
