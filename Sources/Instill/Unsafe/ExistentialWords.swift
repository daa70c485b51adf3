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
