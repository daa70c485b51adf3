// Unsafe: the buffer an initializer's closure reads its dependencies from. Invariant:
// the dependency buffer is a tuple of the initializer's dependency types, each stored as
// its declared type and moved out exactly once. Attacked by
// `DependencyBufferLayoutTests`, `FixedDependencyTests`, `InitializerWarmBuildTests`,
// `FaultInjectionTests` and `MemoryTests`.

/// The buffer an initializer's (or a binding's) closure reads its resolved
/// dependencies from.
///
/// ## The invariant it relies on
/// The dependency buffer is a tuple of the initializer's dependency types, moved out
/// exactly once. When the closure is called, the buffer holds one initialized value
/// of each declared type, laid out as the tuple `(First, (D1, …, Dn))`, the closure's
/// first parameter type then a tuple of the others: ``DependencyValues/layout(of:)``
/// computes the offsets with Swift's layout of tuples (each element in order, at the
/// next offset aligned for it; a tuple aligned as its most aligned element), and
/// ``DeclaredDependencies/of(_:_:)`` checks its size and alignment against the
/// compiler's `MemoryLayout` of that tuple. A value is stored at its offset only as
/// its declared type: through ``DependencyLayout/store(_:at:)`` (a dynamic cast to
/// `T`), a template learned from a value of that type (``ObjectTemplate``), or a
/// copy of a value stored so (``FixedDependency``). The closure made by a generic
/// `Initializer` or `Binder` method moves the whole tuple out at once
/// (``DependencyValues/take(_:_:from:)``), which the compiler specializes where the
/// initializer is declared; after the closure is called, the buffer holds nothing.
/// When resolving a dependency fails, the values stored so far are deinitialized and
/// the closure is not called. The buffer of a closure that declares nothing
/// (``none``) is never read.
///
/// `DependencyBufferLayoutTests` checks the computed layout against the compiler's
/// for tuples of mixed sizes and alignments, `FixedDependencyTests` and
/// `InitializerWarmBuildTests` build through stored, templated and fixed values, and
/// the fault-injection suite (`FaultInjectionTests`) makes every dependency fail in
/// turn, so that a value is neither leaked nor destroyed twice (`MemoryTests`, and
/// AddressSanitizer in CI).
@usableFromInline
struct DependencyBuffer {
    @usableFromInline let base: UnsafeMutableRawPointer

    @inline(__always)
    private init(base: UnsafeMutableRawPointer) { self.base = base }

    /// The buffer of a closure that declares no dependencies: never read.
    @inline(__always)
    static var none: DependencyBuffer { DependencyBuffer(base: noDependencies) }

    /// Runs `body` with a buffer of `byteCount` bytes on the stack.
    @inline(__always)
    static func withTemporary<Result, Failure: Error>(
        byteCount: Int, alignment: Int, _ body: (DependencyBuffer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) {
            buffer throws(Failure) -> Result in
            guard let base = buffer.baseAddress else { return try body(.none) }
            return try body(DependencyBuffer(base: base))
        }
    }

    /// The buffer of eight words on the stack.
    typealias Inline = (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt)

    /// Whether a buffer of `bytes` fits an ``Inline`` one.
    static func fitsInline(_ bytes: (count: Int, alignment: Int)) -> Bool {
        bytes.count <= MemoryLayout<Inline>.size && bytes.alignment <= MemoryLayout<Inline>.alignment
    }

    /// Runs `body` with an ``Inline`` buffer: no dynamic stack allocation.
    @inline(__always)
    static func withInline<Result, Failure: Error>(_ body: (DependencyBuffer) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        var buffer: Inline = (0, 0, 0, 0, 0, 0, 0, 0)
        return try withUnsafeMutableBytes(of: &buffer) { bytes throws(Failure) -> Result in
            try body(DependencyBuffer(base: bytes.baseAddress.unsafelyUnwrapped))
        }
    }

    /// Stores `value` as `layout`'s type at `offset`; `false`, storing nothing, when it
    /// is not of that type.
    @inline(__always)
    func store(_ value: Any?, as layout: DependencyLayout, at offset: Int) -> Bool {
        layout.store(value, at: base + offset)
    }

