"""The score keeper's and the clubs' stores of commit 334b244 (stdlib sqlite3), to write old files."""
