// Unsafe: accelerated property writes at proven offsets, and the field records of
// `@Injected` properties. Invariant: memory is written (or an `@Injected` property's
// storage read) only at an offset proven to be the property's own stored field, as the
// property's type lays it out; a class's field names are read from its field records
// only where the layout is proven, and answer "none" only when no name starts with `_`.
// Attacked by `KeyPathLayoutTests`, `KeyPathWriteTests`, `UnknownLayoutTests`,
// `ReferencePlanTests`, `DifferentialEngineTests`, `InjectedPropertyTests`,
// `FieldNameTests` and the valgrind run of `WriterProbe`.

@_spi(Reflection) import Swift

/// Accelerated property writes at proven offsets: where a plan or a writer stores a
/// value into an object's memory itself, instead of through the key path.
///
/// ## The invariants they rely on
/// - **The offset is the property's own.** An offset is only ever one that
///   ``KeyPathLayout/storedField(in:valueType:)`` proved for the requirement's key path:
///   the key path object's buffer parses exactly as one stored-property component of
///   a final class (an offset the compiler wrote for that property), and the class's
///   field records have exactly one field of exactly the property's type at that
///   offset. The object written is an instance of the key path's root class or of a
///   subclass (the engine fills an object only with its own type's requirements), and
///   a subclass keeps its superclass's stored properties at the same offsets.
/// - **A class-typed property is one strong reference.** A property whose type is a
///   class `W`, `W?` or `W!` holds one strong reference laid out as `AnyObject?`, so
///   ``StoredProperty/storeReference(_:at:in:)`` and ``ReferenceWriter`` store the
///   value there as such (an instance of `W` or a subclass: the plan was compiled for
///   that class, and the resolver compared it).
/// - **A template is the value's layout.** A ``ConcreteWriter`` is made only from a
///   sample whose existential held the reference in its first word and nowhere else
///   (``ExistentialWords``); every value of that exact class is laid out from the same
///   words, and the property's old value is released through its type unless it holds
///   the words `nil` defines.
/// - **A plan's writers are kept by the plan.** A ``PropertyWriter/PlanWrite`` holds
///   its writer as a ``Kept`` reference: the plan's `retained` list keeps it.
///
/// `KeyPathLayoutTests` and `KeyPathWriteTests` try key paths the proof must refuse
/// (computed, nested, observed, generic, non-final, re-declared), `UnknownLayoutTests`
/// runs with layouts unknown, `ReferencePlanTests` and `DifferentialEngineTests`
/// compare these writes with the reference engine's, and CI runs the release
/// `WriterProbe` under valgrind's memcheck: every byte written and read is defined.
enum StoredProperty {
    /// Assigns `value` to the `Value` stored at `offset` of `object` (see the invariant
    /// above).
    @inline(__always)
    static func assign<Value>(_ value: Value, at offset: Int, in object: AnyObject) {
        let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
        address.assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Stores the strong reference `value` at `offset` of `object`, whose property
    /// there is a class or an optional of one (see the invariant above).
    @inline(__always)
    static func storeReference(_ value: consuming AnyObject, at offset: Int, in object: AnyObject) {
        let slot = address(of: offset, in: object).assumingMemoryBound(to: AnyObject?.self)
        // A property the initializer left `nil` (the usual case) holds nothing to
        // release.
        if slot.pointee == nil {
            slot.initialize(to: consume value)
        } else {
            slot.pointee = consume value
        }
    }

    /// The address of the property at `offset` of `object`.
    @inline(__always)
    fileprivate static func address(of offset: Int, in object: AnyObject) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
    }
}

