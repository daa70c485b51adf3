import Dispatch
import Foundation
import Testing

@testable import Instill

// Deep graphs: a first, cold build recurses once per level. It completes, or stops
// with a typed depthLimit error naming the depth and the chain: never a crash, on
// threads with large and small stacks.

// MARK: - Fixtures: a chain of distinct types, each requiring the next

private protocol ChainLink: AnyObject {
    var nextLink: (any ChainLink)? { get }
}

private final class Level0: Injectable, ChainLink {
    var next: Level1!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level0.next) }
    init() {}
}

private final class Level1: Injectable, ChainLink {
    var next: Level2!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level1.next) }
    init() {}
}

private final class Level2: Injectable, ChainLink {
    var next: Level3!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level2.next) }
    init() {}
}

private final class Level3: Injectable, ChainLink {
    var next: Level4!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level3.next) }
    init() {}
}

private final class Level4: Injectable, ChainLink {
    var next: Level5!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level4.next) }
    init() {}
}

private final class Level5: Injectable, ChainLink {
    var next: Level6!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level5.next) }
    init() {}
}

private final class Level6: Injectable, ChainLink {
    var next: Level7!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level6.next) }
    init() {}
}

private final class Level7: Injectable, ChainLink {
    var next: Level8!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level7.next) }
    init() {}
}

private final class Level8: Injectable, ChainLink {
    var next: Level9!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level8.next) }
    init() {}
}

private final class Level9: Injectable, ChainLink {
    var next: Level10!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level9.next) }
    init() {}
}

private final class Level10: Injectable, ChainLink {
    var next: Level11!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level10.next) }
    init() {}
}

private final class Level11: Injectable, ChainLink {
    var next: Level12!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level11.next) }
    init() {}
}

private final class Level12: Injectable, ChainLink {
    var next: Level13!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level12.next) }
    init() {}
}

private final class Level13: Injectable, ChainLink {
    var next: Level14!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level13.next) }
    init() {}
}

private final class Level14: Injectable, ChainLink {
    var next: Level15!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level14.next) }
    init() {}
}

private final class Level15: Injectable, ChainLink {
    var next: Level16!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level15.next) }
    init() {}
}

private final class Level16: Injectable, ChainLink {
    var next: Level17!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level16.next) }
    init() {}
}

private final class Level17: Injectable, ChainLink {
    var next: Level18!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level17.next) }
    init() {}
}

private final class Level18: Injectable, ChainLink {
    var next: Level19!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level18.next) }
    init() {}
}

private final class Level19: Injectable, ChainLink {
    var next: Level20!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level19.next) }
    init() {}
}

private final class Level20: Injectable, ChainLink {
    var next: Level21!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level20.next) }
    init() {}
}

private final class Level21: Injectable, ChainLink {
    var next: Level22!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level21.next) }
    init() {}
}

private final class Level22: Injectable, ChainLink {
    var next: Level23!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level22.next) }
    init() {}
}

private final class Level23: Injectable, ChainLink {
    var next: Level24!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level23.next) }
    init() {}
}

private final class Level24: Injectable, ChainLink {
    var next: Level25!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level24.next) }
    init() {}
}

private final class Level25: Injectable, ChainLink {
    var next: Level26!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level25.next) }
    init() {}
}

private final class Level26: Injectable, ChainLink {
    var next: Level27!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level26.next) }
    init() {}
}

private final class Level27: Injectable, ChainLink {
    var next: Level28!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level27.next) }
    init() {}
}

private final class Level28: Injectable, ChainLink {
    var next: Level29!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level28.next) }
    init() {}
}

private final class Level29: Injectable, ChainLink {
    var next: Level30!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level29.next) }
    init() {}
}

private final class Level30: Injectable, ChainLink {
    var next: Level31!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level30.next) }
    init() {}
}

private final class Level31: Injectable, ChainLink {
    var next: Level32!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level31.next) }
    init() {}
}

private final class Level32: Injectable, ChainLink {
    var next: Level33!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level32.next) }
    init() {}
}

private final class Level33: Injectable, ChainLink {
    var next: Level34!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level33.next) }
    init() {}
}

private final class Level34: Injectable, ChainLink {
    var next: Level35!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level34.next) }
    init() {}
}

private final class Level35: Injectable, ChainLink {
    var next: Level36!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level35.next) }
    init() {}
}

private final class Level36: Injectable, ChainLink {
    var next: Level37!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level36.next) }
    init() {}
}

private final class Level37: Injectable, ChainLink {
    var next: Level38!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level37.next) }
    init() {}
}

private final class Level38: Injectable, ChainLink {
    var next: Level39!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level38.next) }
    init() {}
}

private final class Level39: Injectable, ChainLink {
    var nextLink: (any ChainLink)? { nil }
    init() {}
}

