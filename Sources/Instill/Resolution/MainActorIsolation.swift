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
    ///
    /// The proof stands in for `MainActor.assumeIsolated`'s run-time executor check
    /// (hundreds of instructions per call); debug builds make that check too, so the
    /// test suites hold the proof to it.
    @inlinable
    @inline(__always)
    static func run<Result: Sendable>(_ type: Any.Type, _ body: @MainActor () throws -> Result) throws -> Result {
        try run(type, with: (), { _ in try body() })
    }

    /// ``run(_:_:)`` for a `body` that takes what it works on as `argument` rather
    /// than capturing it: a closure that captures nothing is called without
    /// allocating its context.
    @inlinable
    @inline(__always)
    static func run<Argument, Result: Sendable>(
        _ type: Any.Type, with argument: Argument, _ body: @MainActor (Argument) throws -> Result
    ) throws -> Result {
        guard isProven else { throw notProven(type) }
        #if DEBUG
            MainActor.assertIsolated("Instill's main-actor proof does not hold")
        #endif
        // A synchronous main-actor function has the same calling convention as a
        // nonisolated one; isolation is a compile-time property of its type.
        return try withoutActuallyEscaping(body) { body in
            try unsafeBitCast(body, to: ((Argument) throws -> Result).self)(argument)
        }
    }

    /// The error for a main-actor `type` reached where the main actor is not proven.
    @usableFromInline
    static func notProven(_ type: Any.Type) -> InjectionError {
        InjectionError.mainActorRequired(typeName(type))
    }

    /// Whether this thread's requests are proven to run on the main actor.
    @usableFromInline
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