extension PropertyWriter {
    /// How a plan writes one requirement.
    ///
    /// A trivial value: the plan's retained list keeps what it points to alive.
    ///
    /// Invariant of the unchecked calls (``writeClosure(_:into:)``,
    /// ``writeNew(into:)``): they are made only for a write whose
    /// ``closureAssignsNew`` is not `nil` (`true`, for `writeNew`), a checked
    /// `as? ClosureObjectWriter` cast made once when the plan is compiled and recorded
    /// in the step's ``BuildPlan/Step/kind``; a plan is immutable afterwards, so the
    /// writer is a ``ClosureObjectWriter``.
    enum PlanWrite {
        /// A strong reference stored at this offset of the object.
        case offset(Int)
        /// An existential laid out at this offset from the writer's template.
        case template(Int, Kept<ConcreteWriter>)
        /// Written by a writer that knows the property's type, or by the reference
        /// write, through the typed key path (a ``KeyPathWrite``).
        case writer(Kept<ObjectWriter>)

        /// Writes `value` into `object`.
        ///
        /// - Throws: ``Refused`` when the reference write's cast fails (never, for a
        ///   plan: its values are of the classes it was compiled for).
        @inline(__always)
        func write(_ value: consuming AnyObject, into object: AnyObject) throws(Refused) {
            switch self {
            case .offset(let offset):
                StoredProperty.storeReference(consume value, at: offset, in: object)
            case .template(let offset, let writer):
                // What `writer.write` does at an offset, here so that the value moves
                // into the property instead of being retained once more.
                let address = StoredProperty.address(of: offset, in: object)
                let rest = writer.with { writer in
                    writer.clear(address)
                    return writer.rest
                }
                ConcreteWriter.layOut(consume value, rest: rest, at: address)
            case .writer(let writer):
                // The value moves into the writer (the closure cannot consume it): the
                // retain `passRetained` takes is the one `takeRetainedValue` hands over,
                // in the same expression, so the count balances whatever `write` does.
                let moved = Unmanaged.passRetained(consume value)
                if let refused = writer.with({ $0.write(moved.takeRetainedValue(), into: object) }) {
                    throw Refused(type: refused)
                }
            }
        }

        /// For a closure entry's writer, whether it can make the entry's class itself
        /// (``ClosureObjectWriter/assignsNew``); `nil` for any other write. The checked
        /// cast a plan's compilation makes once, recorded in its step's
        /// ``BuildPlan/Step/kind``.
        var closureAssignsNew: Bool? {
            guard case .writer(let writer) = self else { return nil }
            return writer.with { ($0 as? ClosureObjectWriter)?.assignsNew }
        }

        /// Writes `value` into `object` by calling the closure entry's closure
        /// (``ClosureObjectWriter/body``), without the writer's virtual call. Only for
        /// a write whose ``closureAssignsNew`` is not `nil` (a step of kind
        /// ``BuildPlan/Step/Kind/closure`` records it), which proves the writer a
        /// ``ClosureObjectWriter``.
        @inline(__always)
        func writeClosure(_ value: consuming AnyObject, into object: AnyObject) {
            guard case .writer(let writer) = self else { return }
            // As in `write(_:into:)`: the value moves into the closure's argument.
            let moved = Unmanaged.passRetained(consume value)
            writer.with {
                Downcast.known($0, as: ClosureObjectWriter.self).body(object, moved.takeRetainedValue())
            }
        }

        /// Writes a new instance of a closure entry's class, made with its `init()`,
        /// into `object`: calls the writer's ``ClosureObjectWriter/assignNew``. Only for
        /// a write whose ``closureAssignsNew`` is `true` (``ClosureObjectWriter/assignsNew``;
        /// a step of kind ``BuildPlan/Step/Kind/new`` records it), which proves the
        /// writer a ``ClosureObjectWriter``.
        ///
        /// - Throws: what that `init()` threw.
        @inline(__always)
        func writeNew(into object: AnyObject) throws {
            guard case .writer(let writer) = self else { return }
            try writer.with {
                try Downcast.known($0, as: ClosureObjectWriter.self).assignNew(object)
            }
        }
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

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        if let storedOffset {
            let address = StoredProperty.address(of: storedOffset, in: object)
            address.assumingMemoryBound(to: AnyObject?.self).pointee = value
        } else {
            Downcast.known(object, as: Root.self)[keyPath: keyPath] = Downcast.known(value, as: Value.self)
        }
        return nil
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
        for sample: AnyObject, into keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, offset: Int?
    ) -> ConcreteWriter? {
        make(for: sample, offset: offset) { (root: Root, value: Value) in root[keyPath: keyPath] = value }
    }

