import Instill
import Testing

// MARK: - Fixtures

/// Two singletons that require each other. Each records, when it awakes, whether
/// both members of the cycle were already fully filled.
private final class Pilot: Injectable {
    static let scope: Scope = .singleton
    var navigator: Navigator!
    private(set) var awakeCount = 0
    private(set) var cycleFilledAtAwake: Bool?
    static var requires: Requirements { Requirements(\Pilot.navigator) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        cycleFilledAtAwake = navigator != nil && navigator.pilot === self
    }
}

private final class Navigator: Injectable {
    static let scope: Scope = .singleton
    var pilot: Pilot!
    private(set) var awakeCount = 0
    private(set) var cycleFilledAtAwake: Bool?
    static var requires: Requirements { Requirements(\Navigator.pilot) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        cycleFilledAtAwake = pilot != nil && pilot.navigator === self
    }
}

/// A `.normal` object in a cycle with a singleton: the singleton breaks it.
private final class Logbook: Injectable {
    var captain: Captain!
    static var requires: Requirements { Requirements(\Logbook.captain) }
    init() {}
}

private final class Captain: Injectable {
    static let scope: Scope = .singleton
    var logbook: Logbook!
    private(set) var logbookFilledAtAwake: Bool?
    static var requires: Requirements { Requirements(\Captain.logbook) }
    init() {}
    func awakeFromInjection() { logbookFilledAtAwake = logbook?.captain === self }
}

/// Two `.graph` objects that require each other.
private final class Left: Injectable {
    static let scope: Scope = .graph
    var right: Right!
    static var requires: Requirements { Requirements(\Left.right) }
    init() {}
}

private final class Right: Injectable {
    static let scope: Scope = .graph
    var left: Left!
    static var requires: Requirements { Requirements(\Right.left) }
    init() {}
}

/// A `.weak` object in a cycle with a `.normal` one: registered before its
/// requirements are filled, like a singleton, it resolves the cycle.
private final class Host: Injectable {
    static let scope: Scope = .weak
    var guest: Guest!
    private(set) var awakeCount = 0
    private(set) var cycleFilledAtAwake: Bool?
    static var requires: Requirements { Requirements(\Host.guest) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        cycleFilledAtAwake = guest != nil && guest.host === self
    }
}

private final class Guest: Injectable {
    var host: Host!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Guest.host) }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// A cycle among `.normal` types: it cannot be assembled.
private final class A: Injectable {
    var b: B!
    static var requires: Requirements { Requirements(\A.b) }
    init() {}
}

private final class B: Injectable {
    var a: A!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\B.a) }
    init() {}
}

/// A longer `.normal` cycle reached from outside it.
private final class Entrance: Injectable {
    var first: First!
    static var requires: Requirements { Requirements(\Entrance.first) }
    init() {}
}

private final class First: Injectable {
    var second: Second!
    static var requires: Requirements { Requirements(\First.second) }
    init() {}
}

private final class Second: Injectable {
    var third: Third!
    static var requires: Requirements { Requirements(\Second.third) }
    init() {}
}

private final class Third: Injectable {
    var first: First!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\Third.first) }
    init() {}
}

/// A `.normal` type that requires itself.
private final class Ouroboros: Injectable {
    var tail: Ouroboros!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\Ouroboros.tail) }
    init() {}
}

private let cycleFix =
    "give one type in the cycle .singleton, .graph or .weak scope, or make one requirement a Provider so it is built later."

// MARK: - Specification

@Suite("Cycles")
struct CycleTests {
    @Test("two singletons that require each other resolve to each other")
    func singletonsRequiringEachOther() throws {
        let injector = Injector()

        let pilot = try injector.getObject(Pilot.self)
        let navigator = try injector.getObject(Navigator.self)

        #expect(pilot.navigator === navigator)
        #expect(navigator.pilot === pilot)
    }

