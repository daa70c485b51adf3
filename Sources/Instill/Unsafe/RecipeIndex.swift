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
    func recipe(for type: ObjectIdentifier) -> Unmanaged<Recipe>? {
        if let cached = cache.unmanaged(Self.cacheSlot(of: type), as: Recipe.self),
            cached._withUnsafeGuaranteedRef({ $0.key.type == type })
        {
            return cached
        }
        return probe(for: type)
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