    /// A writer for `sample`'s class into the property `assign` writes (stored at
    /// `offset` when it is a plain stored property the key path names); `nil` as above.
    static func make<Root: AnyObject, Value>(
        for sample: AnyObject, offset: Int?, assign: @escaping @Sendable (Root, Value) -> Void
    ) -> ConcreteWriter? {
        let wordSize = MemoryLayout<UInt>.size
        let size = MemoryLayout<Value>.size
        guard size >= wordSize, size % wordSize == 0, MemoryLayout<Value>.alignment == wordSize,
            let words = ExistentialWords.of(sample, as: Value.self)
        else { return nil }
        let reference = UInt(bitPattern: Unmanaged.passUnretained(sample).toOpaque())
        guard words[0] == reference, !words.dropFirst().contains(reference) else { return nil }
        return TemplateWriter<Root, Value>(
            type: ObjectIdentifier(Swift.type(of: sample)), assign: assign, offset: offset,
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
    private let assign: @Sendable (Root, Value) -> Void

    init(
        type: ObjectIdentifier, assign: @escaping @Sendable (Root, Value) -> Void, offset: Int?, rest: [UInt],
        none: [UInt?]
    ) {
        self.assign = assign
        super.init(type: type, offset: offset, rest: rest, none: none)
    }

    override func destroyValue(at address: UnsafeMutableRawPointer) {
        address.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        if let offset {
            let address = StoredProperty.address(of: offset, in: object)
            clear(address)
            layOut(value, at: address)
            return nil
        }
        let value = value
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let base = buffer.baseAddress else { return }
            layOut(copy value, at: UnsafeMutableRawPointer(base))
            assign(Downcast.known(object, as: Root.self), base.move())
        }
        return nil
    }
}

/// The `@Injected` properties of a class, read once per type from its field records
/// (the runtime's reflection of its stored properties, which `Mirror` reads too), and
/// the storage object of one of them in an instance.
///
/// ## The invariants it relies on
/// - **The field records name every stored field.** `_forEachField` visits a class's
///   stored fields, its superclasses' first, each with its name, offset and exact type,
///   without an instance. A field is an `@Injected` property's storage only when its
///   type is exactly an `Injected<Value>` (a checked cast of the field's type to the
///   internal `InjectedStorage`; the `_` that starts every wrapper's storage name, and
///   the class kind, only narrow which fields are asked). A field of a kind the
///   reflection does not describe is skipped (`ignoreUnknown`): never a class-typed one,
///   so never an `@Injected` property's storage.
/// - **The offset is the field's own.** ``storage(at:in:)`` reads the strong reference at
///   an offset the field records gave for a field of exactly `Injected<Value>`, in an
///   instance of that class or of a subclass (which keeps its superclass's fields at the
///   same offsets), after its initializer returned (so the field is initialized). Offsets
///   are kept only where ``LayoutReading`` is on and the build is not reference-only;
///   elsewhere the engine finds the storage with `Mirror` (`InjectedProperty`).
///
/// `InjectedPropertyTests` fills `@Injected` properties of final, non-final, generic
/// and inherited classes beside plain fields named like them, and runs in the
/// reference-only build too (where no offset is read).
enum InjectedFields {
    /// One `@Injected` property of a class.
    struct Field {
        /// The property's name (`terminal` for the storage field `_terminal`).
        let name: String
        /// The storage field's name, as `Mirror` labels it (`_terminal`).
        let storageName: String
        /// The class that declares it (a superclass, for an inherited one).
        let declaringClass: TypeReference
        /// The storage field's offset, when the accelerated lookup may read there.
        let offset: Int?
        /// `Injected<Value>`, whose conformance makes the requirement.
        let storage: any InjectedStorage.Type
    }

