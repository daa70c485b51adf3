/// A calendar day, counted from 1 January 1970: what a streak counts.
struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    let number: Int

    init(_ number: Int) { self.number = number }

    static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

    var description: String { "day \(number)" }
}

/// Where habits and their check-ins are kept.
protocol HabitStore: Sendable {
    func addHabit(named name: String) async throws
    func habitNames() async throws -> [String]
    func checkIn(_ habit: String, on day: Day) async throws
    func days(of habit: String) async throws -> Set<Day>
}

/// Today's date: the system clock in the app, a fixed day in tests.
protocol DateProvider: Sendable {
    func today() -> Day
}

/// Where the app writes its lines: standard output in the app, a recorder in tests.
protocol Terminal: Sendable {
    func write(_ line: String)
}

/// What the command line configures.
struct Config: Sendable {
    let databasePath: String
}

/// A habit the store does not know.
struct UnknownHabit: Error, CustomStringConvertible {
    let name: String

    var description: String { "No habit named \(name): add it first with `habits add \(name)`." }
}