    /// Stores `object` at `offset` as `template` lays it out.
    @inline(__always)
    func store(_ object: consuming AnyObject, with template: ObjectTemplate, at offset: Int) {
        template.layOut(object, at: base + offset)
    }

    /// Stores a copy of `fixed`'s value at `offset`.
    @inline(__always)
    func store(_ fixed: FixedDependency, at offset: Int) { fixed.copy(to: base + offset) }

    /// Deinitializes the value of `layout`'s type at `offset`.
    @inline(__always)
    func destroy(_ layout: DependencyLayout, at offset: Int) { layout.destroy(at: base + offset) }

    /// A new buffer on the heap holding what this one holds, moved: this one then holds
    /// nothing. Free it with ``deallocate()``.
    func moved(byteCount: Int, alignment: Int) -> DependencyBuffer {
        let moved = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
        moved.copyMemory(from: base, byteCount: byteCount)
        return DependencyBuffer(base: moved)
    }

    /// Frees a buffer made by ``moved(byteCount:alignment:)``, whose values were moved
    /// out (or never written).
    func deallocate() { base.deallocate() }
}

extension DependencyValues {
    /// The values in `buffer`, moved out (see ``DependencyBuffer``).
    @inlinable @inline(__always)
    static func take<First, each D>(_: First.Type, _: repeat (each D).Type, from buffer: DependencyBuffer)
        -> (First, (repeat each D))
    {
        buffer.base.assumingMemoryBound(to: (First, (repeat each D)).self).move()
    }
}

/// The base of ``DependencyBuffer/none``: one byte, never read or written.
private nonisolated(unsafe) let noDependencies = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

/// The buffer of an async step's resolved dependencies, handed from the actor the
/// request runs on to the step, which runs off it.
///
/// Invariant: the buffer has one user at a time. The request writes the values,
/// hands the buffer over, and never touches it again; the step moves the values out
/// and frees it (``free()``, when ``isOwned``). So no two tasks reach it at once,
/// which the compiler cannot see through a raw pointer. `AsyncResolutionTests` and
/// `AsyncWarmBuildTests` run async steps with declared dependencies on several tasks.
struct DependencyHandoff: Sendable {
    nonisolated(unsafe) let buffer: DependencyBuffer
    /// Whether ``buffer`` was allocated for this step (it is not ``DependencyBuffer/none``).
    let isOwned: Bool

    /// Frees ``buffer`` if it was allocated for this step; the values in it must have
    /// been moved out (or never written).
    func free() { if isOwned { buffer.deallocate() } }
}

/// How the values of one declared dependency type are laid out in the buffer that
/// an initializer's (or a binding's) closure reads its dependencies from.
///
/// The resolver stores each resolved value in the buffer as its declared type `T`,
/// checked with a dynamic cast; the closure, which knows `T` statically, moves it
/// out without a cast (see ``DependencyValues``). A warm build (``BuildPlan``) does
/// not cast either: it lays an object out from an ``ObjectTemplate`` learned from
/// the first object of its class.
///
/// One class serves every type: its operations are closures made where `T` is known
/// (``of(_:)``). A generic subclass per type would make the runtime instantiate a
/// class's metadata on each declared type's first use.
final class DependencyLayout: @unchecked Sendable {  // immutable but for `learned`, whose slot is atomic
    /// What a layout does with values of one type: made once per type, shared by
    /// every declaration that names it (``DependencyLayout`` itself is one per
    /// declaration, since the template it learns is of the class it meets there).
    private final class Operations: Sendable {
        let size: Int
        let alignment: Int
        let type: TypeReference
        let store: @Sendable (Any?, UnsafeMutableRawPointer) -> Bool
        let copy: @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void
        let destroy: @Sendable (UnsafeMutableRawPointer) -> Void
        let template: @Sendable (AnyObject) -> ObjectTemplate?

