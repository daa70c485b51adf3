/// Every write of a requirement's value into an object, in one place: the resolver's
/// (``write(_:to:of:accelerators:)``), a compiled plan's (``PlanWrite``, chosen by
/// ``planWrite(_:writing:accelerators:retaining:)``), and a back reference's
/// (``writeBackReference(_:to:of:directly:)``).
///
/// The reference write is always the same: `as?` casts of the object and of the value,
/// then a write through the requirement's typed key path
/// (``Requirement/writeThroughKeyPath``), or a call of a closure entry's closure. The
/// others are accelerators (``Accelerators``): an offset the key path's layout proves
/// (``KeyPathLayout``), and an existential laid out from a template
/// (``ConcreteWriter``); each is taken only where its injector has it on (a closure
/// entry has neither: its writers call its closure). The writer types below this enum
/// are the accelerators' writers.
enum PropertyWriter {
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
        case template(Int, Unmanaged<ConcreteWriter>)
        /// Written by a writer that knows the property's type, or by the reference
        /// write, through the typed key path (a ``KeyPathWrite``).
        case writer(Unmanaged<ObjectWriter>)

        /// Writes `value` into `object`.
        ///
        /// - Throws: ``Refused`` when the reference write's cast fails (never, for a
        ///   plan: its values are of the classes it was compiled for).
        @inline(__always)
        func write(_ value: consuming AnyObject, into object: AnyObject) throws(Refused) {
            switch self {
            case .offset(let offset):
                let slot = (UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset)
                    .assumingMemoryBound(to: AnyObject?.self)
                // A property the initializer left `nil` (the usual case) holds nothing to
                // release.
                if slot.pointee == nil {
                    slot.initialize(to: consume value)
                } else {
                    slot.pointee = consume value
                }
            case .template(let offset, let writer):
                // What `writer.write` does at an offset, here so that the value moves
                // into the property instead of being retained once more.
                let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
                let rest = writer._withUnsafeGuaranteedRef { writer in
                    writer.clear(address)
                    return writer.rest
                }
                ConcreteWriter.layOut(consume value, rest: rest, at: address)
            case .writer(let writer):
                // The value moves into the writer (the closure cannot consume it): the
                // retain `passRetained` takes is the one `takeRetainedValue` hands over,
                // in the same expression, so the count balances whatever `write` does.
                let moved = Unmanaged.passRetained(consume value)
                if let refused = writer._withUnsafeGuaranteedRef({ $0.write(moved.takeRetainedValue(), into: object) })
                {
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
            return writer._withUnsafeGuaranteedRef { ($0 as? ClosureObjectWriter)?.assignsNew }
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
            writer._withUnsafeGuaranteedRef {
                unsafeDowncast($0, to: ClosureObjectWriter.self).body(object, moved.takeRetainedValue())
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
            try writer._withUnsafeGuaranteedRef {
                try unsafeDowncast($0, to: ClosureObjectWriter.self).assignNew(object)
            }
        }
    }

    /// A value a reference write's cast refused: its class.
    struct Refused: Error {
        let type: AnyClass
    }

    /// What a plan compiling `requirement` gets: how to write it, or why not yet.
    enum PlanWriteChoice {
        case write(PlanWrite)
        /// A writer is still being learned: a later compile may succeed.
        case notYet
        /// The plan's values could not be written (a class the property cannot hold).
        case never
    }

    /// How a plan writes `requirement` with instances of exactly `type`: an offset or
    /// a learned template where the injector's accelerators allow, the reference
    /// write otherwise. What the write needs alive is appended to `retained`.
    static func planWrite(
        _ requirement: Requirement, writing type: AnyClass, accelerators: Accelerators,
        retaining retained: inout [AnyObject]
    ) -> PlanWriteChoice {
        func keyPath() -> PlanWriteChoice {
            guard let write = requirement.makeKeyPathWrite() else { return .never }
            retained.append(write)
            return .write(.writer(Unmanaged.passUnretained(write)))
        }
        if let exactClass = requirement.exactClass {
            guard isClass(type, orSubclassOf: exactClass) else { return .never }
            guard accelerators.contains(.directWrites) else { return keyPath() }
            let writer = requirement.objectWriter
            if let offset = writer.storedOffset { return .write(.offset(offset)) }
            retained.append(writer)
            return .write(.writer(Unmanaged.passUnretained(writer)))
        }
        guard accelerators.contains(.existentialTemplates) else { return keyPath() }
        if let writer = requirement.concreteWriter(for: ObjectIdentifier(type)) {
            retained.append(writer)
            if let offset = writer.offset, accelerators.contains(.directWrites) {
                return .write(.template(offset, Unmanaged.passUnretained(writer)))
            }
            return .write(.writer(Unmanaged.passUnretained(writer)))
        }
        // No template for this class: the reference write casts on each build.
        return requirement.isLearningWriter ? .notYet : keyPath()
    }

    /// The resolver's write of an object it resolved for `requirement`: without a
    /// cast when it is an instance of exactly the property's class and the injector
    /// writes directly, else as ``write(_:to:of:accelerators:)``.
    @inline(__always)
    static func writeObject(
        _ value: AnyObject, to requirement: Requirement, of object: AnyObject, accelerators: Accelerators
    ) throws {
        if ObjectIdentifier(Swift.type(of: value)) == requirement.exactClass, accelerators.contains(.directWrites) {
            _ = requirement.objectWriter.write(value, into: object)  // a reference writer refuses nothing
            return
        }
        try write(value, to: requirement, of: object, accelerators: accelerators)
    }

    /// The resolver's write of a value it resolved for `requirement`: the reference
    /// write, or, where the injector writes directly, the requirement's own write (at
    /// a proven offset, or through the key path after one cast), learning a template
    /// from the first object written when the injector has templates.
    static func write(
        _ value: Any, to requirement: Requirement, of object: AnyObject, accelerators: Accelerators
    ) throws {
        guard accelerators.contains(.directWrites) else {
            guard requirement.writeThroughKeyPath(object, value) else { throw mismatch(value, requirement) }
            return
        }
        guard requirement.write(object, value) else { throw mismatch(value, requirement) }
        if accelerators.contains(.existentialTemplates), requirement.isLearningWriter,
            let written = AnyUnboxing.reference(value)
        {
            requirement.learnWriter(from: written)
        }
    }

    /// The write of a back reference: an object that was still in its initializer
    /// when `holder`'s `requirement` asked for it, written once it exists.
    static func writeBackReference(
        _ value: AnyObject, to requirement: Requirement, of holder: AnyObject, directly: Bool
    ) throws {
        let written = directly ? requirement.write(holder, value) : requirement.writeThroughKeyPath(holder, value)
        guard written else { throw mismatch(value, requirement) }
    }

    /// The error for a value `requirement`'s property cannot hold.
    @inline(never)
    static func mismatch(_ value: Any, _ requirement: Requirement) -> InjectionError {
        mismatch(Swift.type(of: value), requirement)
    }

    /// The error for a value of `type` that `requirement`'s property cannot hold.
    @inline(never)
    static func mismatch(_ type: Any.Type, _ requirement: Requirement) -> InjectionError {
        .instanceDoesNotConform(typeName(type), boundTo: requirement.valueType.description)
    }
}

/// A plan's reference write for one requirement: `as?` casts of the object and the
/// value, then a write through the typed key path (``Requirement/makeKeyPathWrite()``
/// makes one of its subclasses, each generic over the property's root and type), or,
/// for a closure entry, a call of its closure (``ClosureKeyPathWrite``).
///
/// ## The invariant its shortcuts rely on
/// Two casts are shortcut by a comparison: when `type(of: object)` is exactly the key
/// path's `Root` (and, for an optional of a class, when `type(of: value)` is exactly
/// `Wrapped`), the object *is* an instance of that class, so `unsafeDowncast` to it is
/// what `as!` would do, without the runtime's cast. The comparison is of metatypes
/// (one identity per class, generic classes included: `Box<Int>` and `Box<String>`
/// differ), never of names, so a class of the same name in another module, a subclass
/// or a generic instance never takes the shortcut; each goes through `as?`.
/// `ReferencePlanTests` writes subclass objects, subclass values, a generic class, a
/// property with observers and a same-named class through these writers.
class KeyPathWrite: ObjectWriter, @unchecked Sendable {  // immutable
    init() {
        super.init(storedOffset: nil)
    }
}

/// A plan's write of a `Provider`, `Lazy` or `ObjectFactory` requirement: the write
/// makes the value itself, as the resolver's fill does, and ignores the object it is
/// given (the step's constant, this writer). A provider or a factory is the same
/// value for every build (it holds its injector weakly), made once; a lazy is one per
/// holder, and remembers the graph of the request that made it, so each build makes
/// its own.
final class HandleWrite: ObjectWriter, @unchecked Sendable {  // immutable
    private let requirement: Requirement
    private let fixed: Any?
    /// The plan's recipe's injector, which keeps the recipe, so the plan: a build runs
    /// only while it lives (a child keeps its parent). Not retained: that would be a cycle.
    private unowned let injector: Injector
    private let directly: Bool

    init(_ requirement: Requirement, of injector: Injector, accelerators: Accelerators) {
        self.requirement = requirement
        self.injector = injector
        self.directly = accelerators.contains(.directWrites)
        let dependency = requirement.dependency
        if dependency.kind == .objectFactory {
            fixed = ObjectFactory(injector: injector)
        } else {
            fixed = dependency.isLazy ? nil : dependency.makeProvider?(injector, requirement.name)
        }
        super.init(storedOffset: nil)
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        guard let handle = fixed ?? requirement.dependency.makeProvider?(injector, requirement.name) else {
            return nil
        }
        // The handle's type is the property's (the dependency was read from it): both
        // writes take it.
        _ = directly ? requirement.write(object, handle) : requirement.writeThroughKeyPath(object, handle)
        return nil
    }
}

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

    /// Writes `value` into the property of `object`; `nil` when written, else the
    /// class of the value it refused (only a ``KeyPathWrite``, whose casts may fail,
    /// refuses one).
    func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
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

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        if let storedOffset {
            let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + storedOffset
            address.assumingMemoryBound(to: AnyObject?.self).pointee = value
        } else {
            unsafeDowncast(object, to: Root.self)[keyPath: keyPath] = unsafeBitCast(value, to: Value.self)
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

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        if let offset {
            let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
            clear(address)
            layOut(value, at: address)
            return nil
        }
        let value = value
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let base = buffer.baseAddress else { return }
            layOut(copy value, at: UnsafeMutableRawPointer(base))
            unsafeDowncast(object, to: Root.self)[keyPath: keyPath] = base.move()
        }
        return nil
    }
}