/// How many levels the chain has.
private let chainLength = 40

/// Follows the chain from `top` to its end.
private func depth(of top: any ChainLink) -> Int {
    var count = 0
    var current: (any ChainLink)? = top
    while let link = current {
        count += 1
        current = link.nextLink
    }
    return count
}

// MARK: - Fixtures: a 10,000-level chain of closure bindings that ask the injector again

private final class Hop: Sendable {
    let next: Hop?
    init(next: Hop?) { self.next = next }
}

private struct HopModule: Module {
    let levels: Int
    func configure(_ binder: Binder) {
        for level in 0..<levels {
            let last = level == levels - 1
            binder.bind(Hop.self, named: "\(level)") { injector in
                Hop(next: last ? nil : try injector.getObject(Hop.self, named: "\(level + 1)"))
            }
        }
    }
}

/// A thread's result: written by the thread before it signals, read after.
private final class ResultBox<Result: Sendable>: @unchecked Sendable {  // handed over through a semaphore
    var result: Result?
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, and waits for it.
private func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.result!
}

/// What a deep request ended with.
private enum Outcome: Sendable {
    case built(depth: Int)
    case tooDeep(InjectionError)
    case other(String)
}

@Suite("Deep graphs")
struct DeepGraphTests {
    @Test("a chain of 40 types builds whole on a thread with a large stack")
    func chainBuilds() throws {
        let outcome = onThread(stackSize: 8 << 20) { () -> Outcome in
            do {
                return .built(depth: depth(of: try Injector().getObject(Level0.self)))
            } catch {
                return .other("\(error)")
            }
        }
        guard case .built(let levels) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(levels == chainLength)
    }

    @Test("the same chain on a 128 KiB thread stops with depthLimit, the depth and the chain", arguments: [false, true])
    func chainStopsOnSmallStack(warmFirst: Bool) throws {
        let injector = Injector()
        if warmFirst { _ = try injector.getObject(Level0.self) }
        let outcome = onThread(stackSize: 128 << 10) { () -> Outcome in
            do {
                return .built(depth: depth(of: try Injector().getObject(Level0.self)))
            } catch let error as InjectionError where error.kind == .depthLimit {
                return .tooDeep(error)
            } catch {
                return .other("\(error)")
            }
        }
        guard case .tooDeep(let error) = outcome else {
            Issue.record("expected depthLimit, got \(outcome)")
            return
        }
        let levels = error.chain.count
        #expect(levels > 1 && levels < chainLength)
        #expect(error.chain.first == "Level0.next")
        #expect(error.chain.last == "Level\(levels - 1).next")
        #expect(
            error.summary
                == "building Level\(levels) would nest \(levels + 1) objects deep, and this thread's stack (128 KiB) has no room for another level."
        )
        #expect(error.requestedType == "Level0")
        #expect(error.description.contains("To fix: a graph this deep is usually a chain"))
        // The injector is still usable, and nothing half-built was kept.
        #expect(depth(of: try injector.getObject(Level0.self)) == chainLength)
    }

    @Test("validate() on a 128 KiB thread reports the depth instead of overflowing")
    func validateStops() throws {
        let kinds = onThread(stackSize: 128 << 10) {
            Injector().validate(roots: [Level0.self]).problems.map(\.kind)
        }
        #expect(kinds == [.depthLimit])
        #expect(Injector().validate(roots: [Level0.self]).isValid)
    }

    @Test(
        "a 10,000-level chain of re-entrant requests completes or stops with depthLimit, on 8 MiB and 512 KiB stacks",
        arguments: [8 << 20, 512 << 10])
    func tenThousandLevels(stackSize: Int) throws {
        let injector = try Injector(modules: [HopModule(levels: 10_000)])
        let outcome = onThread(stackSize: stackSize) { () -> Outcome in
            do {
                var count = 0
                var hop: Hop? = try injector.getObject(Hop.self, named: "0")
                while let current = hop {
                    count += 1
                    hop = current.next
                }
                return .built(depth: count)
            } catch let error as InjectionError where error.kind == .depthLimit {
                return .tooDeep(error)
            } catch {
                return .other("\(error)")
            }
        }
        switch outcome {
        case .built(let levels):
            print("10,000 levels on a \(stackSize >> 10) KiB stack: built")
            #expect(levels == 10_000)
        case .tooDeep(let error):
            print("10,000 levels on a \(stackSize >> 10) KiB stack: depthLimit at \(error.chain.count) levels")
            #expect(error.chain.count > 10)
            #expect(error.description.contains(" more … → "))
            #expect(error.summary.hasSuffix("has no room for another level."))
        case .other(let message):
            Issue.record("\(message)")
        }
    }
}
