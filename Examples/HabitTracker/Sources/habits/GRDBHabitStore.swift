import GRDB

/// Habits and check-ins in an SQLite database, through GRDB.
final class GRDBHabitStore: HabitStore {
    private let database: DatabaseQueue

    private init(database: DatabaseQueue) { self.database = database }

    /// Opens (or creates) the database at `config.databasePath` and brings its schema
    /// up to date; ":memory:" opens one in memory.
    static func open(_ config: Config) async throws -> GRDBHabitStore {
        let database =
            config.databasePath == ":memory:" ? try DatabaseQueue() : try DatabaseQueue(path: config.databasePath)
        try await database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS habit (name TEXT PRIMARY KEY);
                    CREATE TABLE IF NOT EXISTS checkIn (
                        habit TEXT NOT NULL REFERENCES habit(name), day INTEGER NOT NULL,
                        PRIMARY KEY (habit, day));
                    """)
        }
        return GRDBHabitStore(database: database)
    }

    func addHabit(named name: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO habit (name) VALUES (?)", arguments: [name])
        }
    }

    func habitNames() async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM habit ORDER BY name") }
    }

    func checkIn(_ habit: String, on day: Day) async throws {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM habit WHERE name = ?", arguments: [habit]) != nil else {
                throw UnknownHabit(name: habit)
            }
            try db.execute(
                sql: "INSERT OR IGNORE INTO checkIn (habit, day) VALUES (?, ?)", arguments: [habit, day.number])
        }
    }

    func days(of habit: String) async throws -> Set<Day> {
        try await database.read { db in
            Set(
                try Int.fetchAll(db, sql: "SELECT day FROM checkIn WHERE habit = ?", arguments: [habit]).map(Day.init))
        }
    }
}