/// What ``Requirement``'s writer maker made.
enum WriterMade {
    case concrete(ConcreteWriter?)
    case keyPath(KeyPathWrite)
}

/// The reference write of an object into the property `keyPath` names, after `as?`
/// casts of the root and of the object (see ``Requirement/makeKeyPathWrite()``).
///
/// For an optional property, the writer is generic over the optional type itself, so
/// that a write reads its metadata from the writer instead of looking up
/// `Optional<Wrapped>` on each call, and casts the object to the wrapped type (a class
/// cast, for an optional of a class), not to the optional: a cast into an optional
/// takes the runtime's slowest path.
func keyPathWrite<Root: AnyObject, Value>(_ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable)
    -> KeyPathWrite
{
    func objectOptional<O: ObjectOptionalMarker>(_: O.Type) -> KeyPathWrite? {
        guard let retyped = keyPath as? ReferenceWritableKeyPath<Root, O> else { return nil }
        return ObjectOptionalKeyPathWrite(retyped)
    }
    func optional<O: OptionalMarker>(_: O.Type) -> KeyPathWrite? {
        guard let retyped = keyPath as? ReferenceWritableKeyPath<Root, O> else { return nil }
        return OptionalKeyPathWrite(retyped)
    }
    if let type = Value.self as? any ObjectOptionalMarker.Type, let write = objectOptional(type) { return write }
    if let type = Value.self as? any OptionalMarker.Type, let write = optional(type) { return write }
    return ValueKeyPathWrite(keyPath)
}

