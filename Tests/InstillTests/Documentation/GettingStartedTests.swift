import Instill
import Testing

// The code of the README and of Declaring Requirements, as written there. Getting
// Started's code is the Podcasts example, tested in Tests/PodcastsTests.

private enum Readme {
    protocol GearBox: AnyObject { var gears: Int { get } }
    final class SixSpeed: GearBox, Injectable {
        let gears = 6
        init() {}
    }
    final class Engine: Injectable { init() {} }

    final class Car: Injectable {
        var engine: Engine!
        var gearBox: (any GearBox)!
        static var requires: Requirements { Requirements(\Car.engine, \.gearBox) }
        init() {}
        func awakeFromInjection() { awokenWith = gearBox.gears }
        var awokenWith: Int?
    }

    struct AppModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self, to: SixSpeed.self, scope: .singleton)
        }
    }
}

@Suite("The documentation's examples run as written")
struct GettingStartedTests {
    @Test("Declaring Requirements: a Sendable service with two let dependencies is built in under 15 lines")
    func sendableService() throws {
        let injector = try Injector(modules: [DeclaringRequirements.AppModule()])
        let repository = try injector.getObject(DeclaringRequirements.Repository.self)
        #expect(repository.db is DeclaringRequirements.MemoryDatabase)
        #expect(repository.clock !== (try injector.getObject(DeclaringRequirements.Repository.self)).clock)
    }

    @Test("README: the 20-line example builds, awakes and fills a hand-made car")
    func readme() throws {
        let injector = try Injector(modules: [Readme.AppModule()])
        let car = try injector.getObject(Readme.Car.self)
        #expect(car.awokenWith == 6)
        let handMade = Readme.Car()
        try injector.injectDependencies(into: handMade)
        #expect(handMade.gearBox === car.gearBox)
    }
}

/// Declaring Requirements: a `Sendable` service with two `let` dependencies, in 14 lines as
/// the article writes them (its `init` is one line there).
private enum DeclaringRequirements {
    protocol Database: Sendable { func query(_ sql: String) -> [String] }
    struct MemoryDatabase: Database { func query(_ sql: String) -> [String] { [] } }
    final class Clock: Injectable, Sendable { init() {} }

    final class Repository: Injectable, Sendable {
        let db: any Database
        let clock: Clock
        init(db: any Database, clock: Clock) {
            self.db = db
            self.clock = clock
        }
        static let initializer = Initializer(Repository.init)
    }

    struct AppModule: Module {
        func configure(_ binder: Binder) { binder.bind(MemoryDatabase(), as: (any Database).self) }
    }
}
