// Unsafe: runtime words read as data. Invariant: a layout is read only where it is
// proven (64-bit, no pointer authentication), and a metadata kind word is an ABI integer
// on every platform. Attacked by `UnknownLayoutTests`, `PlatformIndependenceTests` and
// `TypeMetadataTests`.

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
