// Compiled by CI with Xcode 26's defaults for app targets
// (-default-isolation MainActor, NonisolatedNonsendingByDefault,
// InferIsolatedConformances). A protocol declared in such a target is main-actor, so
// a service that implements it becomes main-actor too, and its `Injectable`
// conformance (which the injector uses on any thread) crosses into main-actor code:
// the compiler refuses it where the class conforms. The fix, which Getting Started
// gives as the one rule for these targets, is `nonisolated protocol Transport`.
import Instill

protocol Transport: Sendable {
    func get(_ path: String) async throws -> [String]
}

final class LiveTransport: Transport, Injectable {
    init() {}
    func get(_ path: String) async throws -> [String] { [] }
}