    /// The `@Injected` properties of `type` and its superclasses, superclasses first, in
    /// declaration order.
    static func of(_ type: AnyClass) -> [Field] {
        // Most classes have no `_`-named field: their names, read without resolving a
        // type, say so for a fraction of the full scan's cost.
        guard FieldNames.anyStartsWithUnderscore(in: type) != false else { return [] }
        var found: [(index: Int, storageName: String, offset: Int, storage: any InjectedStorage.Type)] = []
        var index = 0
        _forEachField(of: type, options: options) { name, offset, fieldType, kind in
            defer { index += 1 }
            // Every property wrapper's storage is named `_` + the property's name, and
            // `Injected` is a class: only such fields are asked about their type.
            guard kind == .class, name.pointee == CChar(UInt8(ascii: "_")),
                let storage = fieldType as? any InjectedStorage.Type
            else { return true }
            found.append((index, String(cString: name), offset, storage))
            return true
        }
        guard !found.isEmpty else { return [] }
        // A field's declaring class: the class whose own fields (those past its
        // superclass's count) include its index.
        var levels: [(type: AnyClass, firstField: Int)] = []
        var current: AnyClass? = type
        while let level = current {
            let superclass: AnyClass? = _getSuperclass(level)
            levels.append((level, superclass.map(fieldCount) ?? 0))
            current = superclass
        }
        let readsOffsets = LayoutReading.isEnabled && !Accelerators.isReferenceOnlyBuild
        return found.map { field in
            let declaring: AnyClass = levels.first { field.index >= $0.firstField }?.type ?? type
            return Field(
                name: propertyName(ofStorage: field.storageName), storageName: field.storageName,
                declaringClass: TypeReference(declaring), offset: readsOffsets ? field.offset : nil,
                storage: field.storage)
        }
    }

    /// The name of the property whose wrapper's storage field is `storageName`.
    static func propertyName(ofStorage storageName: String) -> String {
        storageName.hasPrefix("_") ? String(storageName.dropFirst()) : storageName
    }

    /// The storage object of the `@Injected` property at `offset` of `object` (see the
    /// invariant above).
    @inline(__always)
    static func storage(at offset: Int, in object: AnyObject) -> AnyObject {
        StoredProperty.address(of: offset, in: object).assumingMemoryBound(to: AnyObject.self).pointee
    }

    /// A class's fields, skipping those of kinds the reflection does not describe
    /// (`classType | ignoreUnknown`: both are `static var`s).
    private static var options: _EachFieldOptions { _EachFieldOptions(rawValue: 1 << 0 | 1 << 1) }

    /// The number of stored fields of `type` and its superclasses.
    private static func fieldCount(_ type: AnyClass) -> Int {
        var count = 0
        _forEachField(of: type, options: options) { _, _, _, _ in
            count += 1
            return true
        }
        return count
    }
}

/// The names of a class's stored fields, read from the runtime's field records without
/// resolving any field's type: the cheap question ``InjectedFields/of(_:)`` asks first,
/// so that a class with no `_`-named field (no property wrapper's storage, so no
/// `@Injected` property) skips the full scan, which resolves every field's type.
///
/// ## The invariants it relies on
/// - **The names are the ones the full scan reads.** `_forEachField` names a class's
///   fields from the same field records: the class metadata's nominal type descriptor
///   (`Description`), its `Fields` relative pointer, and each record's `FieldName`
///   relative pointer to a C string, level by level up the superclass chain
///   (`_getSuperclass`). So when no name of any level starts with `_`, the full scan
///   asks no field's type and finds nothing.
/// - **The layout is the Swift ABI's.** Class metadata: kind (or isa), superclass, then,
///   with Objective-C interop, two cache words and the `data` word; then flags,
///   instance address point, size and alignment mask, reserved, class size and address
///   point, and `Description` (byte offset 40, or 64 with interop). A type context
///   descriptor: flags (kind in the low 5 bits, 16 for a class), parent, name, access
///   function, `Fields`. A field descriptor: mangled type name, superclass, kind (1 for
///   a class), record size, count, then the records (flags, mangled type name,
///   `FieldName`). A relative pointer is its own address plus its signed 32-bit value;
///   0 is null.
/// - **Read only where proven, and asked about nothing uncertain.** Nothing is read
///   where ``LayoutReading`` is off (32-bit, arm64e's signed `Description`), in the
///   reference-only build, or in a process where the reading got a probe class wrong
///   (checked once, `isProven`): the answer is `nil` and the full scan runs. A level whose
///   metadata is not a Swift class's (kind not 0 without interop), whose descriptor is
///   missing or not a class's, whose field descriptor is missing or not a class's, or
///   a record without a name, also answers `nil`. With Objective-C interop, a class
///   whose `data` word has neither Swift bit (legacy 1, stable 2) is an Objective-C
///   class: it has no Swift fields, so it adds no name.
///
/// `FieldNameTests` compares its answer with `_forEachField` for classes without
/// `_`-named fields, with `_`-named plain fields, with `@Injected` only in a superclass,
/// generic, final and non-final classes and a class of many fields.
enum FieldNames {
    /// Whether this build reads field names (see the invariants above).
    static var areRead: Bool { LayoutReading.isEnabled && !Accelerators.isReferenceOnlyBuild }

