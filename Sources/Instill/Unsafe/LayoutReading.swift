// Unsafe: runtime words read as data, and a metatype the runtime makes. Invariant: a
// layout is read only where it is proven (64-bit, no pointer authentication), and a
// metadata kind word is an ABI integer on every platform; the runtime's existential
// metatype is asked only for an existential type and used only as the type an `is`
// tests against. Attacked by `UnknownLayoutTests`, `PlatformIndependenceTests`,
// `TypeMetadataTests` and `TypeConformanceTests`.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this build reads the runtime's own words as data: a key path object's
/// buffer (``KeyPathLayout``), the words a cast writes into an existential
/// (`ExistentialWords`), a struct metadata's type descriptor (``TypeKind/isHandle(_:)``).
///
/// Those readers rely on a layout proven on 64-bit platforms without pointer
/// authentication. Where that cannot be verified they are off, and the injector takes
/// the paths that read nothing (writes through key paths, casts, conformance checks):
///
/// - 32-bit pointers (`arm64_32`, the Apple Watch): a key path's buffer is laid out
///   with 4-byte words, which no test here reads.
/// - Pointer authentication (`arm64e`): some of those words are signed, and a signed
///   word read as data compares unequal to its twin stored at another address.
/// - `-D INSTILL_UNKNOWN_LAYOUT`: the same answers on any platform, so CI on Linux
///   runs the code those platforms run.
///
/// This is the only place the condition is written. The metadata *kind* word
/// (``TypeKind``) is still read everywhere: it is a pointer-sized integer, never a
/// signed pointer, with values fixed by the Swift ABI on every platform.
enum LayoutReading {
    #if INSTILL_UNKNOWN_LAYOUT || _pointerBitWidth(_32) || _ptrauth(_arm64e)
        /// `false`: this build reads no runtime word as data (see the type's discussion).
        static let isEnabled = false
    #else
        /// `true`: 64-bit, no pointer authentication, and not forced off.
        static let isEnabled = MemoryLayout<Int>.size == 8
    #endif
}

/// Type metadata words read for names and for choosing a path: a type's kind, and a
/// struct's nominal type descriptor.
///
/// ## The invariant it relies on
/// A metatype value is a pointer to its type's metadata (Swift ABI, every platform).
/// The metadata's first word is its kind, a pointer-sized integer with values fixed
/// by the ABI (struct 0x200, optional 0x202, function 0x302, existential 0x303,
/// class metadata an isa pointer, above 0x7FF), never a signed pointer, so it is
/// read everywhere. Struct metadata's second word is its nominal type descriptor,
/// one per generic struct whatever its arguments; it is read only for struct kinds
/// and compared only where ``LayoutReading`` is on (pointer authentication signs it).
/// `TypeMetadataTests` asks about classes, protocols, compositions, optionals,
/// functions, handles and look-alike structs; `PlatformIndependenceTests` and
/// `UnknownLayoutTests` run the suite's messages with layouts unknown.
enum TypeMetadata {
    /// The kind word of `type`'s metadata.
    @inline(__always)
    static func kind(of type: Any.Type) -> Int {
        unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee
    }

    /// The second word of `type`'s metadata: for a struct (kind 0x200), its nominal
    /// type descriptor.
    @inline(__always)
    static func structDescriptorWord(of type: Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafePointer<UInt>.self)[1]
    }
}

/// Whether a type, rather than a value of it, is what a binding's type stands for: a
/// class conforms to a protocol, or is a subclass of a class. The recipe of a
/// `bind(_:to:)` or `forward(_:to:)` binding to a class, which the compiler cannot
/// check, asks it once, when it is made (`Recipe.conformance`), and a build and
/// ``Injector/validate(roots:isolation:)`` both read that answer: the class itself
/// must be of the bound type, whatever value its own binding makes.
///
/// A protocol's conformance costs the runtime a scan of the program's conformance
/// records per (class, protocol) pair the first time it is asked (the runtime caches
/// the answer, for this check and an `is` cast alike), so it is asked when a request
/// or `validate()` first meets the binding, never when an injector is created. The
/// reference-only build (`-D INSTILL_REFERENCE_ONLY`) asks it the same way: Swift
/// spells no other question about a type, rather than a value, and a build and
/// `validate()` must give one answer.
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
/// the answer is `nil` (not known): a build then checks each value it makes, and
/// `validate()` reports only what an instance bound to the class tells.
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
