import Instill
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Fixtures

private final class Radio: Injectable {
    init() {}
}

private final class Clock: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Harness: Injectable {
    static let scope: Scope = .graph
    init() {}
}

/// Its initializer asks the injector (passed as an argument) for more objects.
private final class Cockpit: Injectable {
    let radio: Radio
    let clock: Clock
    let harnessFromInitializer: Harness
    var harness: Harness!
    var requiredClock: Clock!
    static var requires: Requirements { Requirements(\Cockpit.harness, \.requiredClock) }

    init(radio: Radio, clock: Clock, harness: Harness) {
        self.radio = radio
        self.clock = clock
        self.harnessFromInitializer = harness
    }

    static let initializer = Initializer { arguments in
        let injector = try arguments.argument(0, as: Injector.self)
        return Cockpit(
            radio: try injector.getObject(Radio.self),
            clock: try injector.getObject(Clock.self),
            harness: try injector.getObject(Harness.self))
    }
}

/// A singleton whose initializer asks for another singleton.
private final class Tower: Injectable {
    static let scope: Scope = .singleton
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
    static let initializer = Initializer { arguments in
        Tower(clock: try arguments.argument(0, as: Injector.self).getObject(Clock.self))
    }
}

/// Builds more objects from its awakeFromInjection().
private final class Workshop: Injectable {
    var factory: ObjectFactory!
    private(set) var radioFromAwake: Radio?
    private(set) var clockFromAwake: Clock?
    static var requires: Requirements { Requirements(\Workshop.factory) }
    init() {}
    func awakeFromInjection() {
        radioFromAwake = try? factory.getObject(Radio.self)
        clockFromAwake = try? factory.getObject(Clock.self)
    }
}

/// A singleton that asks for itself from its awakeFromInjection().
private final class Lighthouse: Injectable {
    static let scope: Scope = .singleton
    var factory: ObjectFactory!
    private(set) var selfFromAwake: Lighthouse?
    static var requires: Requirements { Requirements(\Lighthouse.factory) }
    init() {}
    func awakeFromInjection() { selfFromAwake = try? factory.getObject(Lighthouse.self) }
}

/// Two singletons in a cycle; one asks for the other from its awake.
private final class Keeper: Injectable {
    static let scope: Scope = .singleton
    var lamp: Lamp!
    var factory: ObjectFactory!
    private(set) var lampFromAwake: Lamp?
    static var requires: Requirements { Requirements(\Keeper.lamp, \.factory) }
    init() {}
    func awakeFromInjection() { lampFromAwake = try? factory.getObject(Lamp.self) }
}

private final class Lamp: Injectable {
    static let scope: Scope = .singleton
    var keeper: Keeper!
    static var requires: Requirements { Requirements(\Lamp.keeper) }
    init() {}
}

/// A `.normal` type whose initializer asks the injector for its own type again.
private final class Echo: Injectable {
    static let initializer = Initializer { arguments in
        let injector = try arguments.argument(0, as: Injector.self)
        _ = try injector.getObject(Echo.self, arguments: injector)
        return Echo()
    }
}

// MARK: - Specification

@Suite("Re-entrant resolution")
struct ReentrancyTests {
    @Test("an initializer may ask the injector for other objects while it builds")
    func fromAnInitializer() throws {
        let injector = Injector()

        let cockpit = try injector.getObject(Cockpit.self, arguments: injector)

        #expect(cockpit.clock === (try injector.getObject(Clock.self)))
        #expect(cockpit.requiredClock === cockpit.clock)
        #expect(cockpit.harness != nil)
    }

    @Test("a .graph object asked for from an initializer is the one the same request fills in")
    func initializerSharesTheRequestsGraph() throws {
        let injector = Injector()

        let first = try injector.getObject(Cockpit.self, arguments: injector)
        let second = try injector.getObject(Cockpit.self, arguments: injector)

        #expect(first.harnessFromInitializer === first.harness)
        #expect(second.harnessFromInitializer === second.harness)
        #expect(first.harness !== second.harness)
    }

    @Test("a singleton's initializer may ask for another singleton")
    func singletonInitializerAsksForSingleton() throws {
        let injector = Injector()

        let tower = try injector.getObject(Tower.self, arguments: injector)

        #expect(tower.clock === (try injector.getObject(Clock.self)))
        #expect(try injector.getObject(Tower.self) === tower)
    }

    @Test("awakeFromInjection() may ask the injector for other objects")
    func fromAwake() throws {
        let injector = Injector()

        let workshop = try injector.getObject(Workshop.self)

        #expect(workshop.radioFromAwake != nil)
        #expect(workshop.clockFromAwake === (try injector.getObject(Clock.self)))
    }

    @Test("a singleton asking for itself from awakeFromInjection() gets itself")
    func singletonAsksForItselfFromAwake() throws {
        let injector = Injector()

        let lighthouse = try injector.getObject(Lighthouse.self)

        #expect(lighthouse.selfFromAwake === lighthouse)
        #expect(try injector.getObject(Lighthouse.self) === lighthouse)
    }

    @Test("a member of a singleton cycle asking for the other member from its awake gets it")
    func cycleMemberAsksForPartnerFromAwake() throws {
        let injector = Injector()

        let keeper = try injector.getObject(Keeper.self)

        #expect(keeper.lampFromAwake === keeper.lamp)
        #expect(keeper.lamp.keeper === keeper)
        #expect(try injector.getObject(Lamp.self) === keeper.lamp)
    }

    @Test("the cycle error of an initializer that asks for its own type shows the path through the initializer")
    func initializerCyclePath() throws {
        let injector = Injector()
        let error = try #require(throws: InjectionError.self) {
            try injector.getObject(Echo.self, arguments: injector)
        }
        #expect(error.kind == .cycle)
        #expect(
            error.summary
                == "Echo is asked for again while its initializer is still running: Echo.init → Echo.")
        // Nothing is left on the stack: asking again fails the same way, not deeper.
        let again = try #require(throws: InjectionError.self) {
            try injector.getObject(Echo.self, arguments: injector)
        }
        #expect(again.summary == error.summary)
    }

    // Exit tests exist where a test can start a process: not on iOS, tvOS or watchOS.
    #if os(macOS) || os(Linux) || os(Windows) || os(FreeBSD)
        @Test("an initializer that asks for its own type throws a cycle error instead of overflowing the stack")
        func initializerAskingForItsOwnType() async {
            // Run in a child process: the failure this guards against is a crash.
            await #expect(processExitsWith: .success) {
                let injector = Injector()
                do {
                    _ = try injector.getObject(Echo.self, arguments: injector)
                    exit(1)
                } catch let error as InjectionError where error.kind == .cycle {
                    exit(0)
                } catch {
                    exit(2)
                }
            }
        }
    #endif
}
