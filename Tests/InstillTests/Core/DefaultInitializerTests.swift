import Testing

@testable import Instill

// A type that declares no initializer is built with `init()`. The default `initializer`
// is inlinable, so the closure that calls `init()` is specialized where the type
// conforms, and a plan calls it without the protocol witness. These specifications pin
// down that this closure builds exactly what `T()` builds, for subclasses, for a type
// that borrows another type's default, for a throwing `init()`, in every engine; and
// that a plan's call of a closure requirement's closure keeps reference counts right.

// MARK: - Fixtures

private final class Gasket: Injectable {
    init() {}
}

/// A class others inherit `init()` and the default initializer from.
private class Panel: Injectable {
    required init() {}
}

private final class DoorPanel: Panel {}

/// Declares another type's default initializer as its own.
private final class Decoy: Injectable {
    static var initializer: Initializer { Gasket.initializer }
    init() {}
}

private struct Cracked: Error {}

/// `init()` throws while `failing` is set.
private final class Brittle: Injectable {
    nonisolated(unsafe) static var failing = false  // set and read only by the serialized test below
    init() throws { if Brittle.failing { throw Cracked() } }
}

private final class Cabinet: Injectable {
    var brittle: Brittle!
    static var requires: Requirements { Requirements(\Cabinet.brittle) }
    init() {}
}

private final class Hose: Injectable {
    init() {}
}

/// Holds a hose from its `init()` until the injector fills the property with its own.
private final class Pump: Injectable {
    var hose: Hose!
    static var requires: Requirements { fills(Hose.self) { $0.hose = $1 } }
    init() {}
    init(hose: Hose) { self.hose = hose }
}

/// Starts with a hose of its own, which the injector's replaces.
private final class PrefilledPump: Injectable {
    var hose: Hose?
    weak var initialHose: Hose?
    static var requires: Requirements { fills(Hose?.self) { $0.hose = $1 } }
    init() {
        let hose = Hose()
        self.hose = hose
        initialHose = hose
    }
}

/// A class a module binds to its subclass.
private class Nozzle: Injectable {
    required init() {}
}

private final class WideNozzle: Nozzle {}

/// A leaf with an awake of its own.
private final class Gauge: Injectable {
    var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// A leaf whose `init()` throws while `failing` is set.
private final class Valve: Injectable {
    nonisolated(unsafe) static var failing = false  // set and read only by the serialized test below
    init() throws { if Valve.failing { throw Cracked() } }
}

private final class Sprinkler: Injectable {
    var hose: Hose!
    var nozzle: Nozzle!
    var gauge: Gauge!
    var valve: Valve?
    static var requires: Requirements {
        fills(Hose.self) { $0.hose = $1 } + fills(Nozzle.self) { $0.nozzle = $1 }
            + fills(Gauge.self) { $0.gauge = $1 } + fills(Valve?.self) { $0.valve = $1 }
    }
    init() {}
}

private struct WideNozzles: Module {
    func configure(_ binder: Binder) { binder.bind(Nozzle.self, to: WideNozzle.self) }
}

/// A generic plain leaf: `Crate<Int>` and `Crate<String>` are different classes.
private final class Crate<Content>: Injectable {
    init() {}
}

/// Fills a property with observers from a generic leaf's closure requirement.
private final class Dock: Injectable {
    var sets = 0
    var crate: Crate<Int>! {
        didSet { sets += 1 }
    }
    static var requires: Requirements { fills(Crate<Int>.self) { $0.crate = $1 } }
    init() {}
}

/// A singleton a closure requirement fills: a plan writes it as a constant.
private final class Meter: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

/// An inner node: its plan fills requirements of its own, so a closure requirement
/// whose value it is calls the entry's closure with the object the plan built. Its
/// awake records whether it came after the fill.
private final class Reel: Injectable {
    var hose: Hose!
    var meter: Meter!
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements { fills(Hose.self) { $0.hose = $1 } + fills(Meter.self) { $0.meter = $1 } }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = hose != nil && meter != nil
    }
}

/// An inner node whose `init()` throws while `failing` is set.
private final class Spindle: Injectable {
    nonisolated(unsafe) static var failing = false  // set and read only by the serialized test below
    var hose: Hose!
    static var requires: Requirements { fills(Hose.self) { $0.hose = $1 } }
    init() throws { if Spindle.failing { throw Cracked() } }
}