        init<T>(_: T.Type) {
            size = MemoryLayout<T>.size
            alignment = MemoryLayout<T>.alignment
            type = TypeReference(T.self)
            store = { value, address in DependencyLayout.store(value, as: T.self, at: address) }
            copy = { source, address in address.initializeMemory(as: T.self, to: source.load(as: T.self)) }
            destroy = { address in address.assumingMemoryBound(to: T.self).deinitialize(count: 1) }
            template = { sample in DependencyLayout.template(for: sample, as: T.self) }
        }
    }

    /// Each type's operations, made on first use.
    private static let operationsByType = LockedBox<[ObjectIdentifier: Operations]>([:])

    private let operations: Operations
    /// `MemoryLayout<T>.size`.
    let size: Int
    /// `MemoryLayout<T>.alignment`.
    let alignment: Int
    /// `T`.
    var type: TypeReference { operations.type }
    /// The ``ObjectTemplate`` learned (retained), or 1 when none can be.
    private let learned = AtomicSlots(count: 1)

    private init(_ operations: Operations) {
        self.operations = operations
        self.size = operations.size
        self.alignment = operations.alignment
    }

    deinit { learned.releaseObject(0) }

    /// A layout of `T` for one declaration. The closures that know `T` are made once
    /// per type: a generic class per type would make the runtime instantiate a
    /// class's metadata, and new closures per declaration cost an allocation each.
    static func of<T>(_: T.Type) -> DependencyLayout {
        let id = ObjectIdentifier(T.self)
        if let known = operationsByType.withLock({ $0[id] }) { return DependencyLayout(known) }
        let made = Operations(T.self)
        return DependencyLayout(
            operationsByType.withLock { table in
                if let raced = table[id] { return raced }
                table[id] = made
                return made
            })
    }

    /// Initializes a `T` at `address` from `value` (`nil` for an optional `T`);
    /// `false`, leaving `address` uninitialized, when `value` is not a `T`.
    @inline(__always)
    func store(_ value: Any?, at address: UnsafeMutableRawPointer) -> Bool { operations.store(value, address) }

    /// Initializes `address` with a copy of the `T` at `source`.
    @inline(__always)
    func copy(from source: UnsafeRawPointer, to address: UnsafeMutableRawPointer) { operations.copy(source, address) }

    /// Deinitializes the `T` at `address`.
    @inline(__always)
    func destroy(at address: UnsafeMutableRawPointer) { operations.destroy(address) }

    /// A template for `sample`'s class, when its `T` is laid out as the reference
    /// followed by words that do not depend on the instance.
    func makeTemplate(for sample: AnyObject) -> ObjectTemplate? { operations.template(sample) }

    /// Whether no template has been learned or ruled out yet.
    @inline(__always)
    var isLearning: Bool { learned.load(0) == 0 }

    /// Learns a template from an object just stored as a `T`.
    func learn(from sample: AnyObject) {
        guard isLearning else { return }
        if let template = makeTemplate(for: sample) {
            _ = learned.storeObject(0, template)
        } else {
            _ = learned.storeIfEmpty(0, 1)
        }
    }

    /// The template for instances of exactly the class `type`, once learned.
    func template(for type: ObjectIdentifier) -> ObjectTemplate? {
        guard let template = learned.object(0, as: ObjectTemplate.self), template.type == type else { return nil }
        return template
    }

    fileprivate static func store<T>(_ value: Any?, as _: T.Type, at address: UnsafeMutableRawPointer) -> Bool {
        if let value {
            if AnyUnboxing.unbox(value, as: T.self, into: address) { return true }
            // A pattern, not `as?`: generic code would instantiate `Optional<T>`'s
            // metadata on every call.
            switch value {
            case let typed as T:
                address.initializeMemory(as: T.self, to: typed)
                return true
            default:
                return false
            }
        }
        guard TypeKind.isOptional(T.self), let optional = T.self as? any OptionalMarker.Type else { return false }
        switch optional.noneValue {
        case let none as T:
            address.initializeMemory(as: T.self, to: none)
            return true
        default:
            return false
        }
    }

