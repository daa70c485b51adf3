#if canImport(Synchronization) && !INSTILL_FALLBACK_SLOTS
    import Synchronization
#endif

/// A fixed number of word-sized slots, each written once (from zero) and read
/// without a lock: how the hot path reaches recipes and singletons.
///
/// ## The invariant it relies on
/// The words live in memory this type allocates and never hands out, and every access
/// to a word is atomic. Where `Synchronization.Atomic` exists at run time (Linux;
/// macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2 and later), `init` initialises
/// every word as an `Atomic<UInt>` and every access goes through it. Below those
/// versions, or in a build with `-D INSTILL_FALLBACK_SLOTS` (how the fallback is
/// tested and measured on Linux), the words are reached only through the standard
/// library's own atomic entry points, which have no availability limit because they
/// are inlined into this module: `_stdlib_atomicAcquiringLoadARCRef` (an acquiring
/// load of one word) and `_stdlib_atomicCompareExchangeStrongPtr` (a sequentially
/// consistent compare-and-exchange; adds loop on it). Both take a typed pointer only
/// as their signature asks and access the word through a raw-pointer atomic builtin,
/// so the word is read as a whole whatever the pointer's element type; a word that is
/// a marker (below 2) or a count is never dereferenced. Being inlined, they are also
/// what ThreadSanitizer sees. The choice is made once per process (the availability
/// check gives the same answer each time), so a word is never reached both ways.
final class AtomicSlots: @unchecked Sendable {  // every word is reached atomically, one way per process
    private let words: UnsafeMutableRawPointer
    let count: Int

    init(count: Int) {
        self.count = count
        let capacity = max(count, 1)
        words = .allocate(byteCount: capacity * MemoryLayout<UInt>.stride, alignment: MemoryLayout<UInt>.alignment)
        #if canImport(Synchronization) && !INSTILL_FALLBACK_SLOTS
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                let slots = words.bindMemory(to: Atomic<UInt>.self, capacity: capacity)
                for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
                return
            }
        #endif
        words.initializeMemory(as: UInt.self, repeating: 0, count: capacity)
    }

    deinit {
        // Both representations are trivial: nothing to deinitialise.
        words.deallocate()
    }

    /// The slot's word, or 0 while it is empty.
    @inline(__always)
    func load(_ index: Int) -> UInt {
        #if canImport(Synchronization) && !INSTILL_FALLBACK_SLOTS
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                return words.assumingMemoryBound(to: Atomic<UInt>.self)[index].load(ordering: .acquiring)
            }
        #endif
        let word = (words + index * MemoryLayout<UInt>.stride).assumingMemoryBound(to: AnyObject?.self)
        guard let loaded = _stdlib_atomicAcquiringLoadARCRef(object: word) else { return 0 }
        return UInt(bitPattern: loaded.toOpaque())
    }

    /// Stores `value` if the slot is empty; returns the word the slot holds after.
    @inline(__always)
    func storeIfEmpty(_ index: Int, _ value: UInt) -> UInt {
        #if canImport(Synchronization) && !INSTILL_FALLBACK_SLOTS
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                let (exchanged, original) = words.assumingMemoryBound(to: Atomic<UInt>.self)[index]
                    .compareExchange(expected: 0, desired: value, ordering: .acquiringAndReleasing)
                return exchanged ? value : original
            }
        #endif
        var expected: UnsafeRawPointer? = nil
        if _stdlib_atomicCompareExchangeStrongPtr(
            object: fallbackWord(index), expected: &expected, desired: UnsafeRawPointer(bitPattern: value))
        {
            return value
        }
        return UInt(bitPattern: expected)
    }

    /// Stores `value` whatever the slot holds; returns the word it held before.
    @inline(__always)
    func exchange(_ index: Int, _ value: UInt) -> UInt {
        #if canImport(Synchronization) && !INSTILL_FALLBACK_SLOTS
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                return words.assumingMemoryBound(to: Atomic<UInt>.self)[index]
                    .exchange(value, ordering: .acquiringAndReleasing)
            }
        #endif
        let word = fallbackWord(index)
        var expected = UnsafeRawPointer(bitPattern: load(index))
        while true {
            if _stdlib_atomicCompareExchangeStrongPtr(
                object: word, expected: &expected, desired: UnsafeRawPointer(bitPattern: value))
            {
                return UInt(bitPattern: expected)
            }
        }
    }

    /// Adds `delta` to the slot; returns the word after the addition.
    @inline(__always)
    func add(_ index: Int, _ delta: UInt) -> UInt {
        #if canImport(Synchronization) && !INSTILL_FALLBACK_SLOTS
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                return words.assumingMemoryBound(to: Atomic<UInt>.self)[index]
                    .wrappingAdd(delta, ordering: .relaxed).newValue
            }
        #endif
        let word = fallbackWord(index)
        var expected = UnsafeRawPointer(bitPattern: load(index))
        while true {
            let sum = UInt(bitPattern: expected) &+ delta
            if _stdlib_atomicCompareExchangeStrongPtr(
                object: word, expected: &expected, desired: UnsafeRawPointer(bitPattern: sum))
            {
                return sum
            }
        }
    }

    /// Word `index` of the fallback representation, as the compare-and-exchange
    /// entry point's signature asks for it.
    @inline(__always)
    private func fallbackWord(_ index: Int) -> UnsafeMutablePointer<UnsafeRawPointer?> {
        (words + index * MemoryLayout<UInt>.stride).assumingMemoryBound(to: UnsafeRawPointer?.self)
    }

    /// Whether this process reaches the slots through `Synchronization.Atomic`.
    static var usesSynchronizationAtomic: Bool {
        #if canImport(Synchronization) && !INSTILL_FALLBACK_SLOTS
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return true }
        #endif
        return false
    }
}

