// Unsafe: downcasts without the runtime's check. Invariant: the object is an instance of
// the target class, fixed when the object or the step that hands it over was made, or
// compared first; debug builds check every call. Attacked by `ReferencePlanTests`,
// `InheritanceTests`, `FillGroupCompositionTests` and `DifferentialEngineTests`.

/// Casts of objects whose class the engine knows without asking the runtime.
///
/// ## The invariants they rely on
/// - ``exactly(_:as:)`` relies on nothing but its own check: it compares the object's
///   class with `T` first, and an instance of exactly `T`'s class *is* a `T`.
/// - ``known(_:as:)-(_,T.Type)`` relies on the caller: `object` is an instance of `T`
///   (or of a subclass), fixed when the object or the step that hands it over was made.
///   Its callers, each with its proof:
///   - the warm paths (`Resolver.swift`, ``Injector/getObject(_:)``): a published
///     singleton whose class was compared with the requested type, or the object of a
///     plan whose `type` equals it, which ``BuildPlan`` returns only after comparing
///     the object's class with its type or checking it with the metadata's `is T`;
///   - awakes and `fills` closures (`InjectableMetadata`, `Injectable+Fills.swift`):
///     made for `T` and called only on an object of `T`'s recipe, built and checked
///     as above, or filled by `injectDependencies(into:)`, whose object is typed;
///   - a `fills` of several classes (``FillGroup``): every value handed over was
///     compared with its member's class first (``FillGroup/assign``);
///   - a plan's step payloads (``BuildPlan``): the class of a step's payload is fixed
///     by its kind when the plan is compiled.
///
///   Debug builds check `object is T` at each call, so the whole suite, run in debug,
///   tries the invariant at every call site; `DifferentialEngineTests` and
///   `ReferencePlanTests` compare the builds that use it with the reference engine's
///   `as?` casts, and `InheritanceTests` and `InitializerLeafTests` hand over
///   subclasses.
@usableFromInline
enum Downcast {
    /// `object` as a `T` if its class is exactly `T`; `nil` otherwise.
    @inlinable @inline(__always)
    static func exactly<T: AnyObject>(_ object: AnyObject, as _: T.Type) -> T? {
        Swift.type(of: object) == T.self ? unsafeDowncast(object, to: T.self) : nil
    }

    /// `object`, an instance of `T` (see the invariant above), as a `T`.
    @inlinable @inline(__always)
    static func known<T: AnyObject>(_ object: AnyObject, as _: T.Type) -> T {
        unsafeDowncast(object, to: T.self)
    }

    /// `object`, an instance of the class `T` (see the invariant above), as a `T`,
    /// where `T` is not constrained to be a class.
    @inlinable @inline(__always)
    static func known<T>(_ object: AnyObject, as _: T.Type) -> T {
        #if DEBUG
            assert(object is T, "Instill: \(Swift.type(of: object)) is not a \(T.self)")
        #endif
        return unsafeBitCast(object, to: T.self)
    }
}

/// The values of a `fills` of several classes, handed to the declaration's closure
/// (``FillGroup/assign``, ``FillGroup/build``), which moves each out as its member's
/// class.
///
/// ## The invariant it relies on
/// Below the count the closure is given (`made`), position `index` holds one
/// initialized instance of member `index`'s class or of a subclass: the resolver
/// compared each value's class with its member's before storing it
/// (`Resolver.fillGroup`), and a plan stores only values of the classes its steps
/// were compiled for (`BuildPlan.buildMembers`). The closure moves every one out
/// exactly once (``take(_:as:)``), before it calls any `init()`, so a throw leaves
/// nothing to release; when building a value fails, the values stored so far are
/// deinitialized and the closure is not called. `FillGroupCompositionTests` builds
/// groups through the resolver and plans, with subclass values, members that fail,
/// and requests made from members' initializers; `MemoryTests` checks that nothing
/// leaks.
@usableFromInline
struct FillGroupValues {
    @usableFromInline let base: UnsafeMutablePointer<AnyObject>

    @inline(__always)
    private init(base: UnsafeMutablePointer<AnyObject>) { self.base = base }

    /// Runs `body` with room for `count` values on the stack.
    @inline(__always)
    static func withTemporary<Result, Failure: Error>(
        count: Int, _ body: (FillGroupValues) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeTemporaryAllocation(of: AnyObject.self, capacity: count) { buffer throws(Failure) -> Result in
            try body(FillGroupValues(base: buffer.baseAddress.unsafelyUnwrapped))
        }
    }

    /// Stores `value`, an instance of member `index`'s class, at `index`.
    @inline(__always)
    func initialize(_ index: Int, to value: AnyObject) { (base + index).initialize(to: value) }

    /// Deinitializes the first `count` values, when the closure is not called.
    @inline(__always)
    func deinitialize(count: Int) { base.deinitialize(count: count) }

    /// The value at `index`, moved out, as its member's class.
    @inlinable @inline(__always)
    func take<Member: AnyObject>(_ index: Int, as _: Member.Type) -> Member {
        Downcast.known((base + index).move(), as: Member.self)
    }
}

/// A count a closure advances where the engine reads it while the closure runs: how
/// many members of a group (or dependencies of an initializer) it has made, so that a
/// request made from their `init()` sees which one is being made.
///
/// ## The invariant it relies on
/// The count lives in storage that outlives every call it is handed to: a plan's
/// entry in the thread's ``PlanFrames`` (whose buffer is never reallocated, so the
/// entry stays where it is while its plan runs), or a local of the resolver's frame
/// that calls the closure (``withLocal(_:)``). Only the thread running the closure
/// reads or writes it. `PlanFrameTests` and `FillGroupCompositionTests` make requests
/// from members' initializers and check the chains they report.
@usableFromInline
struct MemberCounter {
    @usableFromInline let pointer: UnsafeMutablePointer<Int>

    /// A counter at `pointer`, which a ``PlanFrames`` entry holds.
    @inline(__always)
    init(pointer: UnsafeMutablePointer<Int>) { self.pointer = pointer }

    /// The count, read and written in place.
    @inlinable
    var value: Int {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }

    /// Runs `body` with a counter in a local, from 0.
    @inline(__always)
    static func withLocal<Result>(_ body: (MemberCounter) throws -> Result) rethrows -> Result {
        var count = 0
        return try withUnsafeMutablePointer(to: &count) { try body(MemberCounter(pointer: $0)) }
    }
}