/// ``KeyPathWrite`` into an optional property of a class type (`W?`, `W!`).
///
/// The key path is the requirement's, which is `Sendable`, typed again by a checked
/// cast: the same immutable object.
private final class ObjectOptionalKeyPathWrite<Root: AnyObject, O: ObjectOptionalMarker>: KeyPathWrite,
    @unchecked Sendable
{  // immutable
    private let keyPath: ReferenceWritableKeyPath<Root, O>

    init(_ keyPath: ReferenceWritableKeyPath<Root, O>) {
        self.keyPath = keyPath
        super.init()
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        guard let root = root(of: object, as: Root.self) else { return Swift.type(of: value) }
        var failed = false
        let typed = O.wrappingObject(value, failed: &failed)
        guard !failed else { return Swift.type(of: value) }
        root[keyPath: keyPath] = consume typed
        return nil
    }
}

/// ``KeyPathWrite`` into an optional property of any other type (`(any P)!`, …).
private final class OptionalKeyPathWrite<Root: AnyObject, O: OptionalMarker>: KeyPathWrite, @unchecked Sendable {
    // immutable
    private let keyPath: ReferenceWritableKeyPath<Root, O>

    init(_ keyPath: ReferenceWritableKeyPath<Root, O>) {
        self.keyPath = keyPath
        super.init()
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        guard let root = root(of: object, as: Root.self) else { return Swift.type(of: value) }
        var failed = false
        let typed = O.wrapping(value, failed: &failed)
        guard !failed else { return Swift.type(of: value) }
        root[keyPath: keyPath] = consume typed
        return nil
    }
}

