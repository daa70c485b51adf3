import Foundation
import Instill
import Testing

// MARK: - Fixtures

/// A chain of requirements: 16 generic links.
private final class Link<Next: Injectable>: Injectable {
    var next: Next!
    static var requires: Requirements { Requirements(\Link<Next>.next) }
    init() {}
}

private typealias Link4<X: Injectable> = Link<Link<Link<Link<X>>>>
private typealias Link16<X: Injectable> = Link4<Link4<Link4<Link4<X>>>>

/// A nesting level, as a type: each level's chain is of other classes.
private protocol Level { static var number: Int { get } }
private enum Ground: Level { static var number: Int { 0 } }
private enum Above<Below: Level>: Level { static var number: Int { Below.number + 1 } }

private enum Nesting {
    /// The injector the chains' ends ask; none while a test warms them up.
    @TaskLocal static var injector: Injector?
    static let levels = 12
}

/// The end of one level's chain: its initializer asks for the next level's chain, a
/// request that starts while every plan of the chains above it is building.
private final class End<Here: Level>: Injectable {
    var above: AnyObject?
    init() throws {
        guard let injector = Nesting.injector, Here.number < Nesting.levels else { return }
        above = try injector.getObject(Link16<End<Above<Here>>>.self)
    }
}

/// Builds each level's chain once, so that every chain has its plan.
private func warmUp<Here: Level>(_: Here.Type, in injector: Injector) throws {
    _ = try injector.getObject(Link16<End<Here>>.self)
    if Here.number < Nesting.levels { try warmUp(Above<Here>.self, in: injector) }
}

/// How many levels of chains hang under `root`.
private func levels<Here: Level>(under root: Link16<End<Here>>) -> Int {
    var object: AnyObject = root
    while let link = object as? any ChainStep {
        guard let next = link.nextObject else { return -1 }
        object = next
    }
    guard let end = object as? End<Here> else { return -1 }
    guard let above = end.above else { return 0 }
    guard let next = above as? Link16<End<Above<Here>>> else { return -1 }
    return 1 + levels(under: next)
}

private protocol ChainStep { var nextObject: AnyObject? { get } }
extension Link: ChainStep {
    var nextObject: AnyObject? { next }
}

// MARK: - Specification

/// What `PlanFrames`' invariant rests on: however plans nest through re-entrant
/// requests, a thread never holds more entries than its buffer (at most
/// `planDepthLimit` runs of plans, each at most 257 levels high; beyond that the
/// resolver builds). Run on a thread with a large stack, so that the nesting passes the
/// limit instead of stopping at the stack check; the AddressSanitizer run would see an
/// entry written past the buffer.
@Suite("Plans nested through re-entrant requests")
struct PlanFrameTests {
    @Test("twelve levels of chains, each asked for by the end of the one below, build completely")
    func deepNesting() throws {
        let injector = Injector()
        try warmUp(Ground.self, in: injector)
        let outcome = LockedOutcome()
        let thread = Thread {
            Nesting.$injector.withValue(injector) {
                do {
                    let root = try injector.getObject(Link16<End<Ground>>.self)
                    outcome.set(.success(levels(under: root)))
                } catch {
                    outcome.set(.failure(error))
                }
            }
        }
        thread.stackSize = 512 << 20
        thread.start()
        let finished = outcome.wait(seconds: 120)
        #expect(finished)
        #expect(try outcome.result?.get() == Nesting.levels)
    }
}

/// The result a thread hands the test, with a bounded wait.
private final class LockedOutcome: @unchecked Sendable {  // guarded by `condition`
    private let condition = NSCondition()
    private(set) var result: Result<Int, any Error>?

    func set(_ result: Result<Int, any Error>) {
        condition.lock()
        self.result = result
        condition.signal()
        condition.unlock()
    }

    func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while result == nil {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}
