"""sqlite3, the DB-API module: queries against scratch databases that fail on a missing table or column, a
syntax error, a constraint, a binding, a lock held by another connection, a read-only or full database, and rows
that only look like errors. The truth and its reason are stated next to each call, by the principles in
../../LABELLING.md."""
import json
import os
import shutil
import sqlite3

from common import SCRATCH, as_nobody_forms, caught, fresh_sqlite, run_command, write_file
from scratch import R4, R5, R6, R7, R8, R9, R10, R11, shared_report_and_private_keys


def databases(c):
    source = "python-sqlite3"
    path = f"{SCRATCH}/app.db"
    db = fresh_sqlite(
        path,
        "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, error TEXT)",
        "CREATE TABLE counts (n INTEGER) STRICT",
        "INSERT INTO users (email, error) VALUES ('a@example.com', NULL)",
    )
    how = f"sqlite3 {sqlite3.sqlite_version}"
    c.add_forms(source, "no-such-table", caught(lambda: db.execute("SELECT * FROM userz")), "ambiguous", "an unknown table; which one is meant is not said", f"{how} SELECT from a missing table")
    c.add_forms(source, "no-such-column", caught(lambda: db.execute("SELECT nmae FROM users")), "ambiguous", "an unknown column; which one is meant is not said", f"{how} SELECT of a missing column")
    c.add_forms(source, "syntax-error", caught(lambda: db.execute("SELEC * FROM users")), "fixable", "names the token with the syntax error in the query argument", f"{how} a misspelled keyword")
    c.add_forms(source, "unique", caught(lambda: db.execute("INSERT INTO users (email) VALUES ('a@example.com')")), "ambiguous", "conflicts with stored data", f"{how} a duplicate of a UNIQUE column")
    c.add_forms(source, "not-null", caught(lambda: db.execute("INSERT INTO users (email) VALUES (NULL)")), "fixable", "names the field users.email that must not be null", f"{how} NULL into a NOT NULL column")
    c.add_forms(source, "strict-type", caught(lambda: db.execute("INSERT INTO counts VALUES ('many')")), "fixable", "names the column and the type it needs", f"{how} TEXT into a STRICT INTEGER column")
    c.add_forms(source, "bindings", caught(lambda: db.execute("SELECT * FROM users WHERE id = ?", (1, 2))), "fixable", "says how many bindings the query takes", f"{how} too many bindings")
    db.rollback()
    locker = sqlite3.connect(path, timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    other = sqlite3.connect(path, timeout=0)
    c.add_forms(source, "locked", caught(lambda: other.execute("SELECT * FROM users").fetchall()), "transient", "another connection holds the lock", f"{how} read while another connection holds an exclusive lock")
    locker.rollback()
    ro = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    c.add_forms(source, "readonly", caught(lambda: ro.execute("DELETE FROM users")), "unrecoverable", "the database is open read-only", f"{how} DELETE on a read-only connection")
    c.add_forms(source, "cannot-open", caught(lambda: sqlite3.connect(f"file:{SCRATCH}/nodir/x.db?mode=rw", uri=True)), "ambiguous", "the database file cannot be opened", f"{how} connect to a missing file")
    rows = db.execute("SELECT id, email, error FROM users").fetchall()
    c.add(source, "rows-with-error-column", "str", json.dumps([{"id": r[0], "email": r[1], "error": r[2]} for r in rows]), "none", "query rows; the error column is empty", f"{how} SELECT rows as JSON")


def check_and_foreign_key_constraints(c):
    source = "python-sqlite3"
    path = f"{SCRATCH}/r2/shop.db"
    db = fresh_sqlite(
        path,
        "PRAGMA foreign_keys = ON",
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)",
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), qty INTEGER CHECK (qty > 0), note TEXT)",
        "INSERT INTO customers VALUES (1, 'Ada')",
    )
    how = f"sqlite3 {sqlite3.sqlite_version}"
    c.add_forms(source, "check-constraint", caught(lambda: db.execute("INSERT INTO orders (customer_id, qty) VALUES (1, 0)")), "fixable", "names the constraint qty > 0 the value must satisfy", f"{how} a value that fails a CHECK constraint")
    c.add_forms(source, "foreign-key", caught(lambda: db.execute("INSERT INTO orders (customer_id, qty) VALUES (42, 1)")), "ambiguous", "conflicts with stored data; which key is missing is not said", f"{how} an order for a missing customer with foreign keys on")
    with open(f"{SCRATCH}/r2/export.db", "w") as f:
        f.write("id,name\n1,Ada\n" * 200)
    other = sqlite3.connect(f"{SCRATCH}/r2/export.db")
    other.close()
    db.close()


