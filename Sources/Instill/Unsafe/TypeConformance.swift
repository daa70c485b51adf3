// Unsafe: a metadata pointer the runtime returns, taken as a metatype. Invariant: the
// pointer is asked only for an existential type's metadata, and is used only as the
// type a Swift `is` tests against. Attacked by `TypeConformanceTests`.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a type, rather than a value of it, is what a binding's type stands for: a
/// class conforms to a protocol, or is a subclass of a class. ``Injector/validate(roots:isolation:)``
/// asks it for `bind(_:to:)`, which the compiler cannot check; a build checks the
/// object it made instead (`object is Bound`).
///
/// A protocol's conformance costs the runtime a scan of the program's conformance
/// records per (class, protocol) pair the first time it is asked (the runtime caches
/// the answer, for this check and a build's alike), so only `validate()` asks.
///
/// ## The invariant it relies on
/// Swift spells no metatype of "any type conforming to `P`" from a generic `Bound`
/// that is `any P` (`Bound.Type` is the protocol's own metatype, which only
/// `(any P).self` is). The runtime makes that metatype (`any P.Type`) with
/// `swift_getExistentialMetatypeMetadata`, part of its stable ABI, the function the
/// compiler calls for `C.self is any P.Type`; it is asked only for a type whose
/// metadata kind is existential (0x303, ``TypeMetadata``), and what it returns is a
/// metadata pointer, which is what a metatype value is. It is then used only as the
/// type an `is` tests against, which is the same conformance check as the compiler's.
/// The entry point is found with `dlopen(nil)` and `dlsym`; where it cannot be found,
/// the answer is `nil` (not known), and `validate()` reports nothing.
enum TypeConformance {
    private typealias ExistentialMetatype = @convention(c) (UnsafeRawPointer) -> UnsafeRawPointer

    private static let existentialMetatype: ExistentialMetatype? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_getExistentialMetatypeMetadata")
        else { return nil }
        return unsafeBitCast(symbol, to: ExistentialMetatype.self)
    }()

    /// Whether an instance of the class `implementation` is a `bound`: `bound` is a
    /// protocol (or a composition) it conforms to, or a class it is or inherits from.
    /// `nil` when that cannot be told from the types: `bound` is neither, or the
    /// runtime's entry point is missing.
    static func isInstance(of implementation: Any.Type, a bound: Any.Type) -> Bool? {
        if bound is AnyClass {
            func isSubclass<Bound>(_: Bound.Type) -> Bool { implementation is Bound.Type }
            return isSubclass(bound)
        }
        guard isExistential(bound), let existentialMetatype else { return nil }
        let metadata = existentialMetatype(unsafeBitCast(bound, to: UnsafeRawPointer.self))
        let metatype = unsafeBitCast(metadata, to: Any.Type.self)
        func conforms<Metatype>(_: Metatype.Type) -> Bool { implementation is Metatype }
        return conforms(metatype)
    }
}