/// Each kind of step: a closure requirement of an inner node, of a leaf with an awake,
/// of a singleton, of a plain leaf, and a key path.
private final class Winch: Injectable {
    var reel: Reel!
    var gauge: Gauge!
    var meter: Meter!
    var hose: Hose!
    var spindle: Spindle?
    var pump: Pump!
    static var requires: Requirements {
        fills(Reel.self) { $0.reel = $1 } + fills(Gauge.self) { $0.gauge = $1 } + fills(Meter.self) { $0.meter = $1 }
            + fills(Hose.self) { $0.hose = $1 } + fills(Spindle?.self) { $0.spindle = $1 } + Requirements(\Winch.pump)
    }
    init() {}
}

private let engines: [Accelerators] = [.all, .reference, .resolverOnly]

// MARK: - Specifications

// Serialized: two tests make `Valve` and `Brittle` fail through static flags, which the
// other tests that build them must not see.
@Suite(
    "Warm builds with init(): the default initializer and closure requirements specialized where declared",
    .serialized)
struct DefaultInitializerTests {
    @Test("the default initializer records the type it builds, and the metadata calls that closure")
    func recordsItsType() throws {
        let initializer = Gasket.initializer
        #expect(initializer.isDefault)
        #expect(initializer.makes == ObjectIdentifier(Gasket.self))
        #expect(try initializer.make() is Gasket)
        let metadata = InjectableMetadata.of(Gasket.self)
        #expect(try metadata.makeObject() is Gasket)
        #expect(try metadata.makeDefault?() is Gasket)
    }

    @Test("an initializer that is not the default has no init() to call")
    func otherInitializers() throws {
        let initializer = Initializer(factory: { Gasket() })
        #expect(initializer.makes == nil)
        #expect(throws: InjectionError.self) { try initializer.make() }
    }

