"""The release of this library, sent in the User-Agent header and written into its packages."""

VERSION = "1.0.0"
