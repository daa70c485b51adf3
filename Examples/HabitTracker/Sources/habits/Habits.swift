import ArgumentParser
import Instill

@main
struct Habits: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keeps track of daily habits.", subcommands: [Add.self, Done.self, Report.self])
}

struct Options: ParsableArguments {
    @Option(help: "The SQLite database (\":memory:\" for one that is not kept).")
    var database = "habits.sqlite"

    /// The app, wired for this command line.
    func app() async throws -> HabitApp {
        try await Injector(modules: [HabitModule(config: Config(databasePath: database))]).getObject(HabitApp.self)
    }
}

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Adds a habit.")
    @OptionGroup var options: Options
    @Argument var habit: String

    func run() async throws { try await options.app().add(habit) }
}

struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Checks a habit in for today.")
    @OptionGroup var options: Options
    @Argument var habit: String

    func run() async throws { try await options.app().checkIn(habit) }
}

struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Prints each habit's streak.")
    @OptionGroup var options: Options

    func run() async throws { try await options.app().report() }
}