    @Test("a subclass that inherits the default initializer is built as the subclass, cold and warm, in every engine")
    func subclass() throws {
        #expect(DoorPanel.initializer.makes == ObjectIdentifier(DoorPanel.self))
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            for _ in 0..<4 {
                #expect(type(of: try injector.getObject(DoorPanel.self)) == DoorPanel.self)
                #expect(type(of: try injector.getObject(Panel.self)) == Panel.self)
            }
        }
    }

    @Test("a type whose initializer is another type's default is still built with its own init()")
    func borrowedDefault() throws {
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            for _ in 0..<4 {
                #expect(type(of: try injector.getObject(Decoy.self)) == Decoy.self)
            }
        }
    }

    @Test("an init() that throws in a warm build fails as the resolver's build does, with the chain")
    func throwingInit() throws {
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            Brittle.failing = false
            for _ in 0..<3 { _ = try injector.getObject(Cabinet.self) }
            Brittle.failing = true
            defer { Brittle.failing = false }
            let error = try #require(throws: InjectionError.self) { try injector.getObject(Cabinet.self) }
            #expect(error.kind == .initializerFailed)
            #expect(error.chain == ["Cabinet.brittle"])
            #expect("\(error)".contains("Brittle"))
        }
    }

    @Test("a closure requirement's leaf is the bound subclass where one is bound, awoken, and each build's own")
    func closureAssigningNew() throws {
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [WideNozzles()], tracer: nil, accelerators: accelerators)
            Valve.failing = false
            var sprinklers: [Sprinkler] = []
            for _ in 0..<4 {
                let sprinkler = try injector.getObject(Sprinkler.self)
                #expect(type(of: sprinkler.nozzle!) == WideNozzle.self, "the binding's subclass, not Nozzle()")
                #expect(sprinkler.gauge.awakeCount == 1, "a leaf with its own awake is awoken")
                #expect(sprinkler.valve != nil)
                sprinklers.append(sprinkler)
            }
            let hoses = Set(sprinklers.compactMap { $0.hose.map(ObjectIdentifier.init) })
            #expect(hoses.count == 4, "each build its own hose")
            Valve.failing = true
            defer { Valve.failing = false }
            let error = try #require(throws: InjectionError.self) { try injector.getObject(Sprinkler.self) }
            #expect(error.kind == .initializerFailed)
            #expect(error.chain == ["Sprinkler.fills(Valve?)"])
            #expect("\(error)".contains("Valve"))
        }
    }

    @Test("a child injector's binding reaches a closure requirement its parent fills with a new leaf")
    func childOverride() throws {
        for accelerators in engines {
            let parent = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            let child = try parent.childInjector(modules: [WideNozzles()])
            for _ in 0..<4 {
                #expect(type(of: try parent.getObject(Sprinkler.self).nozzle!) == Nozzle.self)
                #expect(type(of: try child.getObject(Sprinkler.self).nozzle!) == WideNozzle.self)
            }
            #expect(type(of: try parent.getObject(Sprinkler.self).nozzle!) == Nozzle.self)
        }
    }

    @Test("a generic leaf made by a closure requirement is of its own instance, and the property's observers run once")
    func genericLeafWithObservers() throws {
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            for _ in 0..<4 {
                let dock = try injector.getObject(Dock.self)
                #expect(type(of: dock.crate!) == Crate<Int>.self)
                #expect(dock.sets == 1)
            }
        }
    }

    @Test(
        "a closure requirement's value, built anew or kept as a singleton, is on warm builds what the first build writes"
    )
    func closureSteps() throws {
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            let meter = try injector.getObject(Meter.self)
            var winches: [Winch] = []
            for _ in 0..<4 {
                let winch = try injector.getObject(Winch.self)
                #expect(winch.reel.hose != nil && winch.reel.meter === meter, "the inner node is filled")
                #expect(winch.reel.awakeCount == 1 && winch.reel.filledWhenAwoken, "then awoken, once")
                #expect(winch.meter === meter, "the singleton, not a new one")
                #expect(winch.gauge.awakeCount == 1)
                #expect(winch.hose != nil && winch.spindle?.hose != nil && winch.pump.hose != nil)
                winches.append(winch)
            }
            #expect(Set(winches.map { ObjectIdentifier($0.reel) }).count == 4, "each build its own reel")
        }
    }

    @Test("an inner node's init() that throws in a warm build fails with the same error in every engine")
    func throwingInnerNode() throws {
        var messages: [String] = []
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            Spindle.failing = false
            for _ in 0..<3 { _ = try injector.getObject(Winch.self) }
            if accelerators.contains(.compiledPlans) {
                // The failure below is the plan's, not the resolver's.
                #expect(try injector.runsLinkedBuild(of: Winch.self))
            }
            Spindle.failing = true
            defer { Spindle.failing = false }
            let error = try #require(throws: InjectionError.self) { try injector.getObject(Winch.self) }
            #expect(error.kind == .initializerFailed)
            #expect(error.chain == ["Winch.fills(Spindle?)"])
            messages.append("\(error)")
        }
        #expect(messages.count == 3 && Set(messages).count == 1, "\(messages)")
    }

    @Test("a plan's direct call of a closure requirement keeps what it built as long as the object, and the singleton")
    func closureStepCounts() throws {
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            weak var meter: Meter?
            for _ in 0..<6 {
                weak var reel: Reel?
                weak var hose: Hose?
                do {
                    let winch = try injector.getObject(Winch.self)
                    reel = winch.reel
                    hose = winch.reel.hose
                    meter = winch.meter
                    #expect(reel != nil && hose != nil)
                }
                #expect(reel == nil && hose == nil, "released with the object that held them")
                #expect(meter != nil, "the injector keeps its singleton")
            }
        }
    }

    @Test("a plan's steps are trivial values, two to a cache line")
    func stepLayout() {
        #expect(_isPOD(BuildPlan.Step.self), "a plan frees its steps without deinitializing them")
        #expect(MemoryLayout<BuildPlan.Step>.stride <= 32)
    }

    @Test("a plan's call of a closure requirement releases what the property held and keeps only the new value")
    func closureWriteCounts() throws {
        for accelerators in engines {
            let injector = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            for _ in 0..<4 {
                weak var injected: Hose?
                weak var replaced: Hose?
                do {
                    let pump = try injector.getObject(PrefilledPump.self)
                    injected = pump.hose
                    #expect(injected != nil)
                    #expect(pump.initialHose == nil, "the hose init() made is released when the injector's replaces it")
                }
                #expect(injected == nil, "the injected hose lives as long as its pump")
                do {
                    let original = Hose()
                    replaced = original
                    let pump = Pump(hose: original)
                    try injector.injectDependencies(into: pump)
                    #expect(pump.hose !== original)
                }
                #expect(replaced == nil, "the hose the property held is released")
                weak var built: Hose?
                do {
                    let pump = try injector.getObject(Pump.self)
                    built = pump.hose
                }
                #expect(built == nil)
            }
        }
    }
}