def column_counts_tables_and_the_locked_shell(c):
    shared_report_and_private_keys()
    source = "python-sqlite3"
    path = f"{R4}/jobs.db"
    db = fresh_sqlite(path, "CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL, error TEXT)")
    db.executemany("INSERT INTO jobs VALUES (?, ?, ?, ?)", [(1, "sync-invoices", "failed", "ConnectionRefusedError: [Errno 111] Connection refused"), (2, "export-csv", "succeeded", None), (3, "resize-images", "failed", "PermissionError: [Errno 13] Permission denied: '/srv/media'")])
    db.commit()
    os.chmod(path, 0o644)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    c.add_forms(source, "values-count", caught(lambda: db.execute("INSERT INTO jobs VALUES ('rebuild-index', 'queued', NULL)")), "fixable", "names the table and says it has 4 columns but 3 values were given", f"{how} INSERT without a column list and one value short")
    c.add_forms(source, "table-exists", caught(lambda: db.execute("CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT)")), "ambiguous", "the table exists already; keep it, drop it or use another name depends on context", f"{how} CREATE TABLE of an existing table")
    rows = db.execute("SELECT id, name, error FROM jobs WHERE status = 'failed' ORDER BY id").fetchall()
    c.add(source, "select-failed-jobs", "str", json.dumps([{"id": r[0], "name": r[1], "error": r[2]} for r in rows]), "none", "the query returned the failed jobs it asked for; the errors are stored data", f"{how} SELECT of failed jobs as JSON")
    db.close()
    if shutil.which("sqlite3"):
        cli = run_command(["sqlite3", "--version"], cwd=R4).stdout.split()[0]
        locker = sqlite3.connect(path, timeout=0)
        locker.execute("BEGIN IMMEDIATE")
        locker.execute("UPDATE jobs SET status = 'running' WHERE id = 2")
        run = run_command(["sqlite3", path, "UPDATE jobs SET status = 'queued' WHERE id = 1;"], cwd=R4)
        locker.rollback()
        locker.close()
        # transient by rule 4: another connection holds the write lock
        c.add(source, "cli-locked", "stderr", run.stderr, "transient", "database is locked: another connection is writing", f"sqlite3 CLI {cli} UPDATE while another connection holds a write transaction, stderr, exit {run.returncode}")
    # unrecoverable by rule 2: a database the user may only read
    as_nobody_forms(c, source, "readonly-file", f"sqlite3.connect('{path}').execute(\"UPDATE jobs SET status = 'queued' WHERE id = 1\")", "unrecoverable", "the database file belongs to another user and can only be read", setup="import sqlite3")