extension AtomicSlots {
    /// The recipe in slot `index`, stored unretained: recipes live as long as the
    /// injector that made them, which outlives every recipe that links to them.
    @inline(__always)
    func recipe(_ index: Int) -> Recipe? {
        let word = load(index)
        guard word != 0, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<Recipe>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Links slot `index` to `recipe` unless it is linked already.
    @inline(__always)
    func link(_ index: Int, to recipe: Recipe) {
        _ = storeIfEmpty(index, UInt(bitPattern: Unmanaged.passUnretained(recipe).toOpaque()))
    }
}

extension AtomicSlots {
    /// The object stored retained in slot `index` with ``storeObject(_:_:)``, or `nil`.
    @inline(__always)
    func object<Object: AnyObject>(_ index: Int, as _: Object.Type) -> Object? {
        unmanaged(index, as: Object.self)?.takeUnretainedValue()
    }

    /// ``object(_:as:)`` without retaining it: for the hot path, where the slot's
    /// owner keeps it alive.
    @inline(__always)
    func unmanaged<Object: AnyObject>(_ index: Int, as _: Object.Type) -> Unmanaged<Object>? {
        let word = load(index)
        guard word > 1, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer)
    }

    /// Stores `object` retained in slot `index` unless the slot holds a word already;
    /// returns the object the slot holds after (`nil` when it holds a marker word).
    func storeObject<Object: AnyObject>(_ index: Int, _ object: Object) -> Object? {
        let word = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
        let stored = storeIfEmpty(index, word)
        if stored != word { Unmanaged.passUnretained(object).release() }
        return self.object(index, as: Object.self)
    }

    /// Stores `object` retained in slot `index` in place of what it holds; returns the
    /// object it held before, whose reference passes to the caller (`nil` for an empty
    /// slot or a marker word).
    func replaceObject<Object: AnyObject>(_ index: Int, with object: Object) -> Object? {
        let word = exchange(index, UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()))
        guard word > 1, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    }

    /// Releases the object in slot `index`, if it holds one: for the owner's `deinit`.
    func releaseObject(_ index: Int) {
        let word = load(index)
        guard word > 1, let pointer = UnsafeRawPointer(bitPattern: word) else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
}
