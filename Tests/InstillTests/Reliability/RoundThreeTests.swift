import Dispatch
import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// Findings of issue 26, round three: a `.graph` holder of a lazy kept alive by its own
// lazy, lazies of one graph read on two threads, a lazy read on another thread while
// its holder's request runs, and the advice for a `T??` requirement.

// MARK: - A .graph holder of a lazy is freed

private final class RoundThreeTarget: Injectable {
    init() {}
}

/// Graph-scoped, holding a lazy of its own request: the lazy keeps that request's graph.
private final class RoundThreeLazyHolder: Injectable {
    static let scope: Scope = .graph
    var lazy: Lazy<RoundThreeTarget>!
    static var requires: Requirements { Requirements(\RoundThreeLazyHolder.lazy) }
    init() {}
}

/// As ``RoundThreeLazyHolder``, with the lazy received by its initializer.
private final class RoundThreeInitializerHolder: Injectable {
    static let scope: Scope = .graph
    let lazy: Lazy<RoundThreeTarget>
    init(lazy: Lazy<RoundThreeTarget>) { self.lazy = lazy }
    static let initializer = Initializer(dependencies: Lazy<RoundThreeTarget>.self) {
        RoundThreeInitializerHolder(lazy: $0)
    }
}

// MARK: - Two lazies of one graph read on two threads

/// Graph-scoped and slow to build, so two threads that both miss it overlap.
private final class RoundThreeSlowShared: Injectable {
    static let scope: Scope = .graph
    static let builds = Atomic(0)
    init() {
        Self.builds.add(1, ordering: .relaxed)
        usleep(20_000)
    }
}

private final class RoundThreeLeftUser: Injectable {
    var shared: RoundThreeSlowShared!
    static var requires: Requirements { Requirements(\RoundThreeLeftUser.shared) }
    init() {}
}

private final class RoundThreeRightUser: Injectable {
    var shared: RoundThreeSlowShared!
    static var requires: Requirements { Requirements(\RoundThreeRightUser.shared) }
    init() {}
}

private final class RoundThreeTwoLazies: Injectable {
    var left: Lazy<RoundThreeLeftUser>!
    var right: Lazy<RoundThreeRightUser>!
    static var requires: Requirements { Requirements(\RoundThreeTwoLazies.left, \.right) }
    init() {}
}

// MARK: - A lazy read on a worker while its holder's request runs

private final class RoundThreeTrip: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class RoundThreeNavigator: Injectable {
    var trip: RoundThreeTrip!
    static var requires: Requirements { Requirements(\RoundThreeNavigator.trip) }
    init() {}
}

/// Hands a value between two threads that a semaphore orders: the worker writes it
/// before it signals, the waiting thread reads it after.
private final class RoundThreeHandOff<Value>: @unchecked Sendable {  // ordered by `done`
    var value: Value?
    let done = DispatchSemaphore(value: 0)
}

/// Its awake reads its lazy on a worker thread and waits for it.
private final class RoundThreeHandingHolder: Injectable {
    var trip: RoundThreeTrip!
    var navigator: Lazy<RoundThreeNavigator>!
    var readOnWorker: RoundThreeNavigator?
    static var requires: Requirements { Requirements(\RoundThreeHandingHolder.trip, \.navigator) }
    init() {}

    func awakeFromInjection() {
        let lazy = RoundThreeHandOff<Lazy<RoundThreeNavigator>>()
        lazy.value = navigator
        let result = RoundThreeHandOff<RoundThreeNavigator>()
        Thread {
            result.value = try? lazy.value?.value
            result.done.signal()
        }.start()
        result.done.wait()
        readOnWorker = result.value
    }
}

// MARK: - T??

private final class RoundThreeTracked: Injectable, Sendable {
    init() {}
}

private final class RoundThreeDoublyOptional: Injectable {
    var tracked: RoundThreeTracked??
    static var requires: Requirements { Requirements(\RoundThreeDoublyOptional.tracked) }
    init() {}
}

private struct RoundThreeWidget: Sendable {
    let size: Int
}

private final class RoundThreeDoublyOptionalWidget: Injectable {
    var widget: RoundThreeWidget??
    static var requires: Requirements { Requirements(\RoundThreeDoublyOptionalWidget.widget) }
    init() {}
}

