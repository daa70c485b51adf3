/// One entry of ``Requirements``: what to resolve, and how to write it.
///
/// An entry is declared with a key path (`Requirements(\Car.engine)`), with a closure
/// that assigns (`fills(Engine.self) { $0.engine = $1 }`, a *closure entry*), or by an
/// `@Injected` property, found in the class's field records (an *injected entry*, a
/// closure entry whose closure writes the property's storage; see
/// `Requirement+Injected.swift`). All give the engine the same writers below, so every
/// path (the resolver, plans, back references, the async driver, validation and graphs)
/// treats them alike; only what a key path adds is missing from a closure entry: a
/// property name (an injected entry has its field's), a layout (so no offset write, no
/// template), the current value (an injected entry reads it), and an identity for `+`.
final class Requirement: Sendable {
    /// The key path of an entry declared with one; `nil` for a closure entry.
    let keyPath: (AnyKeyPath & Sendable)?
    let rootType: TypeReference
    let valueType: TypeReference
    let dependency: Dependency
    let name: String?
    /// Where the entry is declared; `nil` for an injected entry (the field records keep
    /// no line).
    let location: SourceLocation?
    /// The property an injected entry fills (`terminal` for `@Injected var terminal`);
    /// `nil` for the others.
    let declaredName: String?
    /// Whether an instance of the given type can be written through this key path.
    let isApplicable: @Sendable (Any.Type) -> Bool
    /// Writes a resolved value; `false` when the value is not of the property's type.
    let write: @Sendable (AnyObject, Any) -> Bool
    /// The reference engine's ``write``: `as?` casts of the object and the value, then
    /// a write through the typed key path (or the closure entry's call); `false` when
    /// either cast fails.
    let writeThroughKeyPath: @Sendable (AnyObject, Any) -> Bool
    /// For a property whose type is a class `W` (or `W?`, `W!`): `W`. An instance
    /// of exactly `W` is written with ``writeObject`` without a dynamic cast.
    let exactClass: ObjectIdentifier?
    /// Writes an instance of ``exactClass`` (or a subclass).
    let objectWriter: ObjectWriter
    /// For a member of a `fills` of several values: the group whose one closure
    /// writes it with the others (and its ``objectWriter``, which writes nothing
    /// alone). `nil` for any other entry.
    let group: FillGroup?
    /// The position of a member in its ``group``: 0 for the first, which a build meets
    /// first and writes the whole group at.
    let groupPosition: Int
    /// What the key path object says it does (`nil` when its layout is unknown, and
    /// always where ``LayoutReading`` is off).
    let layout: KeyPathLayout?
    /// The current value of the property, or `nil` when it is an empty optional; `nil`
    /// itself for a closure entry, which can write its property but not read it
    /// (`audit(graphOf:)`, the only reader, looks through `Mirror` instead).
    let read: (@Sendable (AnyObject) -> Any?)?
    /// Makes a plan's writer for this property (one closure for both, so that a
    /// requirement allocates one context fewer):
    /// - given a sample object, a ``ConcreteWriter`` for its class (see
    ///   ``learnWriter(from:)``), or `nil` when the property cannot be written that way;
    /// - given `nil`, the ``KeyPathWrite`` a plan's reference step calls. For a property
    ///   of an optional type, it casts the object to the wrapped type, not to the
    ///   optional (a cast into an optional takes the runtime's slowest path); finding
    ///   that out asks a conformance question, so it is made once, when a plan is
    ///   compiled.
    ///
    /// - asked for a store, a ``PropertyStore`` writing values of the property's type
    ///   without casting each one from `Any`.
    private let makeWriter: @Sendable (WriterRequest) -> WriterMade
    /// The ``ConcreteWriter`` learned for this property (retained), or 1 when none can be.
    private let learnedWriter = AtomicSlots(count: 1)

