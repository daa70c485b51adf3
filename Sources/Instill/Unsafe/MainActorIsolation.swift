// Unsafe: main-actor closures called from the nonisolated engine. Invariant: isolation is
// cast away only under the main-actor proof, which comes from the compiler (`#isolation`,
// `@MainActor` entry points). Attacked by `IsolationProofTests`, `IsolationCheckTests`
// and `MainActorInjectionTests`.

/// Runs main-actor code from the injector's nonisolated engine, only where it is
/// proven to be on the main actor.
///
/// Invariant: ``ResolutionContext/isOnMainActor`` is `true` on a thread only while
/// a request runs that was made from main-actor code (its caller's `#isolation` was
/// the main actor, or it is a `@MainActor` entry point), or a request nested
/// synchronously inside one. Synchronous code does not change threads or actors, so
/// for that time the thread runs on the main actor, and `MainActor.assumeIsolated`
/// would hold. Every main-actor closure the engine keeps is called only after
/// ``check(_:)`` passes, which throws instead of trapping when the proof is missing.
///
/// The proof stands in for `MainActor.assumeIsolated`'s run-time executor check
/// (hundreds of instructions per call); debug builds make that check too, so the
/// test suites hold the proof to it.
///
/// The reference engine (`-D INSTILL_REFERENCE_ONLY`) does not rest on the proof
/// alone: there, every closure whose isolation is dropped checks the executor itself
/// before it runs, as `MainActor.assumeIsolated` does (`MainActor.preconditionIsolated`,
/// in release builds too). Were the proof ever wrong, the reference engine would stop
/// with that check's message instead of running main-actor code off the main actor.
@usableFromInline
enum MainActorIsolation {
    /// Throws ``InjectionError/Kind-swift.struct/mainActorRequired`` for an object of
    /// `type` unless this thread's requests are proven to run on the main actor.
    @inlinable
    @inline(__always)
    static func check(_ type: Any.Type) throws {
        guard isProven else { throw notProven(type) }
        #if DEBUG
            MainActor.assertIsolated("Instill's main-actor proof does not hold")
        #endif
    }

    /// ``check(_:)`` for a main-actor initializer's closure, which does not know the
    /// type it builds (the resolver, which does, checks first).
    @usableFromInline
    static func checkInitializer() throws {
        guard isProven else { throw InjectionError.mainActorRequired("a main-actor initializer") }
        #if DEBUG
            MainActor.assertIsolated("Instill's main-actor proof does not hold")
        #endif
    }

    /// Runs `body` on the main actor, for an object of `type`, after ``check(_:)``.
    static func run<Result: Sendable>(_ type: Any.Type, _ body: @MainActor () throws -> Result) throws -> Result {
        try check(type)
        #if INSTILL_REFERENCE_ONLY
            return try MainActor.assumeIsolated(body)
        #else
            return try withoutActuallyEscaping(body) { body in
                try unsafeBitCast(body, to: (() throws -> Result).self)()
            }
        #endif
    }

    /// `body` without its main-actor isolation, made once and kept: call it only after
    /// ``check(_:)``. A synchronous main-actor function has the same calling
    /// convention as a nonisolated one; isolation is a compile-time property of its
    /// type, so only the type changes.
    @inlinable
    static func unisolated<Argument, Result>(
        _ body: @escaping @MainActor @Sendable (Argument) throws -> Result
    ) -> @Sendable (Argument) throws -> Result {
        let unisolated = unsafeBitCast(body, to: (@Sendable (Argument) throws -> Result).self)
        #if INSTILL_REFERENCE_ONLY
            return { argument in
                assumeMainActor()
                return try unisolated(argument)
            }
        #else
            return unisolated
        #endif
    }

