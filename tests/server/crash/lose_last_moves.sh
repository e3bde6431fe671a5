#!/bin/sh
# Deletes the last stored move of every game: what a server that told people of a move
# before storing it could lose in a crash. crash_safety.sh must then fail (the check is
# not vacuous).
exec sqlite3 "$1" "DELETE FROM moves WHERE rowid IN (SELECT max(rowid) FROM moves GROUP BY game);"
