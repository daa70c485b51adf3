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
