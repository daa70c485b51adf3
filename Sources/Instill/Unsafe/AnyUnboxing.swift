/// Takes values out of `Any` without the runtime's dynamic cast, where the value's
/// dynamic type is already known to be the wanted one.
///
/// `value as AnyObject` and `value as? T` go through `swift_dynamicCast`, which for a
/// boxed class reference or a struct walks the conformance tables (hundreds of
/// instructions, on the cold path of every request that builds a `.graph` object).
/// Opening the existential gives a generic `V` that *is* the dynamic type, so a bit
/// cast from `V` is an identity when `V` is the wanted type.
///
/// A reference-only build (`-D INSTILL_REFERENCE_ONLY`) makes the same checks and then
/// casts (a `case let … as T` pattern, `as AnyObject`) instead of bit-casting.
///
/// Invariant: each function bit-casts only after checking that the opened `V` itself
/// is the target type (``unbox(_:as:otherwise:)``, ``unbox(_:as:into:)``) or a class
/// type (``object(_:)``), whose values are exactly one strong reference. The check is on `V`, not on
/// `type(of: value)`: the dynamic type looks through an existential stored in the
/// `Any` (an `any GearBox` holding a `SixSpeed` says `SixSpeed`), while `V` is that
/// existential, with its own size and layout.
enum AnyUnboxing {
    /// `value` as `T`, when the type it is stored as is exactly `T`; otherwise what
    /// `otherwise` makes of it.
    ///
    /// No `Optional<T>` in sight: generic code that is not specialized (a request's
    /// cold path) would look up `Optional<T>`'s metadata on every call to hold one.
    @inline(__always)
    static func unbox<T>(_ value: Any, as _: T.Type, otherwise: (Any) throws -> T) rethrows -> T {
        #if INSTILL_REFERENCE_ONLY
            func open<V>(_ opened: V) throws -> T {
                guard V.self == T.self else { return try otherwise(value) }
                switch opened {
                case let typed as T: return typed
                default: return try otherwise(value)
                }
            }
        #else
            func open<V>(_ opened: V) throws -> T {
                V.self == T.self ? unsafeBitCast(opened, to: T.self) : try otherwise(value)
            }
        #endif
        return try open(value)
    }

    /// Initializes the `T` at `address` with `value`, when the type it is stored as is
    /// exactly `T`; `false`, leaving `address` uninitialized, otherwise.
    ///
    /// Like ``unbox(_:as:otherwise:)``, it needs no `Optional<T>` metadata.
    @inline(__always)
    static func unbox<T>(_ value: Any, as _: T.Type, into address: UnsafeMutableRawPointer) -> Bool {
        #if INSTILL_REFERENCE_ONLY
            func open<V>(_ opened: V) -> Bool {
                guard V.self == T.self else { return false }
                switch opened {
                case let typed as T:
                    address.initializeMemory(as: T.self, to: typed)
                    return true
                default:
                    return false
                }
            }
        #else
            func open<V>(_ opened: V) -> Bool {
                guard V.self == T.self else { return false }
                address.initializeMemory(as: T.self, to: unsafeBitCast(opened, to: T.self))
                return true
            }
        #endif
        return open(value)
    }

    /// The object in `value`, when its dynamic type is a class (stored as the class or
    /// as an existential that holds it); otherwise `nil`.
    ///
    /// `value as AnyObject` on an `Any` that stores a class type asks the runtime
    /// whether the class is `_ObjectiveCBridgeable` (a conformance search, whose cost
    /// grows with the program, the first time for each class): a class value is taken
    /// out with ``object(_:)``. An existential that holds an object is unwrapped by the
    /// coercion, which asks nothing.
    static func reference(_ value: Any) -> AnyObject? {
        guard Swift.type(of: value) is AnyClass else { return nil }
        return anyObject(value)
    }

    /// `value as AnyObject`, without the conformance search when `value` stores a
    /// class type (see ``reference(_:)``).
    @inline(__always)
    static func anyObject(_ value: Any) -> AnyObject {
        object(value) ?? (value as AnyObject)
    }

    /// The object in `value`, when it is stored as a class type (not an existential);
    /// otherwise `nil`.
    @inline(__always)
    static func object(_ value: Any) -> AnyObject? {
        #if INSTILL_REFERENCE_ONLY
            func open<V>(_ opened: V) -> AnyObject? { V.self is AnyClass ? opened as AnyObject : nil }
        #else
            func open<V>(_ opened: V) -> AnyObject? {
                V.self is AnyClass ? unsafeBitCast(opened, to: AnyObject.self) : nil
            }
        #endif
        return open(value)
    }
}
