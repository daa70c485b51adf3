#if os(Linux)
    import Synchronization

    /// A fixed number of word-sized slots, each written once (from zero) and read
    /// without a lock: how the hot path reaches recipes and singletons.
    final class AtomicSlots: @unchecked Sendable {  // every slot is only touched through Atomic
        private let slots: UnsafeMutablePointer<Atomic<UInt>>
        let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: max(count, 1))
            for index in 0..<max(count, 1) { (slots + index).initialize(to: Atomic(0)) }
        }

        deinit {
            slots.deinitialize(count: max(count, 1))
            slots.deallocate()
        }

        /// The slot's word, or 0 while it is empty.
        @inline(__always)
        func load(_ index: Int) -> UInt {
            slots[index].load(ordering: .acquiring)
        }

        /// Stores `value` if the slot is empty; returns the word the slot holds after.
        @inline(__always)
        func storeIfEmpty(_ index: Int, _ value: UInt) -> UInt {
            let (exchanged, original) = slots[index].compareExchange(
                expected: 0, desired: value, ordering: .acquiringAndReleasing)
            return exchanged ? value : original
        }

        /// Adds `delta` to the slot; returns the word after the addition.
        @inline(__always)
        func add(_ index: Int, _ delta: UInt) -> UInt {
            slots[index].wrappingAdd(delta, ordering: .relaxed).newValue
        }
    }
#else
    /// A fixed number of word-sized slots, each written once (from zero). Where
    /// `Synchronization.Atomic` needs a newer OS than the package supports, a lock
    /// guards them.
    final class AtomicSlots: Sendable {
        private let words: LockedBox<[UInt]>
        let count: Int

        init(count: Int) {
            self.count = count
            words = LockedBox([UInt](repeating: 0, count: max(count, 1)))
        }

        func load(_ index: Int) -> UInt {
            words.withLock { $0[index] }
        }

        func storeIfEmpty(_ index: Int, _ value: UInt) -> UInt {
            words.withLock { words in
                if words[index] == 0 { words[index] = value }
                return words[index]
            }
        }

        func add(_ index: Int, _ delta: UInt) -> UInt {
            words.withLock { words in
                words[index] &+= delta
                return words[index]
            }
        }
    }
#endif

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

    /// Releases the object in slot `index`, if it holds one: for the owner's `deinit`.
    func releaseObject(_ index: Int) {
        let word = load(index)
        guard word > 1, let pointer = UnsafeRawPointer(bitPattern: word) else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
}
