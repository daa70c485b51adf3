/// How many days in a row, up to today (or yesterday, when today is not checked yet),
/// a habit was kept.
final class StreakCalculator: Sendable {
    let store: any HabitStore
    let clock: any DateProvider

    init(store: any HabitStore, clock: any DateProvider) {
        self.store = store
        self.clock = clock
    }

    func streak(of habit: String) async throws -> Int {
        let days = try await store.days(of: habit)
        var day = clock.today()
        if !days.contains(day) { day = Day(day.number - 1) }
        var streak = 0
        while days.contains(day) {
            streak += 1
            day = Day(day.number - 1)
        }
        return streak
    }
}

/// Writes each habit's streak to the terminal.
final class Reporter: Sendable {
    let store: any HabitStore
    let calculator: StreakCalculator
    let terminal: any Terminal

    init(store: any HabitStore, calculator: StreakCalculator, terminal: any Terminal) {
        self.store = store
        self.calculator = calculator
        self.terminal = terminal
    }

    func report() async throws {
        let names = try await store.habitNames()
        if names.isEmpty { terminal.write("No habits yet: add one with `habits add <name>`.") }
        for name in names {
            let streak = try await calculator.streak(of: name)
            terminal.write("\(name): \(streak) day\(streak == 1 ? "" : "s")")
        }
    }
}

/// What the subcommands do.
final class HabitApp: Sendable {
    let store: any HabitStore
    let clock: any DateProvider
    let reporter: Reporter
    let terminal: any Terminal

    init(store: any HabitStore, clock: any DateProvider, reporter: Reporter, terminal: any Terminal) {
        self.store = store
        self.clock = clock
        self.reporter = reporter
        self.terminal = terminal
    }

    func add(_ habit: String) async throws {
        try await store.addHabit(named: habit)
        terminal.write("Added \(habit).")
    }

    func checkIn(_ habit: String) async throws {
        try await store.checkIn(habit, on: clock.today())
        terminal.write("Checked in \(habit) for today.")
    }

    func report() async throws { try await reporter.report() }
}
