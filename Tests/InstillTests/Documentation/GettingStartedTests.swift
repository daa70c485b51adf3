import Instill
import Testing

// The code of the Getting Started article and of the README, as written there.

private enum GettingStarted {
    final class Engine: Injectable {
        init() {}
    }

    final class Brakes: Injectable {
        init() {}
    }

    final class Car: Injectable {
        var engine: Engine!
        var brakes: Brakes!
        private(set) var isReady = false

        static var requires: Requirements { Requirements(\Car.engine, \.brakes) }
        init() {}
        func awakeFromInjection() { isReady = engine != nil && brakes != nil }
    }

    protocol GearBox: AnyObject { var gears: Int { get } }
    final class SixSpeed: GearBox, Injectable {
        let gears = 6
        init() {}
    }

    struct AppModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self, to: SixSpeed.self)
        }
    }
}

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
    @Test("Getting Started: an injector with no modules assembles a car and fills a hand-made one")
    func gettingStarted() throws {
        let injector = Injector()
        let car = try injector.getObject(GettingStarted.Car.self)
        let same = try injector[GettingStarted.Car.self]
        #expect(car.isReady)
        #expect(same.isReady && same !== car)

        let handMade = GettingStarted.Car()
        try injector.injectDependencies(into: handMade)
        #expect(handMade.isReady)

        let configured = try Injector(modules: [GettingStarted.AppModule()])
        let gearBox = try configured.getObject((any GettingStarted.GearBox).self)
        #expect(gearBox.gears == 6)
    }

    @Test("Getting Started: a missing protocol binding says what to bind")
    func gettingStartedError() throws {
        final class Car: Injectable {
            var gearBox: (any GettingStarted.GearBox)!
            static var requires: Requirements { Requirements(\Car.gearBox) }
            init() {}
        }
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Car.self) }
        #expect(error.kind == .noBinding)
        #expect(
            error.description.hasPrefix(
                "noBinding: nothing is bound to any GettingStarted.GearBox, and it cannot be built automatically.\n"
                    + "  Requested: GettingStartedTests.Car\n"
                    + "  Chain: GettingStartedTests.Car.gearBox (declared at InstillTests/GettingStartedTests.swift:85)\n"
            ))
        #expect(
            error.description.hasSuffix(
                "  To fix: bind an implementation in a module: binder.bind((any GettingStarted.GearBox).self, to: SomeType.self),"
                    + " or an instance: binder.bind(value, as: (any GettingStarted.GearBox).self)."
            ))
    }

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
        static let initializer = Initializer(dependencies: (any Database).self, Clock.self) {
            Repository(db: $0, clock: $1)
        }
    }

    struct AppModule: Module {
        func configure(_ binder: Binder) { binder.bind(MemoryDatabase(), as: (any Database).self) }
    }
}