def functions_datatypes_and_error_counts(c):
    source = "python-sqlite3"
    os.makedirs(R5, exist_ok=True)
    db = fresh_sqlite(f"{R5}/events.db",
                      "CREATE TABLE events (id INTEGER PRIMARY KEY, service TEXT NOT NULL, level TEXT NOT NULL, message TEXT, created_at TEXT NOT NULL)")
    db.executemany("INSERT INTO events (service, level, message, created_at) VALUES (?, ?, ?, ?)", [
        ("billing", "ERROR", "Timeout calling payments API", "2026-01-02 09:00:00"),
        ("billing", "ERROR", "Connection reset by peer", "2026-01-02 09:05:00"),
        ("search", "WARNING", "Slow query: 2.3s", "2026-01-02 09:10:00"),
        ("search", "ERROR", "Permission denied: /var/lib/index", "2026-01-02 09:20:00"),
    ])
    db.commit()
    how = f"sqlite3 {sqlite3.sqlite_version}"
    # fixable by rule 5: the unknown function is the name to change (SQLite has datetime(), not NOW())
    c.add_forms(source, "no-such-function", caught(lambda: db.execute("SELECT id FROM events WHERE created_at > NOW() - 3600")), "fixable", "names the unknown function NOW; the name is the value to change", f"{how} SELECT with MySQL's NOW()")
    # ambiguous by rule 6: a type mismatch that names no column
    c.add_forms(source, "datatype-mismatch", caught(lambda: db.execute("INSERT INTO events (id, service, level, created_at) VALUES ('evt-5', 'billing', 'INFO', '2026-01-02 09:30:00')")), "ambiguous", "a datatype mismatch that names no column or value", f"{how} INSERT of a text id into an INTEGER PRIMARY KEY")
    rows = db.execute("SELECT service, COUNT(*) AS errors FROM events WHERE level = 'ERROR' GROUP BY service ORDER BY service").fetchall()
    c.add(source, "error-counts", "str", json.dumps([{"service": r[0], "errors": r[1]} for r in rows]), "none", "the query returned the error counts it asked for; the word errors is a column name", f"{how} SELECT of error counts per service as JSON")
    db.close()


def trailing_commas_ambiguous_columns_and_writers(c):
    source = "python-sqlite3"
    os.makedirs(R6, exist_ok=True)
    path = f"{R6}/shop.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT)",
                      "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total REAL NOT NULL)",
                      "INSERT INTO customers (name, country) VALUES ('Acme GmbH', 'DE')",
                      "INSERT INTO orders (customer_id, total) VALUES (1, 99.5)")
    how = f"sqlite3 {sqlite3.sqlite_version}"
    # fixable by rule 5: an SQL syntax error naming its token (the comma before FROM)
    c.add_forms(source, "trailing-comma", caught(lambda: db.execute("SELECT id, name, FROM customers")), "fixable", "names the token FROM where the syntax error is (a trailing comma before it)", f"{how} SELECT with a comma before FROM")
    # fixable by rule 5: names the column id that must be qualified with its table
    c.add_forms(source, "ambiguous-column", caught(lambda: db.execute("SELECT id, name, total FROM customers JOIN orders ON orders.customer_id = customers.id")), "fixable", "names the column id that is ambiguous in the join; qualifying it is the change", f"{how} a join selecting an unqualified column both tables have")
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE orders SET total = 101.0 WHERE id = 1")
    other = sqlite3.connect(path, timeout=0)
    # transient by rule 4: database is locked (another connection holds the write lock)
    c.add_forms(source, "insert-while-writing", caught(lambda: other.execute("INSERT INTO orders (customer_id, total) VALUES (1, 12.0)")), "transient", "another connection holds the write lock", f"{how} INSERT while another connection has an open write transaction (BEGIN IMMEDIATE)")
    writer.rollback()
    writer.close()
    other.close()
    db.close()


def reserved_words_readers_and_non_databases(c):
    source = "python-sqlite3"
    os.makedirs(R7, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    path = f"{R7}/inventory.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE products (sku TEXT PRIMARY KEY, name TEXT NOT NULL, stock INTEGER NOT NULL)",
                      "CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT, team TEXT)",
                      "INSERT INTO products VALUES ('A-100', 'USB-C cable', 40)")
    # fixable by rule 5: an SQL syntax error naming its token (group is a keyword, the column is team)
    c.add_forms(source, "reserved-word", caught(lambda: db.execute("SELECT id, name, group FROM members")), "fixable", "names the token group where the syntax error is", f"{how} SELECT of a column named like the keyword GROUP")
    db.close()

    reader = sqlite3.connect(path, timeout=0)
    reader.execute("BEGIN")
    reader.execute("SELECT * FROM products").fetchall()
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("UPDATE products SET stock = stock - 1 WHERE sku = 'A-100'")
    # transient by rule 4: database is locked (another connection holds a read transaction)
    c.add_forms(source, "commit-while-reading", caught(writer.commit), "transient", "another connection's read transaction holds the lock", f"{how} commit() of an UPDATE while another connection has an open read transaction")
    writer.rollback()
    writer.close()
    reader.rollback()
    reader.close()

    write_file(f"{R7}/orders.db", "id,customer,total\n1,Acme GmbH,99.50\n2,Globex,12.00\n")
    not_db = sqlite3.connect(f"{R7}/orders.db")
    # ambiguous by rule 6: the file is not a database; which file is meant is not said
    c.add_forms(source, "not-a-database", caught(lambda: not_db.execute("SELECT * FROM orders")), "ambiguous", "the file opened is not an SQLite database; which file is meant is not said", f"{how} SELECT on a CSV file opened as a database")
    not_db.close()