@Suite("Round three: lazies and their graphs, and T??", .timeLimit(.minutes(2)))
struct RoundThreeTests {
    @Test("a .graph object holding a lazy is freed once nothing else holds it")
    func graphHolderOfLazyIsFreed() throws {
        let injector = Injector()
        weak var holder: RoundThreeLazyHolder?
        weak var target: RoundThreeTarget?
        do {
            let made = try injector.getObject(RoundThreeLazyHolder.self)
            holder = made
            target = try made.lazy.value
        }

        #expect(holder == nil, "the holder's lazy keeps its graph, which keeps the holder")
        #expect(target == nil)
    }

    @Test("a .graph object that receives a lazy in its initializer is freed once nothing else holds it")
    func graphHolderOfInitializerLazyIsFreed() throws {
        let injector = Injector()
        weak var holder: RoundThreeInitializerHolder?
        do { holder = try injector.getObject(RoundThreeInitializerHolder.self) }

        #expect(holder == nil, "the holder's lazy keeps its graph, which keeps the holder")
    }

    @Test("two lazies of one graph read on two threads at once build its .graph object once")
    func lazyGraphSharedAcrossThreads() throws {
        let injector = Injector()
        for _ in 0..<5 {
            RoundThreeSlowShared.builds.store(0, ordering: .relaxed)
            let root = try injector.getObject(RoundThreeTwoLazies.self)
            let pair = RoundThreeHandOff<Lazy<RoundThreeLeftUser>>()
            pair.value = root.left
            let other = RoundThreeHandOff<Lazy<RoundThreeRightUser>>()
            other.value = root.right
            onThreads(2) { index in
                if index == 0 { _ = try? pair.value?.value } else { _ = try? other.value?.value }
            }

            #expect(try root.left.value.shared === root.right.value.shared)
            #expect(RoundThreeSlowShared.builds.load(ordering: .relaxed) == 1)
        }
    }

    @Test("a lazy read on another thread while its holder's request runs shares the holder's graph")
    func lazyReadOnWorkerDuringRequest() throws {
        let injector = Injector()

        let holder = try injector.getObject(RoundThreeHandingHolder.self)
        let other = try injector.getObject(RoundThreeHandingHolder.self)

        let navigator = try #require(holder.readOnWorker)
        #expect(navigator.trip === holder.trip)
        #expect(try holder.navigator.value === navigator)
        #expect(try other.navigator.value.trip === other.trip)
        #expect(other.trip !== holder.trip)
    }

    @Test("a T?? requirement is filled from T's binding, as T? is")
    func doublyOptionalRequirementFromBinding() throws {
        let bound = RoundThreeTracked()
        let injector = try Injector(modules: [ModuleFixtures.Configure { $0.bind(bound) }])

        let holder = try injector.getObject(RoundThreeDoublyOptional.self)

        #expect(holder.tracked.flatMap { $0 } === bound)
        #expect(try injector.getObject(RoundThreeDoublyOptional.self).tracked.flatMap { $0 } === bound)
    }

    @Test("a T?? requirement of an Injectable type is built automatically")
    func doublyOptionalRequirementBuilt() throws {
        let holder = try Injector().getObject(RoundThreeDoublyOptional.self)

        #expect(holder.tracked.flatMap { $0 } != nil)
    }

    @Test("the fix a T?? requirement with nothing bound prints works when applied")
    func doublyOptionalRequirementAdviceWorks() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(RoundThreeDoublyOptionalWidget.self)
        }
        #expect(error.kind == .noBinding)
        let summary = "noBinding: nothing is bound to RoundThreeWidget, and it cannot be built automatically."
        #expect(error.description.hasPrefix(summary), "\(error)")
        let fix = try #require(error.description.split(separator: "\n").last { $0.contains("To fix:") })
        #expect(fix.contains("binder.bind(RoundThreeWidget(...))"), "\(fix)")

        // The fix, applied.
        let injector = try Injector(modules: [ModuleFixtures.Configure { $0.bind(RoundThreeWidget(size: 3)) }])
        let holder = try injector.getObject(RoundThreeDoublyOptionalWidget.self)

        #expect(holder.widget.flatMap { $0 }?.size == 3)
    }
}