/// ``KeyPathWrite`` into a property that is not optional.
private final class ValueKeyPathWrite<Root: AnyObject, Value>: KeyPathWrite, @unchecked Sendable {  // immutable
    private let keyPath: ReferenceWritableKeyPath<Root, Value>

    init(_ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.keyPath = keyPath
        super.init()
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        guard let root = object as? Root else { return Swift.type(of: value) }
        switch value {
        case let typed as Value:
            root[keyPath: keyPath] = typed
            return nil
        default:
            return Swift.type(of: value)
        }
    }
}

/// ``KeyPathWrite`` of a closure entry (`fills(Engine.self) { $0.engine = $1 }`): the
/// closure made by `Requirement.init(assigning:…)` casts the object and the value with
/// `as?` (or proves the object's class by comparison, as above), then calls the
/// entry's closure. Not generic, so making one instantiates no
/// class metadata.
final class ClosureKeyPathWrite: KeyPathWrite, @unchecked Sendable {  // immutable
    private let body: @Sendable (AnyObject, AnyObject) -> AnyClass?

    init(_ body: @escaping @Sendable (AnyObject, AnyObject) -> AnyClass?) {
        self.body = body
        super.init()
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        body(object, value)
    }
}

/// Writes objects of a closure entry's class (or a subclass) by calling its closure,
/// without casts (the entry's ``Requirement/objectWriter``, for a property whose type
/// is a class or an optional of one; see `Requirement.init(assigning:…)`).
final class ClosureObjectWriter: ObjectWriter, @unchecked Sendable {  // immutable
    /// Assigns the value, which it is given owned: a closure that stores it moves it.
    let body: @Sendable (AnyObject, consuming AnyObject) -> Void
    /// Assigns a new instance of the entry's class, made with its `init()` where the
    /// class is known, when ``assignsNew`` (see `Requirements.filling`); never
    /// called otherwise. A plan calls it in place of a plan that would only call that
    /// `init()` (see ``BuildPlan/Step/assignsNew``): the same `init()`, and the same
    /// assignment, with no plan to read in between.
    let assignNew: @Sendable (AnyObject) throws -> Void
    /// Whether ``assignNew`` assigns.
    let assignsNew: Bool

    init(
        _ body: @escaping @Sendable (AnyObject, consuming AnyObject) -> Void,
        assignNew: @escaping @Sendable (AnyObject) throws -> Void = ClosureObjectWriter.assignsNothing,
        assignsNew: Bool = false
    ) {
        self.body = body
        self.assignNew = assignNew
        self.assignsNew = assignsNew
        super.init(storedOffset: nil)
    }

    /// The ``assignNew`` of a writer that has none: never called.
    static let assignsNothing: @Sendable (AnyObject) throws -> Void = { _ in }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        body(object, value)
        return nil
    }
}

/// `object` as a `Root`: when it is an instance of exactly `Root` (the usual case, a
/// plan's own object), after comparing its class, which proves the downcast;
/// otherwise through `as?`.
@inline(__always)
private func root<Root: AnyObject>(of object: AnyObject, as _: Root.Type) -> Root? {
    if Swift.type(of: object) == Root.self { return unsafeDowncast(object, to: Root.self) }
    return object as? Root
}
