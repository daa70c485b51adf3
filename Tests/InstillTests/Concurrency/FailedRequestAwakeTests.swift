import Instill
import Testing

// MARK: - Fixtures

private struct Broken: Error {}

/// Counts its awakes; each specification uses classes of its own, so that tests run
/// in parallel count apart.
private final class SyncLamp: Injectable {
    nonisolated(unsafe) static var awakes = 0
    init() {}
    func awakeFromInjection() { Self.awakes += 1 }
}

private final class SyncBad: Injectable, Sendable {
    static let initializer = Initializer(factory: { () throws -> AnyObject in throw Broken() })
}

private final class SyncHolder: Injectable {
    var lamp: SyncLamp!
    var bad: SyncBad!
    static var requires: Requirements { fills(SyncLamp.self) { $0.lamp = $1 } + fills(SyncBad.self) { $0.bad = $1 } }
    init() {}
}

private final class AsyncLamp: Injectable {
    nonisolated(unsafe) static var awakes = 0
    init() {}
    func awakeFromInjection() { Self.awakes += 1 }
}

private final class AsyncBad: Injectable, Sendable {
    static let initializer = Initializer(factory: { () async throws -> AnyObject in throw Broken() })
}

private final class AsyncHolder: Injectable {
    var lamp: AsyncLamp!
    var bad: AsyncBad!
    static var requires: Requirements {
        fills(AsyncLamp.self) { $0.lamp = $1 } + fills(AsyncBad.self) { $0.bad = $1 }
    }
    init() {}
}

private final class KeyPathLamp: Injectable {
    nonisolated(unsafe) static var awakes = 0
    init() {}
    func awakeFromInjection() { Self.awakes += 1 }
}

private final class KeyPathBad: Injectable, Sendable {
    static let initializer = Initializer(factory: { () async throws -> AnyObject in throw Broken() })
}

private final class KeyPathHolder: Injectable {
    var lamp: KeyPathLamp!
    var bad: KeyPathBad!
    static var requires: Requirements { Requirements(\KeyPathHolder.lamp, \.bad) }
    init() {}
}

// MARK: - Specifications

/// The rule (Concurrency, "Async initializers"): an object is awoken once its own
/// requirements are filled; when a later part of its request fails, the objects
/// already awake are dropped, never awoken again and never cached — in a synchronous
/// request and in an awaited one alike.
@Suite("An object awoken before its request fails", .serialized)
struct FailedRequestAwakeTests {
    @Test("a synchronous request: the lamp filled before the failing sibling is awoken once, then dropped")
    func synchronousRequest() throws {
        let injector = Injector()
        SyncLamp.awakes = 0
        #expect(throws: InjectionError.self) { try injector.getObject(SyncHolder.self) }
        #expect(SyncLamp.awakes == 1)
        #expect(throws: InjectionError.self) { try injector.getObject(SyncHolder.self) }
        #expect(SyncLamp.awakes == 2)
    }

    @Test("an awaited request with an async step that throws: the same, once per request")
    func awaitedRequest() async throws {
        let injector = Injector()
        AsyncLamp.awakes = 0
        await #expect(throws: InjectionError.self) { try await injector.getObject(AsyncHolder.self) }
        #expect(AsyncLamp.awakes == 1)
        await #expect(throws: InjectionError.self) { try await injector.getObject(AsyncHolder.self) }
        #expect(AsyncLamp.awakes == 2)
    }

    @Test("an awaited request whose requirements are key paths: the same")
    func awaitedRequestWithKeyPaths() async throws {
        let injector = Injector()
        KeyPathLamp.awakes = 0
        await #expect(throws: InjectionError.self) { try await injector.getObject(KeyPathHolder.self) }
        #expect(KeyPathLamp.awakes == 1)
    }
}