    @Test(
        "two singletons that require each other are both filled before either awakes, whichever is asked for first",
        arguments: [false, true])
    func singletonCycleAwakesWhenComplete(navigatorFirst: Bool) throws {
        let injector = Injector()

        if navigatorFirst { _ = try injector.getObject(Navigator.self) }
        let pilot = try injector.getObject(Pilot.self)
        let navigator = try #require(pilot.navigator)

        #expect(pilot.cycleFilledAtAwake == true)
        #expect(navigator.cycleFilledAtAwake == true)
        #expect(pilot.awakeCount == 1)
        #expect(navigator.awakeCount == 1)
    }

    @Test("a cycle through one singleton and a .normal object resolves")
    func cycleThroughOneSingleton() throws {
        let injector = Injector()

        let captain = try injector.getObject(Captain.self)

        #expect(captain.logbook.captain === captain)
        #expect(captain.logbookFilledAtAwake == true)
        #expect(try injector.getObject(Logbook.self).captain === captain)
    }

    @Test("two .graph objects that require each other resolve within one request")
    func graphCycle() throws {
        let left = try Injector().getObject(Left.self)

        #expect(left.right.left === left)
    }

    @Test("a cycle through a .weak object resolves, sharing the weak object, each object awoken once")
    func weakCycle() throws {
        let injector = Injector()

        let host = try injector.getObject(Host.self)

        #expect(host.guest.host === host)
        #expect(host.cycleFilledAtAwake == true)
        #expect(host.awakeCount == 1)
        #expect(host.guest.awakeCount == 1)
        #expect(try injector.getObject(Host.self) === host)
        withExtendedLifetime(host) {}
    }

    @Test("a cycle entered at its .normal member shares the weak object within it, each object awoken once")
    func weakCycleFromNormalMember() throws {
        let guest = try Injector().getObject(Guest.self)

        #expect(guest.host.guest.host === guest.host)
        #expect(guest.host.cycleFilledAtAwake == true)
        #expect(guest.awakeCount == 1)
        #expect(guest.host.awakeCount == 1)
        #expect(guest.host.guest.awakeCount == 1)
    }

    @Test("a cycle among .normal types throws a cycle error showing the path")
    func normalCycleThrows() throws {
        let injector = Injector()

        let error = try #require(throws: InjectionError.self) {
            try injector.getObject(A.self)
        }

        #expect(error.kind == .cycle)
        #expect(error.chain == ["A.b", "B.a"])
        #expect(error.requirementLocation == "\(#fileID):\(B.requiresLine)")
        #expect(
            error.description == """
                cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: A.b → B.a → A.
                  Requested: A
                  Chain: A.b → B.a (declared at \(#fileID):\(B.requiresLine))
                  To fix: \(cycleFix)
                """)
    }

    @Test("a cycle reached from outside it shows the cycle in the summary and the whole chain")
    func longerCycleThrows() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Entrance.self)
        }

        #expect(error.kind == .cycle)
        #expect(
            error.description == """
                cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: First.second → Second.third → Third.first → First.
                  Requested: Entrance
                  Chain: Entrance.first → First.second → Second.third → Third.first (declared at \(#fileID):\(Third.requiresLine))
                  To fix: \(cycleFix)
                """)
    }

    @Test("a .normal type that requires itself throws a cycle error")
    func selfRequirementThrows() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Ouroboros.self)
        }

        #expect(error.kind == .cycle)
        #expect(
            error.description == """
                cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: Ouroboros.tail → Ouroboros.
                  Requested: Ouroboros
                  Chain: Ouroboros.tail (declared at \(#fileID):\(Ouroboros.requiresLine))
                  To fix: \(cycleFix)
                """)
    }

    @Test("after a cycle error the injector still builds other objects")
    func injectorUsableAfterCycle() throws {
        let injector = Injector()

        #expect(throws: InjectionError.self) { try injector.getObject(B.self) }
        let pilot = try injector.getObject(Pilot.self)

        #expect(pilot.navigator.pilot === pilot)
    }
}
