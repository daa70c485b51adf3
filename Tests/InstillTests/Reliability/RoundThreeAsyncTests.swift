import Dispatch
import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// Findings of issue 26, round three (async and back-references): objects of an async
// request built and awoken once however many async steps it has, a task started inside
// an async initializer waiting for the singleton being built, one creation group for a
// singleton and the singleton its initializer takes, and back-references through
// bindings (Swinject's circularity tests).

private struct R3ABindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

// MARK: - Finding 6: init and awake once per object kept

private final class R3APart: Injectable {
    static let awakes = Atomic<Int>(0)
    init() {}
    func awakeFromInjection() { R3APart.awakes.add(1, ordering: .relaxed) }
}

private final class R3ASlow: Injectable, Sendable {
    static let initializer = Initializer(factory: { () async throws -> AnyObject in
        await Task.yield()
        return R3ASlow()
    })
}

/// A synchronous singleton whose requirements reach an async step after a synchronous one.
private final class R3ASyncSingleton: Injectable {
    static let scope: Scope = .singleton
    static let inits = Atomic<Int>(0)
    static let awakes = Atomic<Int>(0)
    var part: R3APart!
    var slow: R3ASlow!
    static var requires: Requirements { Requirements(\R3ASyncSingleton.part, \.slow) }
    init() { R3ASyncSingleton.inits.add(1, ordering: .relaxed) }
    func awakeFromInjection() { R3ASyncSingleton.awakes.add(1, ordering: .relaxed) }
}

private final class R3AOtherPart: Injectable {
    static let inits = Atomic<Int>(0)
    static let awakes = Atomic<Int>(0)
    init() { R3AOtherPart.inits.add(1, ordering: .relaxed) }
    func awakeFromInjection() { R3AOtherPart.awakes.add(1, ordering: .relaxed) }
}

private final class R3AOtherSlow: Injectable, Sendable {
    static let initializer = Initializer(factory: { () async throws -> AnyObject in
        await Task.yield()
        return R3AOtherSlow()
    })
}

/// An async singleton whose requirements reach two async steps after a synchronous one.
private final class R3AAsyncSingleton: Injectable {
    static let scope: Scope = .singleton
    static let inits = Atomic<Int>(0)
    static let awakes = Atomic<Int>(0)
    var part: R3AOtherPart!
    var first: R3AOtherSlow!
    var second: R3AOtherSlow!
    static var requires: Requirements { Requirements(\R3AAsyncSingleton.part, \.first, \.second) }
    init() { R3AAsyncSingleton.inits.add(1, ordering: .relaxed) }
    static let initializer = Initializer(factory: { () async throws -> AnyObject in
        await Task.yield()
        return R3AAsyncSingleton()
    })
    func awakeFromInjection() { R3AAsyncSingleton.awakes.add(1, ordering: .relaxed) }
}

@Suite("Issue 26 round three: async requests and back-references")
struct RoundThreeAsyncTests {
    @Test("a synchronous singleton in an async request is built and awoken once, and so are its requirements")
    func synchronousSingletonOnce() async throws {
        let injector = Injector()

        let singleton = try await injector.getObject(R3ASyncSingleton.self)

        #expect(R3ASyncSingleton.inits.load(ordering: .relaxed) == 1)
        #expect(R3ASyncSingleton.awakes.load(ordering: .relaxed) == 1)
        #expect(R3APart.awakes.load(ordering: .relaxed) == 1)
        #expect(singleton.slow != nil)
        #expect(try await injector.getObject(R3ASyncSingleton.self) === singleton)
    }

    @Test("an async singleton's requirements are built and awoken once, however many async steps they reach")
    func asyncSingletonOnce() async throws {
        let injector = Injector()

        let singleton = try await injector.getObject(R3AAsyncSingleton.self)

        #expect(R3AAsyncSingleton.inits.load(ordering: .relaxed) == 1)
        #expect(R3AAsyncSingleton.awakes.load(ordering: .relaxed) == 1)
        #expect(R3AOtherPart.inits.load(ordering: .relaxed) == 1)
        #expect(R3AOtherPart.awakes.load(ordering: .relaxed) == 1)
        #expect(singleton.first !== singleton.second)
    }
}

// MARK: - Finding 5: a task started inside an async initializer

