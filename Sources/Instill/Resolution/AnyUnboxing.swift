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
/// casts (`as?`, `as AnyObject`) instead of bit-casting.
///
/// Invariant: each function bit-casts only after checking that the opened `V` itself
/// is the target type (``unbox(_:as:)``) or a class type (``object(_:)``), whose
/// values are exactly one strong reference. The check is on `V`, not on
/// `type(of: value)`: the dynamic type looks through an existential stored in the
/// `Any` (an `any GearBox` holding a `SixSpeed` says `SixSpeed`), while `V` is that
/// existential, with its own size and layout.
enum AnyUnboxing {
    /// Thrown by ``unbox(_:as:)`` when `value` is not stored as exactly `T`.
    struct NotStoredAsType: Error {}

    /// `value` as `T`, when the type it is stored as is exactly `T`; otherwise it
    /// throws ``NotStoredAsType`` (an empty error, thrown without allocating).
    ///
    /// It throws rather than return `T?`: in generic code that is not specialized
    /// (every request through `getObject`'s cold path), an optional of `T` is built
    /// with `Optional<T>`'s metadata, which the runtime looks up on every call (about
    /// 300 instructions).
    @inline(__always)
    static func unbox<T>(_ value: Any, as _: T.Type) throws(NotStoredAsType) -> T {
        func open<V>(_ opened: V) throws(NotStoredAsType) -> T {
            guard V.self == T.self else { throw NotStoredAsType() }
            #if INSTILL_REFERENCE_ONLY
                switch opened {
                case let typed as T: return typed
                default: throw NotStoredAsType()
                }
            #else
                return unsafeBitCast(opened, to: T.self)
            #endif
        }
        return try open(value)
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
