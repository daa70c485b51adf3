// Unsafe: the words of existentials and values taken out of `Any`. Invariants: only the
// words a cast defines are read (the runtime's own cast writes them); a bit cast out of
// `Any` happens only after the opened type is compared with the target. Attacked by
// `ValueUnboxingTests`, `ReferencePlanTests`, `DifferentialEngineTests` and the valgrind
// run of `WriterProbe`.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The words of an existential (`any P`, `Any`, `AnyObject`, or an optional of one)
/// holding a given object, as the runtime lays them out, without reading a word the
/// value leaves undefined.
///
/// ## The invariant it relies on
/// A Swift cast converts a value in one place and copies it in another, and a copy
/// of an `Any` holding a reference carries the two unused words of its inline
/// buffer along, whatever they held: reading them is reading uninitialised memory.
/// So the conversion is made here by the runtime's own cast entry point
/// (`swift_dynamicCast`, part of the runtime's stable ABI, the function compiled
/// `as?` calls), from a variable holding only the reference straight into
/// destination memory this type initialised: once over zeros and once over ones.
/// The cast writes exactly the words the representation defines; a word that comes
/// out the same in both copies was written by it, and a word that differs was not
/// (it is reported as `nil`). Nothing else is read, and both copies are destroyed
/// as values of the type before the memory is returned.
///
/// The entry point is found with `dlopen(nil)` and `dlsym`, which POSIX defines and
/// Darwin, Glibc and Musl all provide; the runtime exports the symbol on every
/// platform. Where it cannot be found, or where ``LayoutReading`` is off, every answer
/// is `nil` and writes go through key paths.
enum ExistentialWords {
    private typealias DynamicCast =
        @convention(c) (
            UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeRawPointer, UInt
        ) -> Bool

    private static let dynamicCast: DynamicCast? = {
        // A reference-only build looks nothing up: every answer is `nil`.
        guard !Accelerators.isReferenceOnlyBuild else { return nil }
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_dynamicCast") else { return nil }
        return unsafeBitCast(symbol, to: DynamicCast.self)
    }()

    /// The words of `object` converted to `Value`, `nil` for each word the
    /// conversion leaves undefined; `nil` when `object` is not a `Value`.
    static func of<Value>(_ object: AnyObject, as _: Value.Type) -> [UInt?]? {
        var source: AnyObject = object
        return withUnsafeMutablePointer(to: &source) { words(casting: $0, from: AnyObject.self, to: Value.self) }
    }

    /// The words of `nil` of the optional type `Value`, `nil` for each word `nil`
    /// leaves undefined (made by casting an empty `AnyObject?`); `nil` when `Value`
    /// is not optional.
    static func ofNone<Value>(as _: Value.Type) -> [UInt?]? {
        guard Value.self is any OptionalMarker.Type else { return nil }
        var source: AnyObject? = nil
        return withUnsafeMutablePointer(to: &source) { words(casting: $0, from: AnyObject?.self, to: Value.self) }
    }

    private static func words<Source, Value>(
        casting source: UnsafeMutablePointer<Source>, from _: Source.Type, to _: Value.Type
    ) -> [UInt?]? {
        guard LayoutReading.isEnabled, let dynamicCast else { return nil }
        let wordSize = MemoryLayout<UInt>.size
        let count = MemoryLayout<Value>.size / wordSize
        guard count > 0, MemoryLayout<Value>.alignment == wordSize else { return nil }
        let sourceType = unsafeBitCast(Source.self as Any.Type, to: UnsafeRawPointer.self)
        let targetType = unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
        return withUnsafeTemporaryAllocation(byteCount: 2 * count * wordSize, alignment: wordSize) { buffer in
            guard let zeros = buffer.baseAddress else { return nil }
            let ones = zeros + count * wordSize
            zeros.initializeMemory(as: UInt.self, repeating: 0, count: count)
            ones.initializeMemory(as: UInt.self, repeating: ~0, count: count)
            // Flags 0: copy (the source keeps its value); on failure nothing is written.
            guard dynamicCast(zeros, source, sourceType, targetType, 0) else { return nil }
            guard dynamicCast(ones, source, sourceType, targetType, 0) else {
                zeros.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
                return nil
            }
            let words = (0..<count).map { index -> UInt? in
                let zero = zeros.load(fromByteOffset: index * wordSize, as: UInt.self)
                let one = ones.load(fromByteOffset: index * wordSize, as: UInt.self)
                return zero == one ? zero : nil
            }
            zeros.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
            ones.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
            return words
        }
    }
}

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
    ///
    /// An `Any` that stores a class-bound existential (a closure binding of
    /// `any ImageLoading` returns one) would bridge too: the object is read from the
    /// existential's first word instead (``classExistentialObject(_:)``).
    static func reference(_ value: Any) -> AnyObject? {
        guard Swift.type(of: value) is AnyClass else { return nil }
        return object(value) ?? classExistentialObject(value) ?? (value as AnyObject)
    }

    /// The object in `value` when it is stored as a class-bound existential (a
    /// protocol or composition constrained to classes, `AnyObject`); `nil` otherwise,
    /// and always in a reference-only build.
    ///
    /// Invariant: a class-bound existential is laid out as the object's reference
    /// followed by witness tables (Swift ABI, every platform); its metadata is of kind
    /// 0x303 and the flags word after the kind has the class-constraint bit
    /// (`0x8000_0000`) clear. Only such a value's first word is read, as a strong
    /// reference (the load retains it). `SoundnessTests` reads objects stored as
    /// class-bound, composed, `AnyObject`, unconstrained and `Error` existentials.
    @inline(__always)
    static func classExistentialObject(_ value: Any) -> AnyObject? {
        #if INSTILL_REFERENCE_ONLY
            return nil
        #else
            func open<V>(_ opened: V) -> AnyObject? {
                guard isClassBoundExistential(V.self) else { return nil }
                return withUnsafeBytes(of: opened) { $0.load(as: AnyObject.self) }
            }
            return open(value)
        #endif
    }

    /// Whether `type` is a class-bound existential (see ``classExistentialObject(_:)``).
    static func isClassBoundExistential(_ type: Any.Type) -> Bool {
        guard TypeMetadata.kind(of: type) == 0x303 else { return false }
        let flags = UnsafeRawPointer(unsafeBitCast(type, to: UnsafePointer<Int>.self))
            .load(fromByteOffset: MemoryLayout<Int>.size, as: UInt32.self)
        return flags & 0x8000_0000 == 0
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