    /// - Parameter dependency: what the property asks for, when the declaration knew it
    ///   at compile time (see ``Dependency/injectable(_:isOptional:)``); `nil` reads it
    ///   from `Value` at run time.
    init<Root: AnyObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        name: String?,
        location: SourceLocation,
        dependency: Dependency? = nil
    ) {
        self.keyPath = keyPath
        self.rootType = TypeReference(Root.self)
        self.valueType = TypeReference(Value.self)
        self.dependency = dependency ?? Dependency(for: Value.self)
        self.name = name
        self.location = location
        self.declaredName = nil
        self.isApplicable = { $0 is Root.Type }
        let layout = KeyPathLayout(keyPath)
        self.layout = layout
        // The key path itself says it stores to one field at this offset, and the
        // class's field records agree that a field of exactly `Value` starts there.
        // A reference-only build never writes at an offset.
        let storedOffset =
            Accelerators.isReferenceOnlyBuild ? nil : layout?.storedField(in: Root.self, valueType: Value.self)?.offset
        // Patterns, not `as? Value`: generic code would instantiate `Optional<Value>`'s
        // metadata on every call.
        let writeThroughKeyPath: @Sendable (AnyObject, Any) -> Bool = { object, value in
            guard let root = object as? Root else { return false }
            switch value {
            case let typed as Value:
                root[keyPath: keyPath] = typed
                return true
            default:
                return false
            }
        }
        self.writeThroughKeyPath = writeThroughKeyPath
        if let offset = storedOffset {
            // Store where the key path would, without the key path's projection
            // (which allocates a box per write).
            self.write = { object, value in
                switch value {
                case let typed as Value:
                    StoredProperty.assign(typed, at: offset, in: object)
                    return true
                default:
                    return false
                }
            }
        } else if Accelerators.isReferenceOnlyBuild {
            self.write = writeThroughKeyPath
        } else {
            self.write = { object, value in
                switch value {
                case let typed as Value:
                    Downcast.known(object, as: Root.self)[keyPath: keyPath] = typed
                    return true
                default:
                    return false
                }
            }
        }
        let dependency = self.dependency
        let isClassProperty =
            dependency.kind == .object && dependency.target.type is AnyClass && !dependency.isNestedOptional
        self.exactClass = isClassProperty ? dependency.target.id : nil
        // `Value` is a class or an optional of one: one strong reference, laid out as
        // `AnyObject?` (for other properties the writer is never used).
        self.objectWriter = ReferenceWriter(keyPath, storedOffset: isClassProperty ? storedOffset : nil)
        self.group = nil
        self.groupPosition = 0
        self.makeWriter = { request in
            switch request {
            case .concrete(let sample):
                return .concrete(ConcreteWriter.make(for: sample, into: keyPath, offset: storedOffset))
            case .keyPath:
                return .keyPath(keyPathWrite(keyPath))
            case .store(let directly):
                if directly, let offset = storedOffset {
                    return .store(
                        TypedPropertyStore<Value> { object, value in
                            StoredProperty.assign(value, at: offset, in: object)
                        })
                }
                return .store(
                    TypedPropertyStore<Value> { object, value in
                        if directly {
                            Downcast.known(object, as: Root.self)[keyPath: keyPath] = value
                        } else if let root = object as? Root {
                            root[keyPath: keyPath] = value
                        }
                    })
            }
        }
        self.read = { object in
            let value: Any = Downcast.known(object, as: Root.self)[keyPath: keyPath]
            if let optional = value as? any OptionalMarker, optional.isNone { return nil }
            return value
        }
    }

    /// A closure entry: `assign` writes the resolved value into its root object.
    ///
    /// No key path is made, so the runtime instantiates no key path class for `Root`
    /// and `Value` (about 100,000 instructions per key path, the first time it is
    /// evaluated). The writers call `assign`: the reference write after `as?` casts of
    /// the object and the value; the others after the checks a key path's writers make
    /// (the object is of `Root`: ``isApplicable`` holds for every object the injector
    /// fills, see `InjectableMetadata`; a value written without a cast is of the class
    /// ``exactClass`` names). Nothing is allocated per write.
    ///
    /// - Parameters:
    ///   - assignObject: for a property of a class type, `assign` made where `Root` and
    ///     the class are known (see `Requirements.filling`): given an object of `Root`
    ///     and an instance of ``exactClass`` (or a subclass), it calls `assign` with
    ///     both, downcast without checks. The writer a plan calls with such objects
    ///     then runs no generic code. `nil` makes it here, generic over `Value`.
    ///   - assignNew: with `assignObject`, `assign` given a new instance of exactly
    ///     ``exactClass`` from its `init()`, made where both classes are known.
    ///     Not optional: an optional closure is stored reabstracted, and each call
    ///     would go through two thunks.
    ///   - assignsNew: whether `assignNew` is such a closure.
    ///   - dependency: as for a key path.
    ///   - group: for a member of a `fills` of several values, its group (see
    ///     ``FillGroup``); `assign` is then never called.
    ///   - position: the member's position in `group`.
    ///   - declaredName: for an injected entry, the property's name.
    ///   - referenceAssign: for an injected entry, what the reference write calls in
    ///     place of `assign` (which may read the property's storage at a proven offset).
    ///   - read: for an injected entry, reads the property's current value.
    init<Root: AnyObject, Value>(
        assigning assign: @escaping @Sendable (Root, Value) -> Void,
        assignObject: (@Sendable (AnyObject, consuming AnyObject) -> Void)? = nil,
        assignNew: @escaping @Sendable (AnyObject) throws -> Void = ClosureObjectWriter.assignsNothing,
        assignsNew: Bool = false,
        name: String?,
        location: SourceLocation?,
        dependency: Dependency? = nil,
        group: FillGroup? = nil,
        position: Int = 0,
        declaredName: String? = nil,
        referenceAssign: (@Sendable (Root, Value) -> Void)? = nil,
        read: (@Sendable (AnyObject) -> Any?)? = nil
    ) {
        self.keyPath = nil
        self.group = group
        self.groupPosition = position
        self.rootType = TypeReference(Root.self)
        self.valueType = TypeReference(Value.self)
        self.dependency = dependency ?? Dependency(for: Value.self)
        self.name = name
        self.location = location
        self.declaredName = declaredName
        self.isApplicable = { $0 is Root.Type }
        self.layout = nil
        self.read = read
        // Patterns, not `as? Value`, as for a key path.
        let referenceAssign = referenceAssign ?? assign
        let writeThroughKeyPath: @Sendable (AnyObject, Any) -> Bool = { object, value in
            guard let root = object as? Root else { return false }
            switch value {
            case let typed as Value:
                referenceAssign(root, typed)
                return true
            default:
                return false
            }
        }
        self.writeThroughKeyPath = writeThroughKeyPath
        if Accelerators.isReferenceOnlyBuild {
            self.write = writeThroughKeyPath
        } else {
            self.write = { object, value in
                switch value {
                case let typed as Value:
                    assign(Downcast.known(object, as: Root.self), typed)
                    return true
                default:
                    return false
                }
            }
        }
        let dependency = self.dependency
        let isClassProperty =
            dependency.kind == .object && dependency.target.type is AnyClass && !dependency.isNestedOptional
        self.exactClass = isClassProperty ? dependency.target.id : nil
        let checked = ClosureKeyPathWrite { object, value in
            let root: Root
            if Swift.type(of: object) == Root.self {
                root = Downcast.known(object, as: Root.self)
            } else if let cast = object as? Root {
                root = cast
            } else {
                return Swift.type(of: value)
            }
            switch value {
            case let typed as Value:
                assign(root, typed)
                return nil
            default:
                return Swift.type(of: value)
            }
        }
        if let group {
            self.objectWriter = group
        } else if isClassProperty, let assignObject {
            self.objectWriter = ClosureObjectWriter(assignObject, assignNew: assignNew, assignsNew: assignsNew)
        } else if isClassProperty {
            // `Value` is a class or an optional of one, laid out as one reference, and
            // the writer is given instances of `exactClass` (or a subclass): the value
            // is a `Value` without a cast.
            self.objectWriter = ClosureObjectWriter { object, value in
                assign(Downcast.known(object, as: Root.self), Downcast.known(consume value, as: Value.self))
            }
        } else {
            self.objectWriter = checked  // never used for other properties
        }
        // A template lays the value out in a temporary, which `assign` then takes: a
        // closure entry has no property of its own to lay it out in.
        self.makeWriter = { request in
            switch request {
            case .concrete(let sample):
                // A member of a group is written by the group's closure, never alone.
                return .concrete(group == nil ? ConcreteWriter.make(for: sample, offset: nil, assign: assign) : nil)
            case .keyPath: return .keyPath(checked)
            case .store(let directly):
                return .store(
                    TypedPropertyStore<Value> { object, value in
                        if directly {
                            assign(Downcast.known(object, as: Root.self), value)
                        } else if let root = object as? Root {
                            referenceAssign(root, value)
                        }
                    })
            }
        }
    }

    deinit { learnedWriter.releaseObject(0) }

    /// Whether no writer has been learned or ruled out yet.
    @inline(__always)
    var isLearningWriter: Bool { learnedWriter.load(0) == 0 }

    /// Learns a ``ConcreteWriter`` from an object just written through ``write``: its
    /// class's later instances can then be written without a dynamic cast.
    func learnWriter(from sample: AnyObject) {
        guard isLearningWriter else { return }
        if case .concrete(let made) = makeWriter(.concrete(sample)), let writer = made {
            _ = learnedWriter.storeObject(0, writer)
        } else {
            _ = learnedWriter.storeIfEmpty(0, 1)
        }
    }

    /// A plan's reference write of an object into this property.
    func makeKeyPathWrite() -> KeyPathWrite? {
        guard case .keyPath(let write) = makeWriter(.keyPath) else { return nil }
        return write
    }

    /// What writes values of the property's type, directly or through the key path
    /// (see ``HandleWrite``).
    func makeStore(directly: Bool) -> PropertyStore? {
        guard case .store(let store) = makeWriter(.store(directly: directly)) else { return nil }
        return store
    }

    /// The writer for instances of exactly the class `type`, once learned.
    func concreteWriter(for type: ObjectIdentifier) -> ConcreteWriter? {
        guard let writer = learnedWriter.object(0, as: ConcreteWriter.self), writer.type == type else { return nil }
        return writer
    }
}

/// Whether `type` is `ancestor` or one of its subclasses.
func isClass(_ type: AnyClass, orSubclassOf ancestor: ObjectIdentifier) -> Bool {
    var current: AnyClass? = type
    while let candidate = current {
        if ObjectIdentifier(candidate) == ancestor { return true }
        current = _getSuperclass(candidate)
    }
    return false
}
