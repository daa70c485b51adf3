/// A calendar day, counted from 1 January 1970: what a streak counts.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let number: Int

    public init(_ number: Int) { self.number = number }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

    public var description: String { "day \(number)" }
}

/// Where habits and their check-ins are kept.
public protocol HabitStore: Sendable {
    func addHabit(named name: String) async throws
    func habitNames() async throws -> [String]
    func checkIn(_ habit: String, on day: Day) async throws
    func days(of habit: String) async throws -> Set<Day>
}

/// Today's date: the system clock in the app, a fixed day in tests.
public protocol DateProvider: Sendable {
    func today() -> Day
}

/// Where the app writes its lines: standard output in the app, a recorder in tests.
public protocol Terminal: Sendable {
    func write(_ line: String)
}

/// What the command line configures.
public struct Config: Sendable {
    public let databasePath: String

    public init(databasePath: String) { self.databasePath = databasePath }
}

/// A habit the store does not know.
public struct UnknownHabit: Error, CustomStringConvertible {
    public let name: String

    public init(name: String) { self.name = name }

    public var description: String { "No habit named \(name): add it first with `habits add \(name)`." }
}
