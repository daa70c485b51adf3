import Instill
import Testing

@testable import habits

/// A store in memory.
actor InMemoryHabitStore: HabitStore {
    private var checkIns: [String: Set<Day>] = [:]

    func addHabit(named name: String) { checkIns[name, default: []] = checkIns[name] ?? [] }
    func habitNames() -> [String] { checkIns.keys.sorted() }
    func checkIn(_ habit: String, on day: Day) throws {
        guard checkIns[habit] != nil else { throw UnknownHabit(name: habit) }
        checkIns[habit]?.insert(day)
    }
    func days(of habit: String) -> Set<Day> { checkIns[habit] ?? [] }
}

/// Always the same day.
struct FixedClock: DateProvider {
    let day: Day
    func today() -> Day { day }
}

/// Keeps what is written.
final class RecordingTerminal: Terminal, @unchecked Sendable {  // written from one task at a time
    private(set) var lines: [String] = []
    func write(_ line: String) { lines.append(line) }
}

@Suite("The habit tracker")
struct HabitTrackerTests {
    let config = Config(databasePath: ":memory:")

    @Test("its graph is valid as the app wires it")
    func appGraphIsValid() throws {
        let report = try Injector(modules: [HabitModule(config: config)]).validate(roots: [HabitApp.self])
        #expect(report.isValid, "\(report)")
    }

    @Test("a streak counts the days in a row up to today")
    func streak() async throws {
        let store = InMemoryHabitStore()
        let clock = FixedClock(day: Day(100))
        let terminal = RecordingTerminal()
        let app = try await Injector(modules: [HabitModule(config: config)])
            .testInjector(fakes: store as any HabitStore, clock as any DateProvider, terminal as any Terminal)
            .getObject(HabitApp.self)
        try await app.add("read")
        for day in [97, 98, 99, 100] { try await store.checkIn("read", on: Day(day)) }
        try await app.report()
        #expect(terminal.lines == ["Added read.", "read: 4 days"])
    }

    @Test("a test that forgets a fake fails, naming the live binding")
    func forgottenFake() async throws {
        let injector = try Injector(modules: [HabitModule(config: config)]).testInjector()
        let error = await #expect(throws: InjectionError.self) { _ = try await injector.getObject(HabitApp.self) }
        #expect(error?.kind == .liveBinding)
        #expect(
            error?.description.hasPrefix(
                "liveBinding: any HabitStore is marked live, and the modules of this test injector do not replace it.")
                == true)
    }

    @Test("the app, run against a database in memory, reports a streak")
    func realDatabase() async throws {
        let store = try await GRDBHabitStore.open(config)
        let terminal = RecordingTerminal()
        let app = try await Injector(modules: [HabitModule(config: config)])
            .testInjector(
                fakes: store as any HabitStore, FixedClock(day: Day(7)) as any DateProvider, terminal as any Terminal
            )
            .getObject(HabitApp.self)
        try await app.add("run")
        try await app.checkIn("run")
        try await app.report()
        #expect(terminal.lines == ["Added run.", "Checked in run for today.", "run: 1 day"])
    }
}
