import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures

private final class Wiper: Injectable {
    init() {}
}

/// Two requirements of the same `.normal` type.
private final class Windshield: Injectable {
    var left: Wiper!
    var right: Wiper!
    static var requires: Requirements { Requirements(\Windshield.left, \.right) }
    init() {}
}

private final class Garage: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Mechanic: Injectable {
    var garage: Garage!
    static var requires: Requirements { Requirements(\Mechanic.garage) }
    init() {}
}

private final class Cashier: Injectable {
    var garage: Garage!
    static var requires: Requirements { Requirements(\Cashier.garage) }
    init() {}
}

/// One `.graph` harness per top-level request.
private final class Harness: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class Gauges: Injectable {
    var harness: Harness!
    static var requires: Requirements { Requirements(\Gauges.harness) }
    init() {}
}

private final class Lamps: Injectable {
    var harness: Harness!
    static var requires: Requirements { Requirements(\Lamps.harness) }
    init() {}
}

private final class Wiring: Injectable {
    var gauges: Gauges!
    var lamps: Lamps!
    var harness: Harness!
    static var requires: Requirements { Requirements(\Wiring.gauges, \.lamps, \.harness) }
    init() {}
}

/// A `.weak` object that counts how often it is built.
private final class Radio: Injectable {
    static let scope: Scope = .weak
    static let built = Atomic<Int>(0)
    init() { Radio.built.add(1, ordering: .relaxed) }
}

private final class Speaker: Injectable {
    var radio: Radio!
    static var requires: Requirements { Requirements(\Speaker.radio) }
    init() {}
}

// MARK: - Specification

@Suite("Scopes")
struct ScopeTests {
    @Suite(".normal")
    struct Normal {
        @Test("returns a new instance on every request")
        func newInstancePerRequest() throws {
            let injector = Injector()

            let first = try injector.getObject(Wiper.self)
            let second = try injector.getObject(Wiper.self)
            let third = try injector[Wiper.self]

            #expect(first !== second)
            #expect(second !== third)
            #expect(first !== third)
        }

        @Test("fills two requirements of the same type with two instances")
        func newInstancePerRequirement() throws {
            let windshield = try Injector().getObject(Windshield.self)

            #expect(windshield.left !== windshield.right)
        }
    }

    @Suite(".singleton")
    struct Singleton {
        @Test("a singleton requested twice from one injector is the identical instance")
        func sameInstanceFromOneInjector() throws {
            let injector = Injector()

            let first = try injector.getObject(Garage.self)
            let second = try injector.getObject(Garage.self)

            #expect(first === second)
            #expect(try injector[Garage.self] === first)
        }

        @Test("two objects that require the same singleton share it")
        func sharedBetweenDependents() throws {
            let injector = Injector()

            let mechanic = try injector.getObject(Mechanic.self)
            let cashier = try injector.getObject(Cashier.self)

            #expect(mechanic.garage === cashier.garage)
            #expect(mechanic.garage === (try injector.getObject(Garage.self)))
        }

        @Test("a singleton type gives different instances from two injectors")
        func oneInstancePerInjector() throws {
            let first = Injector()
            let second = Injector()

            let fromFirst = try first.getObject(Garage.self)
            let fromSecond = try second.getObject(Garage.self)

            #expect(fromFirst !== fromSecond)
            #expect(try first.getObject(Garage.self) === fromFirst)
            #expect(try second.getObject(Garage.self) === fromSecond)
        }
    }

    @Suite(".graph")
    struct Graph {
        @Test("is the same instance everywhere within one getObject call")
        func sharedWithinOneRequest() throws {
            let wiring = try Injector().getObject(Wiring.self)

            #expect(wiring.gauges.harness === wiring.harness)
            #expect(wiring.lamps.harness === wiring.harness)
        }

        @Test("is a different instance for each getObject call")
        func freshPerRequest() throws {
            let injector = Injector()

            let first = try injector.getObject(Wiring.self)
            let second = try injector.getObject(Wiring.self)
            let direct = try injector.getObject(Harness.self)

            #expect(first.harness !== second.harness)
            #expect(direct !== first.harness)
            #expect(direct !== second.harness)
        }
    }

    @Suite(".weak")
    struct Weak {
        @Test("is the same instance while held, and a new one after it is released")
        func sharedWhileHeld() throws {
            let injector = Injector()
            let before = Radio.built.load(ordering: .relaxed)
            weak var released: Radio?

            do {
                let held = try injector.getObject(Radio.self)
                let again = try injector.getObject(Radio.self)
                let speaker = try injector.getObject(Speaker.self)

                #expect(again === held)
                #expect(speaker.radio === held)
                #expect(Radio.built.load(ordering: .relaxed) == before + 1)
                released = held
                withExtendedLifetime((held, again, speaker)) {}
            }

            // The injector holds it weakly: once the last user lets go, it is gone…
            #expect(released == nil)

            // …and the next request builds a new one.
            let rebuilt = try injector.getObject(Radio.self)
            #expect(Radio.built.load(ordering: .relaxed) == before + 2)
            #expect(try injector.getObject(Radio.self) === rebuilt)
            #expect(Radio.built.load(ordering: .relaxed) == before + 2)
        }
    }
}