private final class R3AConnection: Injectable, Sendable {
    static let scope: Scope = .singleton
    static let spawned = Mutex<Task<R3AUser, any Error>?>(nil)
    static let initializer = Initializer(dependencies: ObjectFactory.self) { factory async throws -> AnyObject in
        let task = Task { try await factory.getObject(R3AUser.self) }  // not awaited here
        R3AConnection.spawned.withLock { $0 = task }
        try await Task.sleep(for: .milliseconds(50))
        return R3AConnection()
    }
}

private final class R3AUser: Injectable, Sendable {
    let connection: R3AConnection
    init(connection: R3AConnection) { self.connection = connection }
    static let initializer = Initializer(dependencies: R3AConnection.self) { R3AUser(connection: $0) }
}

extension RoundThreeAsyncTests {
    @Test("a task started inside an async initializer waits for the singleton being built, not a cycle")
    func taskStartedInsideAsyncInitializer() async throws {
        let injector = Injector()

        let connection = try await injector.getObject(R3AConnection.self)
        let task = try #require(R3AConnection.spawned.withLock { $0 })
        let user = try await task.value

        #expect(user.connection === connection)
    }
}

// MARK: - Finding 4: one creation group through initializer and binding dependencies

private final class R3ABackChild: Injectable {
    static let scope: Scope = .singleton
    weak var parent: R3ABackParent?
    static var requires: Requirements { Requirements(\R3ABackChild.parent) }
    init() { usleep(300_000) }
}

private final class R3ABackParent: Injectable {
    static let scope: Scope = .singleton
    let child: R3ABackChild
    init(child: R3ABackChild) { self.child = child }
    static let initializer = Initializer(dependencies: R3ABackChild.self) { R3ABackParent(child: $0) }
}

private final class R3ABoundChild: Injectable {
    static let scope: Scope = .singleton
    weak var parent: R3ABoundParent?
    static var requires: Requirements { Requirements(\R3ABoundChild.parent) }
    init() { usleep(300_000) }
}

/// Built by a singleton binding that declares its child.
private final class R3ABoundParent {
    let child: R3ABoundChild
    init(child: R3ABoundChild) { self.child = child }
}

/// Asks for `first` on one thread and, 100 ms later, for `second` on another.
private func twoThreads(
    _ first: @escaping @Sendable () throws -> AnyObject, then second: @escaping @Sendable () throws -> AnyObject
) -> [Result<ObjectIdentifier, any Error>] {
    let results = Mutex<[Int: Result<ObjectIdentifier, any Error>]>([:])
    let group = DispatchGroup()
    for (index, request) in [first, second].enumerated() {
        group.enter()
        Thread.detachNewThread {
            if index == 1 { usleep(100_000) }
            let result = Result { ObjectIdentifier(try request()) }
            results.withLock { $0[index] = result }
            group.leave()
        }
    }
    group.wait()
    return results.withLock { table in [0, 1].map { table[$0] ?? .failure(CancellationError()) } }
}

extension RoundThreeAsyncTests {
    @Test("a singleton asked for while the singleton taking it in its initializer is asked for on another thread")
    func backReferenceAcrossThreads() throws {
        let injector = Injector()

        let results = twoThreads(
            { try injector.getObject(R3ABackChild.self) }, then: { try injector.getObject(R3ABackParent.self) })

        let child = try injector.getObject(R3ABackChild.self)
        let parent = try injector.getObject(R3ABackParent.self)
        #expect(try results[0].get() == ObjectIdentifier(child))
        #expect(try results[1].get() == ObjectIdentifier(parent))
        #expect(parent.child === child)
        #expect(child.parent === parent)
    }

    @Test("the same through a singleton binding that declares its dependencies")
    func backReferenceAcrossThreadsThroughBinding() throws {
        let injector = try Injector(modules: [
            R3ABindings { binder in
                binder.bind(R3ABoundParent.self, scope: .singleton, dependencies: R3ABoundChild.self) {
                    R3ABoundParent(child: $0)
                }
            }
        ])

        let results = twoThreads(
            { try injector.getObject(R3ABoundChild.self) }, then: { try injector.getObject(R3ABoundParent.self) })

        let child = try injector.getObject(R3ABoundChild.self)
        let parent = try injector.getObject(R3ABoundParent.self)
        #expect(try results[0].get() == ObjectIdentifier(child))
        #expect(try results[1].get() == ObjectIdentifier(parent))
        #expect(parent.child === child)
        #expect(child.parent === parent)
    }
}

