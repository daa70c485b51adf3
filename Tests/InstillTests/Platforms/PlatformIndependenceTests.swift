import Testing

@testable import Instill

// Nothing platform-specific decides what the injector writes: a property with an
// observer is written through its setter on every build, cold (the resolver) and
// warm (a compiled plan), on final and non-final classes, so `didSet` runs each time.
// The slots the warm path reads use `Synchronization.Atomic` where it exists and the
// standard library's own atomic entry points below it; both give the same answers
// (CI runs the suites built both ways: `-D INSTILL_FALLBACK_SLOTS` forces the second).

// MARK: - Fixtures

private final class Lamp: Injectable {
    init() {}
}

/// Counts its observers' calls per instance: a write that bypassed the setter would
/// leave the count at zero while the property holds a value.
private final class ObservedFinal: Injectable {
    var setCount = 0
    var willSetCount = 0
    var lamp: Lamp! {
        willSet { willSetCount += 1 }
        didSet { setCount += 1 }
    }
    static var requires: Requirements { Requirements(\ObservedFinal.lamp) }
    init() {}
}

private class ObservedBase: Injectable {
    var setCount = 0
    var lamp: Lamp! {
        didSet { setCount += 1 }
    }
    class var requires: Requirements { Requirements(\ObservedBase.lamp) }
    required init() {}
}

/// A subclass adding an observer to an inherited stored property, and one of its own.
private final class ObservedSubclass: ObservedBase {
    var overrideCount = 0
    var spare: Lamp! {
        didSet { overrideCount += 1 }
    }
    override var lamp: Lamp! {
        didSet { overrideCount += 1 }
    }
    override class var requires: Requirements { super.requires + Requirements(\ObservedSubclass.spare) }
    required init() {}
}

// MARK: - Specification

@Suite("Platform independence: observers and slots", .serialized)
struct PlatformIndependenceTests {
    @Test("didSet and willSet run on the cold build and on every warm build of a final class")
    func observersRunColdAndWarmOnFinalClasses() throws {
        let injector = Injector()
        let cold = try injector.getObject(ObservedFinal.self)
        #expect(try injector.buildsWarm(ObservedFinal.self))
        #expect(cold.setCount == 1 && cold.willSetCount == 1 && cold.lamp != nil)
        for _ in 0..<3 {
            let warm = try injector.getObject(ObservedFinal.self)
            #expect(warm.setCount == 1)
            #expect(warm.willSetCount == 1)
            #expect(warm.lamp != nil && warm.lamp !== cold.lamp)
        }
    }

    @Test("didSet runs on cold and warm builds of a non-final class and of a subclass overriding the property")
    func observersRunColdAndWarmOnNonFinalClasses() throws {
        let injector = Injector()
        for build in 0..<4 {
            let base = try injector.getObject(ObservedBase.self)
            #expect(base.setCount == 1, "build \(build) of ObservedBase")
            let sub = try injector.getObject(ObservedSubclass.self)
            #expect(sub.setCount == 1, "build \(build): the base class's observer")
            #expect(sub.overrideCount == 2, "build \(build): the subclass's observers (lamp and spare)")
            #expect(sub.lamp != nil && sub.spare != nil)
        }
        #expect(try injector.buildsWarm(ObservedBase.self))
        #expect(try injector.buildsWarm(ObservedSubclass.self))
    }

    @Test("injectDependencies(into:) runs observers on its first and later calls")
    func observersRunWhenInjectingIntoHandBuiltObjects() throws {
        let injector = Injector()
        for _ in 0..<4 {
            let handBuilt = ObservedFinal()
            try injector.injectDependencies(into: handBuilt)
            #expect(handBuilt.setCount == 1 && handBuilt.willSetCount == 1)
        }
    }

    @Test("slots hold, exchange and add words the same way through Atomic and through the fallback")
    func slotsBehaveTheSameOnEitherPath() {
        let slots = AtomicSlots(count: 3)
        #expect(slots.load(0) == 0 && slots.load(2) == 0)
        #expect(slots.storeIfEmpty(1, 42) == 42)
        #expect(slots.storeIfEmpty(1, 7) == 42)
        #expect(slots.add(2, 5) == 5)
        #expect(slots.add(2, 5) == 10)
        #expect(slots.load(1) == 42 && slots.load(0) == 0)
    }

    @Test("on Linux the slots use Synchronization.Atomic unless the build forces the fallback")
    func slotsUseSynchronizationOnLinux() {
        #if INSTILL_FALLBACK_SLOTS
            #expect(!AtomicSlots.usesSynchronizationAtomic)
        #elseif os(Linux)
            #expect(AtomicSlots.usesSynchronizationAtomic)
        #endif
    }

    @Test("concurrent first stores to one slot leave exactly one winner, and concurrent adds are all counted")
    func slotsAreAtomicUnderContention() async {
        let slots = AtomicSlots(count: 2)
        let winners = await withTaskGroup(of: Bool.self) { group in
            for value in 1...64 {
                group.addTask {
                    for _ in 0..<1_000 { _ = slots.add(1, 1) }
                    return slots.storeIfEmpty(0, UInt(value)) == UInt(value)
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(winners == 1)
        #expect(slots.load(0) != 0)
        #expect(slots.load(1) == 64_000)
    }
}
