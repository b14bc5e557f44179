"""Copying a SQLite database's write-ahead log back into its file from a thread beside the
writers (``webscore.groupcommit`` starts one per database and process)."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from urllib.parse import quote


class Checkpointer:
    """Copies a SQLite database's write-ahead log back into the database file from a thread
    of its own, every ``EVERY`` seconds while writes come in.

    SQLite's own checkpoint runs inside the COMMIT of the writer whose commit took the log
    past ``wal_autocheckpoint`` pages, while that writer holds the lock every other writer
    waits for: it copies those pages and flushes the database file, 30-170 ms on this disk
    against 2-15 ms for a commit, once every few seconds at 200 writes a second: the slowest
    1 % of writes waited for it.  This thread's checkpoints are PASSIVE (they wait for no
    reader or writer, and writers do not wait for them); SQLite's own one still comes when
    the log reaches ``webscore.db.WAL_AUTOCHECKPOINT`` pages, but it then finds almost
    everything copied, and restarts the log (which a checkpoint running beside the writers
    seldom can).  The thread ends after ``IDLE`` seconds without a write, and then calls
    ``idle`` (the group gives its connection back)."""

    EVERY = 0.5
    IDLE = 10.0

    def __init__(self, database: str, idle: Callable[[], None] = lambda: None) -> None:
        self.database = database
        self.idle = idle
        self.pid = os.getpid()
        self.cond = threading.Condition()
        self.pending = False
        self.running = False

    def wrote(self) -> None:
        with self.cond:
            self.pending = True
            if not self.running:
                self.running = True
                threading.Thread(target=self._run, name="webscore-checkpoint",
                                 daemon=True).start()

    def _due(self) -> bool:
        """Wait for the next round; False once idle (the thread then ends)."""
        idle_until = time.monotonic() + self.IDLE
        while True:
            time.sleep(self.EVERY)
            with self.cond:
                if self.pending:
                    self.pending = False
                    return True
                if time.monotonic() > idle_until:
                    self.running = False
                    return False

    def _run(self) -> None:
        conn: sqlite3.Connection | None = None
        try:
            while self._due():
                try:
                    if conn is None:  # mode=rw: never creates a database that is gone
                        conn = sqlite3.connect(f"file:{quote(self.database)}?mode=rw", uri=True,
                                               isolation_level=None, check_same_thread=False)
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:  # best effort: SQLite's own checkpoint still comes
                    if conn is not None:
                        conn.close()
                    conn = None
        finally:
            with self.cond:
                self.running = False
            if conn is not None:
                conn.close()
            self.idle()