    /// Whether a stored field of `type` or of a superclass has a name starting with
    /// `_`; `nil` when the names are not read (then only the full scan can tell).
    static func anyStartsWithUnderscore(in type: AnyClass) -> Bool? {
        guard areRead, isProven else { return nil }
        return readStartsWithUnderscore(in: type)
    }

    /// Whether the reading gives the answers known for the library's own probe classes
    /// (a `_` field only in the superclass of a generic class; none in another class):
    /// checked once per process, so that a platform whose layout differs from the one
    /// written above gets the full scan rather than a wrong answer.
    private static let isProven: Bool =
        readStartsWithUnderscore(in: FieldNameProbe<Int>.self) == true
        && readStartsWithUnderscore(in: FieldNameProbePlain.self) == false

    private static func readStartsWithUnderscore(in type: AnyClass) -> Bool? {
        var current: AnyClass? = type
        while let level = current {
            guard let found = startsWithUnderscore(level) else { return nil }
            if found { return true }
            current = _getSuperclass(level)
        }
        return false
    }

    /// Whether one of `level`'s own stored fields has a name starting with `_`; `nil`
    /// when its records cannot be read as the invariants require.
    private static func startsWithUnderscore(_ level: AnyClass) -> Bool? {
        let metadata = unsafeBitCast(level, to: UnsafeRawPointer.self)
        #if _runtime(_ObjC)
            // An Objective-C class has neither Swift bit in its `data` word.
            guard metadata.load(fromByteOffset: 32, as: UInt.self) & 3 != 0 else { return false }
            let descriptorOffset = 64
        #else
            guard metadata.load(as: Int.self) == 0 else { return nil }
            let descriptorOffset = 40
        #endif
        guard let descriptor = metadata.load(fromByteOffset: descriptorOffset, as: UnsafeRawPointer?.self),
            descriptor.load(as: UInt32.self) & 0x1F == 16,
            let fields = relative(at: 16, of: descriptor),
            fields.load(fromByteOffset: 8, as: UInt16.self) == 1
        else { return nil }
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        guard recordSize >= 12 else { return nil }
        for index in 0..<count {
            guard let name = relative(at: 8, of: fields + 16 + index * recordSize) else { return nil }
            if name.load(as: UInt8.self) == UInt8(ascii: "_") { return true }
        }
        return false
    }

    /// The target of the relative pointer at `offset` of `base`; `nil` for 0.
    @inline(__always)
    private static func relative(at offset: Int, of base: UnsafeRawPointer) -> UnsafeRawPointer? {
        let value = base.load(fromByteOffset: offset, as: Int32.self)
        return value == 0 ? nil : base + offset + Int(value)
    }
}

/// A probe of ``FieldNames``: its only `_` field is in its superclass.
private final class FieldNameProbe<Value>: FieldNameProbeBase {
    var value: Value?
    var count = 0
}

private class FieldNameProbeBase {
    var first = 0
    var _second = 0
}

/// A probe of ``FieldNames``: no `_` field.
private final class FieldNameProbePlain {
    var first = 0
    var second = ""
}