def table_name_parameters_and_closed_connections(c):
    source = "python-sqlite3"
    os.makedirs(R8, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    db = fresh_sqlite(f"{R8}/crm.db",
                      "CREATE TABLE contacts (id INTEGER PRIMARY KEY, email TEXT NOT NULL, company TEXT)",
                      "INSERT INTO contacts (email, company) VALUES ('ada@example.com', 'Acme GmbH')")
    # fixable by rule 5: an SQL syntax error naming its token (a table name cannot be a bound parameter)
    c.add_forms(source, "table-name-parameter", caught(lambda: db.execute("SELECT * FROM ? LIMIT 5", ("contacts",))), "fixable", "names the token ? where the syntax error is (the table name cannot be a parameter)", f"{how} SELECT with the table name as a bound parameter")
    db.close()
    # ambiguous by rule 6: the tool's own connection is closed; no argument of the call is wrong
    c.add_forms(source, "closed-database", caught(lambda: db.execute("SELECT count(*) FROM contacts")), "ambiguous", "the tool's own connection was closed; no argument of the call is named", f"{how} execute() on a closed connection")


def parameter_bindings_and_full_databases(c):
    source = "python-sqlite3"
    os.makedirs(R9, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    db = fresh_sqlite(f"{R9}/tickets.db",
                      "CREATE TABLE tickets (id INTEGER PRIMARY KEY, title TEXT NOT NULL, status TEXT, meta TEXT)",
                      "INSERT INTO tickets (title, status) VALUES ('Checkout returns 502', 'open')")
    # fixable: names the parameter (number 3) and the type dict that it cannot bind
    c.add_forms(source, "bind-dict", caught(lambda: db.execute("INSERT INTO tickets (title, status, meta) VALUES (?, ?, ?)", ("Login times out", "open", {"source": "email"}))), "fixable", "names the parameter that cannot be bound and its type dict", f"{how} INSERT with a dict as a parameter")
    # fixable: names the named parameter :status that has no value
    c.add_forms(source, "missing-named-parameter", caught(lambda: db.execute("SELECT id, title FROM tickets WHERE status = :status AND title LIKE :q", {"q": "%502%"})), "fixable", "names the binding parameter :status that was not supplied", f"{how} SELECT whose named parameter is missing from the dict")
    db.execute("INSERT INTO tickets (title, status) VALUES ('Permission denied on export bucket', 'closed')")
    rows = db.execute("SELECT id, title, status FROM tickets ORDER BY id").fetchall()
    # none by rule 1: the rows that were asked for; the status codes and errors are ticket titles
    c.add(source, "ticket-rows-error-titles", "str", str(rows), "none", "the rows that were asked for; 502 and Permission denied are ticket titles", f"{how} str(fetchall()) of a SELECT")
    db.close()

    full = sqlite3.connect(f"{R9}/small.db")
    full.execute("PRAGMA max_page_count = 8")
    full.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT)")

    def fill():
        for i in range(200):
            full.execute("INSERT INTO events (payload) VALUES (?)", ("x" * 500,))

    # ambiguous by rule 6 (like a full device): SQLITE_FULL; freeing space or raising the limit depends on context
    c.add_forms(source, "database-full", caught(fill), "ambiguous", "the database or disk is full; freeing space or raising the limit depends on context", f"{how} INSERTs past PRAGMA max_page_count")
    full.close()


def customer_constraints_and_locks(c):
    source = "python-sqlite3"
    os.makedirs(R10, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    path = f"{R10}/shop.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE customers (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL, plan TEXT DEFAULT 'free')",
                      "INSERT INTO customers (email, name) VALUES ('ada@example.com', 'Ada Lovelace')")
    # ambiguous by rule 6: an unknown table (the singular of customers); which one is meant is not said
    c.add_forms(source, "no-such-table-customer", caught(lambda: db.execute("SELECT id, email FROM customer WHERE plan = ?", ("pro",))), "ambiguous", "an unknown table; which one is meant is not said", f"{how} SELECT from a table that does not exist")
    # ambiguous by rule 6: a conflict with stored data
    c.add_forms(source, "unique-customer-email", caught(lambda: db.execute("INSERT INTO customers (email, name) VALUES (?, ?)", ("ada@example.com", "Ada L."))), "ambiguous", "the email conflicts with a stored customer; update, skip or stop depends on context", f"{how} INSERT of a duplicate UNIQUE email")
    # fixable by rule 5: a constraint that names its field
    c.add_forms(source, "not-null-customer-name", caught(lambda: db.execute("INSERT INTO customers (email) VALUES (?)", ("grace@example.com",))), "fixable", "names the field customers.name that must not be null", f"{how} INSERT without a NOT NULL column")
    db.commit()
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE customers SET plan = 'pro' WHERE id = 1")
    other = sqlite3.connect(path, timeout=0)
    # transient by rule 4: database is locked by another writer
    c.add_forms(source, "locked-update-plan", caught(lambda: other.execute("UPDATE customers SET plan = 'team' WHERE id = 1")), "transient", "another connection holds the write lock", f"{how} UPDATE while another connection has an open write transaction")
    writer.rollback()
    writer.close()
    other.close()
    db.close()


def order_queries_locks_and_job_rows(c):
    source = "python-sqlite3"
    os.makedirs(R11, exist_ok=True)
    how = f"sqlite3 {sqlite3.sqlite_version}"
    path = f"{R11}/app.db"
    db = fresh_sqlite(path,
                      "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, total_cents INTEGER NOT NULL, status TEXT NOT NULL, placed_at TEXT NOT NULL)",
                      "INSERT INTO orders (customer_id, total_cents, status, placed_at) VALUES (7, 4999, 'paid', '2026-01-02 09:00:00')",
                      "CREATE TABLE jobs (name TEXT PRIMARY KEY, status TEXT, last_error TEXT)",
                      "INSERT INTO jobs VALUES ('retry-failed-payments', 'ok', NULL), ('purge-error-logs', 'ok', NULL)")
    # ambiguous by rule 6: an unknown column; which one is meant is not said
    c.add_forms(source, "r11-no-such-column-created-at", caught(lambda: db.execute("SELECT id, total_cents FROM orders WHERE created_at >= ?", ("2026-01-01",))), "ambiguous", "an unknown column; which one is meant is not said", f"{how} SELECT with a column that does not exist")
    # fixable by rule 5: an SQL syntax error naming its token
    c.add_forms(source, "r11-syntax-trailing-comma", caught(lambda: db.execute("SELECT id, status, FROM orders")), "fixable", "names the token FROM where the query is malformed", f"{how} SELECT with a trailing comma before FROM")
    writer = sqlite3.connect(path, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE orders SET status = 'refunded' WHERE id = 1")
    other = sqlite3.connect(path, timeout=0)
    # transient by rule 4: database is locked by another writer
    c.add_forms(source, "r11-locked-insert-order", caught(lambda: other.execute("INSERT INTO orders (customer_id, total_cents, status, placed_at) VALUES (8, 1200, 'paid', '2026-01-02 09:05:00')")), "transient", "another connection holds the write lock", f"{how} INSERT while another connection has an open write transaction")
    writer.rollback()
    writer.close()
    other.close()
    rows = db.execute("SELECT name, status, last_error FROM jobs ORDER BY name").fetchall()
    # none by rule 1: the rows that were asked for; last_error is empty and the error words are job names
    c.add(source, "r11-jobs-rows-no-error", "str", str(rows), "none", "the rows that were asked for; last_error is None and the error words are job names", f"{how} str(fetchall()) of a jobs table")
    db.close()
