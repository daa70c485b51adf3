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
            return .write(.writer(Kept(write)))
        }
        if let exactClass = requirement.exactClass {
            guard isClass(type, orSubclassOf: exactClass) else { return .never }
            guard accelerators.contains(.directWrites) else { return keyPath() }
            let writer = requirement.objectWriter
            if let offset = writer.storedOffset { return .write(.offset(offset)) }
            retained.append(writer)
            return .write(.writer(Kept(writer)))
        }
        guard accelerators.contains(.existentialTemplates) else { return keyPath() }
        if let writer = requirement.concreteWriter(for: ObjectIdentifier(type)) {
            retained.append(writer)
            if let offset = writer.offset, accelerators.contains(.directWrites) {
                return .write(.template(offset, Kept(writer)))
            }
            return .write(.writer(Kept(writer)))
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
    ) throws(InjectionError) {
        if ObjectIdentifier(Swift.type(of: value)) == requirement.exactClass, accelerators.contains(.directWrites) {
            _ = requirement.objectWriter.write(value, into: object)  // a reference writer refuses nothing
            return
        }
        try write(value, to: requirement, of: object, accelerators: accelerators)
    }

    /// The write of a value of a type known only once made (a closure binding's): an
    /// object through the writer learned for its class where there is one, else as
    /// ``writeObject(_:to:of:accelerators:)`` and ``write(_:to:of:accelerators:)``.
    @inline(__always)
    static func writeMade(
        _ value: Any, to requirement: Requirement, of object: AnyObject, accelerators: Accelerators
    ) throws(InjectionError) {
        guard let reference = AnyUnboxing.reference(value) else {
            return try write(value, to: requirement, of: object, accelerators: accelerators)
        }
        if accelerators.contains(.existentialTemplates), requirement.exactClass == nil,
            let writer = requirement.concreteWriter(for: ObjectIdentifier(Swift.type(of: reference)))
        {
            _ = writer.write(reference, into: object)  // a template refuses nothing
            return
        }
        try writeObject(reference, to: requirement, of: object, accelerators: accelerators)
    }

    /// The resolver's write of a value it resolved for `requirement`: the reference
    /// write, or, where the injector writes directly, the requirement's own write (at
    /// a proven offset, or through the key path after one cast), learning a template
    /// from the first object written when the injector has templates.
    static func write(
        _ value: Any, to requirement: Requirement, of object: AnyObject, accelerators: Accelerators
    ) throws(InjectionError) {
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
/// `Wrapped`), the object *is* an instance of that class, so ``Downcast/exactly(_:as:)`` is
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
    /// Writes the handle, typed; `nil` only if the property's type is not the handle's
    /// (never: the dependency was read from it).
    private let store: HandleStore?

    /// - Parameter injector: the plan's recipe's injector, which keeps the recipe, so
    ///   the plan: a build runs only while it lives (a child keeps its parent). A lazy's
    ///   store does not retain it: that would be a cycle.
    init(_ requirement: Requirement, of injector: Injector, accelerators: Accelerators) {
        let dependency = requirement.dependency
        let store = requirement.makeStore(directly: accelerators.contains(.directWrites))
        if let marker = dependency.marker {
            // A lazy whose value reaches no `.graph` object, whatever asks for it,
            // resolves the same in any graph, so it is made without the graph of the
            // request that makes it (``Injector/needsRequestGraph(_:type:)``).
            let inRequestGraph =
                dependency.isLazy
                && injector.needsRequestGraph(
                    BindingKey(dependency.target.type, name: requirement.name), type: dependency.target)
            self.store = store?.handleStore(
                marker, injector: injector, name: requirement.name, perWrite: dependency.isLazy,
                inRequestGraph: inRequestGraph)
        } else {
            self.store = store?.fixedStore(ObjectFactory(injector: injector))
        }
        super.init(storedOffset: nil)
    }

    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? {
        store?.write(into: object)
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

/// What ``Requirement``'s writer maker is asked to make.
enum WriterRequest {
    /// A ``ConcreteWriter`` for this sample's class.
    case concrete(AnyObject)
    /// The reference write (a ``KeyPathWrite``).
    case keyPath
    /// A ``PropertyStore``, writing directly or through the key path.
    case store(directly: Bool)
}

/// What ``Requirement``'s writer maker made.
enum WriterMade {
    case concrete(ConcreteWriter?)
    case keyPath(KeyPathWrite)
    case store(PropertyStore)
}

/// Writes values of one property's own type, for a ``HandleStore`` (made by the
/// property's ``Requirement``, where the type is known).
class PropertyStore: @unchecked Sendable {  // immutable
    /// The store of the `Provider` or `Lazy` `marker` makes for `name` of `injector`:
    /// one made now for every write, or one per write for a lazy; `nil` when the
    /// property's type is not one `marker` makes (``ProviderMarker/isMade(as:)``).
    func handleStore(
        _ marker: any ProviderMarker.Type, injector: Injector, name: String?, perWrite: Bool, inRequestGraph: Bool
    ) -> HandleStore? {
        fatalError("PropertyStore.handleStore is overridden")
    }

    /// The store writing `value` (an `ObjectFactory`) on every write; `nil` when it is
    /// not of the property's type.
    func fixedStore(_ value: Any) -> HandleStore? {
        fatalError("PropertyStore.fixedStore is overridden")
    }
}

/// A ``PropertyStore`` for a property of type `Value`.
final class TypedPropertyStore<Value>: PropertyStore, @unchecked Sendable {  // immutable
    let store: @Sendable (AnyObject, Value) -> Void

    init(_ store: @escaping @Sendable (AnyObject, Value) -> Void) {
        self.store = store
    }

    override func handleStore(
        _ marker: any ProviderMarker.Type, injector: Injector, name: String?, perWrite: Bool, inRequestGraph: Bool
    ) -> HandleStore? {
        guard marker.isMade(as: Value.self) else { return nil }
        if perWrite {
            return MadeHandleStore(
                marker, injector: injector, name: name, inRequestGraph: inRequestGraph, store: store)
        }
        let value = marker.make(as: Value.self, injector: injector, name: name, inRequestGraph: inRequestGraph)
        return FixedHandleStore(value, store: store)
    }

    override func fixedStore(_ value: Any) -> HandleStore? {
        switch value {
        case let typed as Value: return FixedHandleStore(typed, store: store)
        default: return nil
        }
    }
}

/// Writes a `Provider` or `Lazy` into one property, typed: the handle is made as the
/// property's own type, so no write casts it from `Any` (the runtime's cast into an
/// optional costs more than the rest of the write).
class HandleStore: @unchecked Sendable {  // immutable
    /// Writes the handle into `object`.
    func write(into object: AnyObject) {
        fatalError("HandleStore.write is overridden")
    }
}

/// A ``HandleStore`` writing one handle, made once: a `Provider` or an `ObjectFactory`,
/// which hold nothing of their own.
private final class FixedHandleStore<Value>: HandleStore, @unchecked Sendable {  // immutable
    private let value: Value
    private let store: @Sendable (AnyObject, Value) -> Void

    init(_ value: Value, store: @escaping @Sendable (AnyObject, Value) -> Void) {
        self.value = value
        self.store = store
    }

    override func write(into object: AnyObject) { store(object, value) }
}

/// A ``HandleStore`` making a handle for each write: a `Lazy`, one per holder.
private final class MadeHandleStore<Value>: HandleStore, @unchecked Sendable {  // immutable
    private let marker: any ProviderMarker.Type
    /// Not retained (see ``HandleWrite/init(_:of:accelerators:)``).
    private unowned let injector: Injector
    private let name: String?
    private let inRequestGraph: Bool
    private let store: @Sendable (AnyObject, Value) -> Void

    init(
        _ marker: any ProviderMarker.Type, injector: Injector, name: String?, inRequestGraph: Bool,
        store: @escaping @Sendable (AnyObject, Value) -> Void
    ) {
        self.marker = marker
        self.injector = injector
        self.name = name
        self.inRequestGraph = inRequestGraph
        self.store = store
    }

    override func write(into object: AnyObject) {
        store(object, marker.make(as: Value.self, injector: injector, name: name, inRequestGraph: inRequestGraph))
    }
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
    if let exact = Downcast.exactly(object, as: Root.self) { return exact }
    return object as? Root
}
