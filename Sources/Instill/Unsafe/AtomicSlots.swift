// Unsafe: words written once and read without a lock, and references used without
// retaining them. Invariants: every word of an `AtomicSlots` is reached atomically, one
// way per process; an object reached through a `Kept` is kept alive by its holder (a
// slot, a plan's retained list, the recipe index, the thread) for as long as the `Kept`
// is used; an array the `RecipeIndex` published stays allocated until the index is
// released. Attacked by `PlatformIndependenceTests`, `ConcurrencyTests`, `StressTests`,
// `ManyTypesTests`, `WarmBuildTests` and `MemoryTests` (each type says how).

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

extension AtomicSlots {
    /// ``object(_:as:)`` without retaining it: for the hot path, where the slot's
    /// owner keeps it alive (see ``Kept``).
    @inline(__always)
    func kept<Object: AnyObject>(_ index: Int, as _: Object.Type) -> Kept<Object>? {
        unmanaged(index, as: Object.self).map(Kept.init(unmanaged:))
    }
}

/// A reference to an object that something else keeps alive, used without retaining
/// or releasing it: how the hot path reaches the engine's own long-lived objects.
///
/// ## The invariant it relies on
/// Whoever makes a `Kept` holds a strong reference to the object for as long as that
/// `Kept`, or any copy of it, is used; a `Kept` is never stored where it could outlive
/// its holder. The holders, each the only maker of its `Kept`s:
/// - a slot of ``AtomicSlots`` (``AtomicSlots/kept(_:as:)``) keeps what
///   ``AtomicSlots/storeObject(_:_:)`` stored (a recipe's plan, a published
///   singleton) until its owner is deinitialized or replaces it, and its owner (a
///   ``Recipe``) lives as long as its injector;
/// - the recipe index (``RecipeIndex``) keeps each recipe as long as its injector;
/// - a ``BuildPlan`` keeps every object its steps and dependencies point to in its
///   `retained` list, for as long as the plan lives; a plan runs only while its
///   recipe's slot (or the plan that nests it) holds it;
/// - a thread keeps its ``ResolutionContext`` until it ends (``ThreadContext``), and a
///   `Kept` of it is used only on that thread;
/// - a requirement keeps its writers (``PropertyWriter``) for the life of its type's
///   metadata, which lives as long as the process.
///
/// `MemoryTests` releases injectors, plans and singletons and checks with weak
/// references that nothing outlives its holder or leaks; `ReentrantWarmBuildTests` and
/// `WarmBuildTests` run plans while other threads and nested requests publish and
/// replace what the slots hold; the AddressSanitizer run of the whole suite in CI
/// would report a use of a released object.
struct Kept<Object: AnyObject> {
    private let reference: Unmanaged<Object>

    /// A reference to `object`, which the caller's holder keeps alive.
    @inline(__always)
    init(_ object: Object) { reference = .passUnretained(object) }

    /// A reference a holder in `Unsafe/` reached without retaining it.
    @inline(__always)
    init(unmanaged: Unmanaged<Object>) { reference = unmanaged }

    /// The object, retained for the caller.
    @inline(__always)
    var object: Object { reference.takeUnretainedValue() }

    /// Runs `body` on the object without retaining it.
    @inline(__always)
    func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// Whether both refer to the same object.
    @inline(__always)
    func refers(to object: AnyObject) -> Bool { reference.toOpaque() == Unmanaged.passUnretained(object).toOpaque() }
}

extension Kept: Sendable where Object: Sendable {}

/// The recipes of an injector's unnamed keys, found by type without a lock however
/// many types the program requests: the warm path's first lookup.
///
/// A direct-mapped cache of 64 slots, each holding the first recipe whose type hashed
/// to it (what most requests of a small program find in one load), in front of an
/// open-addressing table (linear probing) of unretained recipe pointers, in an
/// ``AtomicSlots`` array whose size is a power of two, that holds every recipe. Readers
/// try the cache, then load the live array and probe it; a miss (an empty slot) sends
/// them to the injector's locked table, which answers and inserts. Inserts are made only by a caller that holds the
/// injector's recipe lock, so writers never race one another; an array more than
/// half full is replaced by one twice its size holding every recipe.
///
/// ## The invariant it relies on
/// Every array this index ever published stays allocated, with every word it held,
/// until the index is released: a reader that loaded an array just before it was
/// replaced probes memory that is still this index's, and finds a subset of the
/// recipes (a miss is always answered by the locked table). Recipes live as long as
/// the injector that made them (its locked table keeps them), which outlives this
/// index, so an unretained pointer in a slot (of an array or of the cache, whose
/// slots are written once) is always a live recipe.
final class RecipeIndex: @unchecked Sendable {  // arrays are reached atomically; the rest under the recipe lock
    /// The first recipe met of each of 64 hash classes of types.
    private let cache = AtomicSlots(count: 64)
    /// Slot 0: the live array, retained.
    private let live = AtomicSlots(count: 1)
    /// The arrays replaced so far, kept for readers that still probe them (under the
    /// injector's recipe lock).
    private var retired: [AtomicSlots] = []
    /// How many recipes the live array holds (under the injector's recipe lock).
    private var count = 0

