/// Writes resolved objects into one property of the objects being assembled,
/// without the dynamic cast a value of unknown type needs.
class ObjectWriter: @unchecked Sendable {  // immutable
    /// For a writer that stores one strong reference at a fixed offset of the
    /// object (a plain stored property of a final class): that offset, so a
    /// ``BuildPlan`` can store there itself.
    let storedOffset: Int?

    init(storedOffset: Int?) {
        self.storedOffset = storedOffset
    }

    /// Writes `value` into the property of `object`.
    func write(_ value: consuming AnyObject, into object: AnyObject) {
        fatalError("ObjectWriter.write is overridden")
    }
}

/// Writes into a property whose type is a class `W`, `W?` or `W!`: one strong
/// reference, whatever subclass of `W` the object is.
final class ReferenceWriter<Root: AnyObject, Value>: ObjectWriter, @unchecked Sendable {
    private let keyPath: ReferenceWritableKeyPath<Root, Value>

    init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, storedOffset: Int?) {
        self.keyPath = keyPath
        super.init(storedOffset: storedOffset)
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) {
        if let storedOffset {
            let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + storedOffset
            address.assumingMemoryBound(to: AnyObject?.self).pointee = value
        } else {
            unsafeDowncast(object, to: Root.self)[keyPath: keyPath] = unsafeBitCast(value, to: Value.self)
        }
    }
}

/// Writes instances of one class into a property whose type is not that class: a
/// protocol existential such as `(any GearBox)!`, `Any` or `AnyObject`.
///
/// Converting an object to an existential looks up its class's conformance, which
/// costs more than building a small object. The existential of any instance of one
/// class holds the same words apart from the reference itself (the class's metadata
/// and witness tables), so the writer keeps those words from a first conversion and
/// lays out later values from them. It is only made when a sample conversion shows
/// that layout: the reference in the first word, and nowhere else. Only the words a
/// value defines are read (see `ExistentialWords`); the others are laid out as zero.
class ConcreteWriter: ObjectWriter, @unchecked Sendable {  // immutable
    /// The class whose instances this writer writes.
    let type: ObjectIdentifier
    /// The offset of the property in the object, when it is a plain stored property
    /// of a final class: a ``BuildPlan`` then lays the value out there itself.
    let offset: Int?
    /// The words of the existential after the reference.
    let rest: UnsafeMutableBufferPointer<UInt>

    /// The words `nil` defines, when the property is optional (empty otherwise);
    /// `nil` for the words it leaves undefined, which are not compared.
    private let none: UnsafeMutableBufferPointer<UInt?>

    init(type: ObjectIdentifier, offset: Int?, rest: [UInt], none: [UInt?]) {
        self.type = type
        self.offset = offset
        self.rest = .allocate(capacity: rest.count)
        _ = self.rest.initialize(from: rest)
        self.none = .allocate(capacity: none.count)
        _ = self.none.initialize(from: none)
        super.init(storedOffset: nil)
    }

    deinit {
        rest.deallocate()
        none.deallocate()
    }

    /// A writer for `sample`'s class into the property `keyPath` (stored at
    /// `offset` when it is a plain stored property). `nil` when `sample` is not a
    /// `Value`, or its `Value` is not laid out as above.
    static func make<Root: AnyObject, Value>(
        for sample: AnyObject, into keyPath: ReferenceWritableKeyPath<Root, Value>, offset: Int?
    ) -> ConcreteWriter? {
        let wordSize = MemoryLayout<UInt>.size
        let size = MemoryLayout<Value>.size
        guard size >= wordSize, size % wordSize == 0, MemoryLayout<Value>.alignment == wordSize,
            let words = ExistentialWords.of(sample, as: Value.self)
        else { return nil }
        let reference = UInt(bitPattern: Unmanaged.passUnretained(sample).toOpaque())
        guard words[0] == reference, !words.dropFirst().contains(reference) else { return nil }
        return TemplateWriter<Root, Value>(
            type: ObjectIdentifier(Swift.type(of: sample)), keyPath: keyPath, offset: offset,
            rest: words.dropFirst().map { $0 ?? 0 }, none: ExistentialWords.ofNone(as: Value.self) ?? [])
    }

    /// Makes the property at `address` ready for ``layOut(_:at:)``: releases what
    /// it holds (nothing, when it holds `nil`).
    @inline(__always)
    final func clear(_ address: UnsafeMutableRawPointer) {
        if !holdsNone(address) { destroyValue(at: address) }
    }

    /// Whether the property at `address` holds `nil`: only the words `nil` defines
    /// are compared (every value of the type defines them: an optional marks `nil`
    /// in words its payload always sets). With no such word, it answers `false` and
    /// the value is released through the type, which is right for `nil` too.
    @inline(__always)
    private func holdsNone(_ address: UnsafeMutableRawPointer) -> Bool {
        let wordSize = MemoryLayout<UInt>.size
        var compared = false
        for index in none.indices {
            guard let word = none[index] else { continue }
            if address.load(fromByteOffset: index * wordSize, as: UInt.self) != word { return false }
            compared = true
        }
        return compared
    }

    /// Lays out the existential of `object` at `address`, which holds no value.
    @inline(__always)
    final func layOut(_ object: consuming AnyObject, at address: UnsafeMutableRawPointer) {
        Self.layOut(object, rest: rest, at: address)
    }

    /// Lays out the existential of `object` at `address` from the words after the reference.
    @inline(__always)
    static func layOut(
        _ object: consuming AnyObject, rest: UnsafeMutableBufferPointer<UInt>, at address: UnsafeMutableRawPointer
    ) {
        let wordSize = MemoryLayout<UInt>.size
        for index in rest.indices {
            address.storeBytes(of: rest[index], toByteOffset: (index + 1) * wordSize, as: UInt.self)
        }
        address.assumingMemoryBound(to: AnyObject.self).initialize(to: object)
    }

    /// Releases the value of the property's type at `address`.
    func destroyValue(at address: UnsafeMutableRawPointer) {
        fatalError("ConcreteWriter.destroyValue is overridden")
    }
}

/// A ``ConcreteWriter`` for a property of type `Value` of `Root`.
private final class TemplateWriter<Root: AnyObject, Value>: ConcreteWriter, @unchecked Sendable {
    private let keyPath: ReferenceWritableKeyPath<Root, Value>

    init(
        type: ObjectIdentifier, keyPath: ReferenceWritableKeyPath<Root, Value>, offset: Int?, rest: [UInt],
        none: [UInt?]
    ) {
        self.keyPath = keyPath
        super.init(type: type, offset: offset, rest: rest, none: none)
    }

    override func destroyValue(at address: UnsafeMutableRawPointer) {
        address.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) {
        if let offset {
            let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
            clear(address)
            layOut(value, at: address)
            return
        }
        let value = value
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let base = buffer.baseAddress else { return }
            layOut(copy value, at: UnsafeMutableRawPointer(base))
            unsafeDowncast(object, to: Root.self)[keyPath: keyPath] = base.move()
        }
    }
}
