import GRDB

/// The history database's schema, as migrations: a database written by any earlier version is brought up to date,
/// and one written by a newer version is refused rather than damaged.
enum HistorySchema {
    /// The first schema: one row per exchange.
    static let firstMigration = "v1-exchange"

    /// All migrations, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(firstMigration) { db in
            try db.execute(sql: """
                CREATE TABLE exchange (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    sent_at REAL NOT NULL,
                    reference TEXT,
                    environment TEXT,
                    source TEXT NOT NULL,
                    method TEXT NOT NULL,
                    url TEXT NOT NULL,
                    request_headers TEXT NOT NULL,
                    request_body BLOB NOT NULL,
                    request_body_size INTEGER NOT NULL,
                    request_body_truncated INTEGER NOT NULL,
                    status INTEGER,
                    reason TEXT,
                    response_headers TEXT,
                    response_body BLOB,
                    response_body_size INTEGER,
                    response_body_truncated INTEGER,
                    duration REAL,
                    final_url TEXT,
                    error TEXT
                );
                CREATE INDEX exchange_sent_at ON exchange(sent_at);
                """)
        }
        // Second: each row's size for the size cap, and indexes for a request's history and the environment filter.
        migrator.registerMigration("v2-sizes-and-lookups") { db in
            try db.execute(sql: """
                ALTER TABLE exchange ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
                UPDATE exchange SET stored_bytes = length(request_body) + IFNULL(length(response_body), 0)
                    + length(request_headers) + IFNULL(length(response_headers), 0) + length(url) + 100;
                CREATE INDEX exchange_reference ON exchange(reference, id);
                CREATE INDEX exchange_environment ON exchange(environment);
                """)
        }
        // Third: the body's size on the wire before gzip decoding; rows written before it have none (NULL).
        migrator.registerMigration("v3-wire-size") { db in
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN response_wire_size INTEGER")
        }
        // Fourth: a streamed response's events with their times, as JSON; NULL for a response that did not stream.
        migrator.registerMigration("v4-stream-events") { db in
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN response_events TEXT")
        }
        // Fifth: the trace's timing of the last hop and its protocol, as JSON, for `history export --har`; NULL for rows
        // written before it and for exchanges without a response.
        migrator.registerMigration("v5-response-timing") { db in
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN response_timing TEXT")
        }
        return migrator
    }
}