// MARK: - Finding 7: back-references through bindings (Swinject's circularity tests)

private protocol R3AParentProtocol: AnyObject {}
private protocol R3AChildProtocol: AnyObject {}

private final class R3AParent: R3AParentProtocol {
    let child: any R3AChildProtocol
    init(child: any R3AChildProtocol) { self.child = child }
}

private final class R3AChild: R3AChildProtocol, Injectable {
    static let awakes = Atomic<Int>(0)
    weak var parent: (any R3AParentProtocol)?
    var parentAtAwake: (any R3AParentProtocol)?
    static var requires: Requirements { Requirements(\R3AChild.parent) }
    init() {}
    func awakeFromInjection() { parentAtAwake = parent }
}

/// How the parent's binding gets its child.
enum R3ABindingForm: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// `bind(_:scope:dependencies:)`.
    case declared
    /// A closure that calls `getObject` (Swinject's `resolve` inside `register`).
    case getObjectInside
    var testDescription: String { rawValue }
}

/// Swinject's circularity tests: the parent's scope and the child's.
private let circularityScopes: [(parent: Scope, child: Scope)] = [
    (.graph, .graph), (.singleton, .singleton), (.weak, .graph),
]

private func circularityInjector(form: R3ABindingForm, parent: Scope, child: Scope) throws -> Injector {
    try Injector(modules: [
        R3ABindings { binder in
            binder.bind((any R3AChildProtocol).self, to: R3AChild.self, scope: child)
            switch form {
            case .declared:
                binder.bind((any R3AParentProtocol).self, scope: parent, dependencies: (any R3AChildProtocol).self) {
                    R3AParent(child: $0)
                }
            case .getObjectInside:
                binder.bind((any R3AParentProtocol).self, scope: parent) { injector in
                    R3AParent(child: try injector.getObject((any R3AChildProtocol).self))
                }
            }
        }
    ])
}

extension RoundThreeAsyncTests {
    @Test(
        "a parent built by a binding that declares its child, which points back through a property, resolves (Swinject's circularity tests)",
        arguments: [0, 1, 2])
    func backReferenceThroughBinding(scopes: Int) throws {
        let (parentScope, childScope) = circularityScopes[scopes]
        let injector = try circularityInjector(form: .declared, parent: parentScope, child: childScope)

        let parent = try #require(try injector.getObject((any R3AParentProtocol).self) as? R3AParent)
        let child = try #require(parent.child as? R3AChild)

        // The weak root did not go away while the graph was resolved; the child was
        // awoken once its parent existed.
        #expect(child.parent === parent)
        #expect(child.parentAtAwake === parent)
        child.parentAtAwake = nil
    }

    @Test(
        "a parent closure that asks for its child inside is a cycle whose fix is the declared form",
        arguments: [0, 1, 2])
    func backReferenceThroughClosureIsCycle(scopes: Int) throws {
        let (parentScope, childScope) = circularityScopes[scopes]
        let injector = try circularityInjector(form: .getObjectInside, parent: parentScope, child: childScope)

        let error = try #require(throws: InjectionError.self) {
            try injector.getObject((any R3AParentProtocol).self)
        }

        #expect(error.kind == .cycle)
        #expect(
            error.description.contains(
                "To fix: the closure bound to any R3AParentProtocol asks the injector for R3AChild, which points back to any R3AParentProtocol before the closure has returned. Declare it instead, in a .singleton, .graph or .weak binding: `binder.bind(any R3AParentProtocol.self, scope: .graph, dependencies: R3AChild.self) { child in ... }`; the property pointing back is then written once the binding has run."
            ))
    }

    @Test(
        "the child asked for first gets the parent its binding builds, in either form",
        arguments: R3ABindingForm.allCases, [0, 1, 2])
    func backReferenceThroughBindingChildFirst(form: R3ABindingForm, scopes: Int) throws {
        let (parentScope, childScope) = circularityScopes[scopes]
        let injector = try circularityInjector(form: form, parent: parentScope, child: childScope)

        let child = try #require(try injector.getObject((any R3AChildProtocol).self) as? R3AChild)
        let parent = try #require(child.parentAtAwake as? R3AParent)

        #expect(parent.child === child)
        child.parentAtAwake = nil
    }
}