    /// ``unisolated(_:)`` for an initializer's closure: not generic, so the closure
    /// it returns is called without reabstraction thunks.
    @inlinable
    static func unisolatedBuild(
        _ body: @escaping @MainActor @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject
    ) -> @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject {
        let unisolated = unsafeBitCast(
            body, to: (@Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject).self)
        #if INSTILL_REFERENCE_ONLY
            return { base, arguments in
                assumeMainActor()
                return try unisolated(base, arguments)
            }
        #else
            return unisolated
        #endif
    }

    /// ``unisolated(_:)`` for an awake: not generic, so calling it needs no
    /// reabstraction.
    static func unisolatedAwake(
        _ body: @escaping @MainActor @Sendable (AnyObject) -> Void
    ) -> @Sendable (AnyObject) -> Void {
        let unisolated = unsafeBitCast(body, to: (@Sendable (AnyObject) -> Void).self)
        #if INSTILL_REFERENCE_ONLY
            return { object in
                assumeMainActor()
                unisolated(object)
            }
        #else
            return unisolated
        #endif
    }

    /// The reference engine's executor check before a closure whose isolation was
    /// dropped runs: what `MainActor.assumeIsolated` checks before it runs its body.
    @usableFromInline
    static func assumeMainActor() {
        MainActor.preconditionIsolated("Instill's main-actor proof does not hold")
    }

    /// A main-actor closure entry's `assign` (see `MainActorInjectable.fills`) without
    /// its isolation, as ``unisolated(_:)`` does. The engine calls it only where it
    /// writes a main-actor object's requirements, which is where the proof holds (the
    /// invariant `MainActorKeyPath` states for key paths); debug builds and the
    /// reference engine check it.
    static func unisolatedAssign<Root, Value>(
        _ assign: @escaping @MainActor @Sendable (Root, Value) -> Void
    ) -> @Sendable (Root, Value) -> Void {
        let unisolated = unsafeBitCast(assign, to: (@Sendable (Root, Value) -> Void).self)
        #if INSTILL_REFERENCE_ONLY
            return { root, value in
                assumeMainActor()
                unisolated(root, value)
            }
        #elseif DEBUG
            return { root, value in
                MainActor.assertIsolated("Instill's main-actor proof does not hold")
                unisolated(root, value)
            }
        #else
            return unisolated
        #endif
    }

    /// The error for a main-actor `type` reached where the main actor is not proven.
    @usableFromInline
    static func notProven(_ type: Any.Type) -> InjectionError {
        InjectionError.mainActorRequired(typeName(type))
    }

    /// Whether this thread's requests are proven to run on the main actor.
    @usableFromInline
    static var isProven: Bool {
        ThreadContext.withCurrent { $0.isOnMainActor }
    }

    /// Whether `isolation`, a caller's `#isolation`, is the main actor. Pass only an
    /// `isolated` parameter: the compiler has checked that the caller runs on it.
    @inline(__always)
    static func isMainActor(_ isolation: (any Actor)?) -> Bool {
        guard let isolation else { return false }
        return ObjectIdentifier(isolation) == mainActor
    }

    /// The main actor's identity, read once (`MainActor.shared` costs a call each time).
    private static let mainActor = ObjectIdentifier(MainActor.shared)
}

/// Key paths to properties of ``MainActorInjectable`` types, kept where the engine
/// keeps every requirement.
///
/// Swift does not make a key path to a main-actor property `Sendable`: using it
/// reads or writes main-actor state. A key path object itself is immutable, and
/// `Sendable` is a marker with no run-time representation, so the same reference
/// can be stored as `& Sendable`.
///
/// Invariant: the engine reads or writes through such a key path only while it
/// builds or fills an object of a main-actor type, which happens only where
/// ``MainActorIsolation`` proves the main actor; elsewhere it only compares and
/// describes the key path.
enum MainActorKeyPath {
    /// `keyPath`, typed as `Sendable` for storage in a ``Requirement``.
    @MainActor
    static func sendable<Root: MainActorInjectable, Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> ReferenceWritableKeyPath<Root, Value> & Sendable {
        unsafeBitCast(keyPath, to: (ReferenceWritableKeyPath<Root, Value> & Sendable).self)
    }
}
