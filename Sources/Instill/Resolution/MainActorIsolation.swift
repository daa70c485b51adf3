/// Runs main-actor code from the injector's nonisolated engine, only where it is
/// proven to be on the main actor.
///
/// Invariant: ``ResolutionContext/isOnMainActor`` is `true` on a thread only while
/// a request runs that was made from main-actor code (its caller's `#isolation` was
/// the main actor, or it is a `@MainActor` entry point), or a request nested
/// synchronously inside one. Synchronous code does not change threads or actors, so
/// for that time the thread runs on the main actor, and `MainActor.assumeIsolated`
/// holds. Everything the engine calls on a ``MainActorInjectable`` type goes through
/// ``run(_:_:)``, which throws instead of trapping when the proof is missing.
@usableFromInline
enum MainActorIsolation {
    /// Runs `body` on the main actor, for an object of `type`; throws
    /// ``InjectionError/Kind-swift.struct/mainActorRequired`` when this thread's
    /// requests are not proven to run on the main actor.
    @usableFromInline
    static func run<Result: Sendable>(_ type: Any.Type, _ body: @MainActor () throws -> Result) throws -> Result {
        guard isProven else { throw InjectionError.mainActorRequired(typeName(type)) }
        return try MainActor.assumeIsolated(body)
    }

    /// The dependency buffer of a build, read by the main-actor part of the same
    /// build: ``run(_:_:)`` runs that part synchronously, on the thread that owns the
    /// buffer, while the build waits for it.
    @usableFromInline
    struct Buffer: @unchecked Sendable {
        @usableFromInline let base: UnsafeMutableRawPointer

        @usableFromInline
        init(_ base: UnsafeMutableRawPointer) { self.base = base }
    }

    /// Whether this thread's requests are proven to run on the main actor.
    static var isProven: Bool {
        ThreadContext.unmanagedCurrent._withUnsafeGuaranteedRef { $0.isOnMainActor }
    }

    /// Whether `isolation`, a caller's `#isolation`, is the main actor.
    @inline(__always)
    static func isMainActor(_ isolation: (any Actor)?) -> Bool {
        guard let isolation else { return false }
        return ObjectIdentifier(isolation) == mainActor
    }

    /// The main actor's identity, read once (`MainActor.shared` costs a call each time).
    private static let mainActor = ObjectIdentifier(MainActor.shared)
}
