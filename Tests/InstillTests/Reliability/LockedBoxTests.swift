import Testing

@testable import Instill

// `LockedBox` is unsafe code (Unsafe/Lock.swift): a pthread mutex in the tail of the
// object that holds the value. These tests try to break its invariant: every access to
// the value goes through the lock, the mutex does not move, and the value is released
// exactly once, with the last copy of the box. They run under ThreadSanitizer and
// AddressSanitizer in CI.

/// Counts its instances alive.
private final class Tracked: Sendable {
    static let alive = LockedBox(0)
    let serial: Int
    init(serial: Int) {
        self.serial = serial
        Self.alive.withLock { $0 += 1 }
    }
    deinit { Self.alive.withLock { $0 -= 1 } }
}

@Suite("A locked box: its value is reached only through its lock", .serialized)
struct LockedBoxTests {
    @Test("increments from many threads at once all count: no update is lost")
    func concurrentUpdatesAreExclusive() async {
        let box = LockedBox(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { box.withLock { $0 += 1 } } }
            }
        }
        #expect(box.withLock { $0 } == 80_000)
    }

    @Test("copies share one value, and a value written in one is read in every other")
    func copiesShare() {
        let box = LockedBox([Int]())
        let copy = box
        copy.withLock { $0.append(1) }
        box.withLock { $0.append(2) }
        #expect(copy.withLock { $0 } == [1, 2])
    }

    @Test("a throw inside the lock leaves it unlocked and the value as the body left it")
    func throwingBodyUnlocks() {
        struct Refused: Error {}
        let box = LockedBox(0)
        #expect(throws: Refused.self) {
            try box.withLock { value in
                value = 7
                throw Refused()
            }
        }
        // A lock left held would hang here.
        #expect(box.withLock { $0 } == 7)
    }

    @Test("the value is released once, with the last copy, however many threads held copies")
    func valueReleasedWithLastCopy() async {
        let before = Tracked.alive.withLock { $0 }
        do {
            let box = LockedBox(Tracked(serial: 1))
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    let copy = box
                    group.addTask { copy.withLock { $0.serial } }
                }
                for await serial in group { #expect(serial == 1) }
            }
            box.withLock { $0 = Tracked(serial: 2) }
            #expect(Tracked.alive.withLock { $0 } == before + 1)
        }
        #expect(Tracked.alive.withLock { $0 } == before)
    }

    @Test("many boxes made and freed on many threads keep their values apart")
    func manyBoxes() async {
        let sums = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    var sum = 0
                    for index in 0..<2_000 {
                        let box = LockedBox(thread * 10_000 + index)
                        sum += box.withLock { $0 } - thread * 10_000
                    }
                    return sum
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: (0..<2_000).reduce(0, +), count: 4))
    }
}