    init() {
        _ = live.storeObject(0, AtomicSlots(count: 64))
    }

    deinit {
        live.releaseObject(0)
    }

    /// The recipe of the unnamed key of `type`, if the index has it (not retained:
    /// the injector keeps its recipes).
    @inline(__always)
    func recipe(for type: ObjectIdentifier) -> Kept<Recipe>? {
        if let cached = cache.unmanaged(Self.cacheSlot(of: type), as: Recipe.self),
            cached._withUnsafeGuaranteedRef({ $0.key.type == type })
        {
            return Kept(unmanaged: cached)
        }
        return probe(for: type).map(Kept.init(unmanaged:))
    }

    /// The recipe of `type` in the live array.
    @inline(never)
    private func probe(for type: ObjectIdentifier) -> Unmanaged<Recipe>? {
        guard let array = live.unmanaged(0, as: AtomicSlots.self) else { return nil }
        return array._withUnsafeGuaranteedRef { slots in
            let mask = slots.count - 1
            var index = Self.home(of: type, in: slots)
            while true {
                let word = slots.load(index)
                guard word != 0, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
                let recipe = Unmanaged<Recipe>.fromOpaque(pointer)
                if recipe._withUnsafeGuaranteedRef({ $0.key.type == type }) { return recipe }
                index = (index + 1) & mask
            }
        }
    }

    /// Adds `recipe`, the answer to the unnamed key of its type. The caller holds the
    /// injector's recipe lock, and adds each key at most once.
    func insert(_ recipe: Recipe) {
        cache.link(Self.cacheSlot(of: recipe.key.type), to: recipe)
        guard let array = live.object(0, as: AtomicSlots.self) else { return }
        if (count + 1) * 2 > array.count {
            let grown = AtomicSlots(count: array.count * 2)
            var index = 0
            while index < array.count {
                if let held = array.recipe(index) { Self.place(held, in: grown) }
                index += 1
            }
            Self.place(recipe, in: grown)
            // The replaced array's reference moves to `retired`: readers may hold it.
            let replaced = live.replaceObject(0, with: grown)
            if let replaced { retired.append(replaced) }
        } else {
            Self.place(recipe, in: array)
        }
        count += 1
    }

    /// Writes `recipe` into the first empty slot from its type's home in `slots`.
    private static func place(_ recipe: Recipe, in slots: AtomicSlots) {
        let mask = slots.count - 1
        var index = home(of: recipe.key.type, in: slots)
        while slots.recipe(index) != nil { index = (index + 1) & mask }
        slots.link(index, to: recipe)
    }

    /// The first slot probed for `type`: a multiplicative hash of its address, kept to
    /// as many top bits as the array has slots (a power of two).
    @inline(__always)
    private static func home(of type: ObjectIdentifier, in slots: AtomicSlots) -> Int {
        let bits = UInt(bitPattern: type) >> 4
        let shift = 8 * MemoryLayout<UInt>.size - slots.count.trailingZeroBitCount
        return Int((bits &* fibonacciMultiplier) >> UInt(shift))
    }

    /// The cache slot of `type`: the top 6 bits of the same hash.
    @inline(__always)
    private static func cacheSlot(of type: ObjectIdentifier) -> Int {
        Int(((UInt(bitPattern: type) >> 4) &* fibonacciMultiplier) >> UInt(8 * MemoryLayout<UInt>.size - 6))
    }

    /// Fibonacci hashing's multiplier (2^w / φ) for the word size `w`: the 64-bit one,
    /// or its top half where words are 32 bits (arm64_32, where the 64-bit literal
    /// would not fit a `UInt`).
    static var fibonacciMultiplier: UInt {
        UInt(truncatingIfNeeded: (0x9E37_79B9_7F4A_7C15 as UInt64) >> (64 - 8 * MemoryLayout<UInt>.size))
    }
}