    fileprivate static func template<T>(for sample: AnyObject, as _: T.Type) -> ObjectTemplate? {
        // The words the cast to `T` defines, without reading the ones it leaves
        // undefined (an `Any` holding a reference leaves two): those are written as 0.
        guard let words = ExistentialWords.of(sample, as: T.self) else { return nil }
        let reference = UInt(bitPattern: Unmanaged.passUnretained(sample).toOpaque())
        guard words.first == reference, !words.dropFirst().contains(reference) else { return nil }
        return ObjectTemplate(type: ObjectIdentifier(Swift.type(of: sample)), rest: words.dropFirst().map { $0 ?? 0 })
    }
}

/// How a value of a declared type that holds an instance of one class is laid out:
/// the reference, then words that are the same for every instance of the class (a
/// protocol existential's metadata and witness tables; none for a class type).
///
/// Invariant: made only from a sample whose value showed that layout (the reference
/// in the first word and nowhere else), for the sample's exact class; a value laid
/// out from it is then what the dynamic cast would have made, without the cast's
/// conformance lookup.
final class ObjectTemplate: @unchecked Sendable {  // immutable
    /// The class whose instances it lays out.
    let type: ObjectIdentifier
    /// The words after the reference.
    private let rest: UnsafeMutableBufferPointer<UInt>

    init(type: ObjectIdentifier, rest: [UInt]) {
        self.type = type
        self.rest = .allocate(capacity: rest.count)
        _ = self.rest.initialize(from: rest)
    }

    deinit { rest.deallocate() }

    /// Initializes the value of `object` at `address`, taking over the reference.
    @inline(__always)
    func layOut(_ object: consuming AnyObject, at address: UnsafeMutableRawPointer) {
        let wordSize = MemoryLayout<UInt>.size
        // Most values are a class reference (no words) or an existential of one
        // protocol (one witness table).
        if rest.count == 1 {
            address.storeBytes(of: rest[0], toByteOffset: wordSize, as: UInt.self)
        } else {
            for index in rest.indices {
                address.storeBytes(of: rest[index], toByteOffset: (index + 1) * wordSize, as: UInt.self)
            }
        }
        address.assumingMemoryBound(to: AnyObject.self).initialize(to: object)
    }
}

/// A dependency's value fixed when a plan is compiled (a published singleton, a
/// bound instance, a ``Provider``, an ``ObjectFactory``, `nil`), kept laid out as
/// its declared type and copied into each build.
///
/// A value that holds one object laid out as an ``ObjectTemplate`` shows (a
/// singleton as its protocol, say) is copied by retaining the object and writing
/// the template's words, without the declared type's generic copy. Invariant: the
/// template is made from the same object cast to the same declared type, which is
/// how the stored value was made (``DependencyLayout/makeTemplate(for:)`` checks that
/// the object's reference is the first word and in no other, and reads only the words
/// the cast defines), so every word the value defines is written as the value holds it.
final class FixedDependency: @unchecked Sendable {  // immutable after init
    private let layout: DependencyLayout
    private let storage: UnsafeMutableRawPointer
    /// The object the value holds, when ``template`` lays the value out.
    private let object: AnyObject?
    private let template: ObjectTemplate?

    /// `nil` when `value` is not of the layout's type.
    init?(_ value: Any?, layout: DependencyLayout) {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(layout.size, 1), alignment: layout.alignment)
        guard layout.store(value, at: storage) else {
            storage.deallocate()
            return nil
        }
        self.layout = layout
        self.storage = storage
        if let value, Swift.type(of: value) is AnyClass {
            let object = AnyUnboxing.anyObject(value)
            let template = layout.makeTemplate(for: object)
            self.object = template == nil ? nil : object
            self.template = template
        } else {
            self.object = nil
            self.template = nil
        }
    }

    deinit {
        layout.destroy(at: storage)
        storage.deallocate()
    }

    /// Initializes `address` with a copy of the value.
    @inline(__always)
    func copy(to address: UnsafeMutableRawPointer) {
        if let template, let object {
            template.layOut(object, at: address)
        } else {
            layout.copy(from: storage, to: address)
        }
    }
}
