/// What a requirement asks the injector for.
struct Dependency: Sendable {
    enum Kind: Sendable {
        /// An object of `target`.
        case object
        /// A ``Provider`` or a ``Lazy`` of `target`.
        case provider
        /// An ``ObjectFactory``.
        case objectFactory
    }

    let kind: Kind
    /// The type to resolve: the property's type with `Optional` and `Provider` removed.
    let target: TypeReference
    /// Whether the property may stay `nil` (`T?` and `T!`, and `T??`).
    let isOptional: Bool
    /// Whether the property's type wraps `target` in more than one `Optional`
    /// (`T??`): its values are not laid out as one reference to a `T`.
    let isNestedOptional: Bool
    /// Whether the `.provider` dependency is a ``Lazy``: one per holder, never shared.
    let isLazy: Bool
    /// The ``Provider`` or ``Lazy`` type of a `.provider` dependency.
    let marker: (any ProviderMarker.Type)?

    /// Makes the ``Provider`` or ``Lazy`` value for a `.provider` dependency (`nil` for
    /// another); a lazy made with `inRequestGraph` resolves in the graph of the running
    /// request.
    func makeProvider(_ injector: Injector, _ name: String?, _ inRequestGraph: Bool) -> Any? {
        marker?.make(injector: injector, name: name, inRequestGraph: inRequestGraph)
    }

    /// What a property or parameter of `valueType` asks for, read at run time.
    ///
    /// Each wrapper is recognised from the metatype's kind before any conformance is
    /// asked of the runtime (``TypeKind``), so a type that is none of them (a class,
    /// a protocol, a value) costs no conformance search here: the first question
    /// about a type searches every conformance in the program.
    init(for valueType: Any.Type) {
        // `T??` (or deeper) is filled as `T?` is, from `T`: a binding of `T?` is
        // refused, so looking that up would fail with advice that cannot be followed.
        var unwrapped = valueType
        var optionals = 0
        while TypeKind.isOptional(unwrapped), let optional = unwrapped as? any OptionalMarker.Type {
            optionals += 1
            unwrapped = optional.wrappedType
        }
        isOptional = optionals > 0
        isNestedOptional = optionals > 1
        if TypeKind.isHandle(unwrapped), let provider = unwrapped as? any ProviderMarker.Type {
            kind = .provider
            target = TypeReference(provider.valueType)
            isLazy = provider.isLazy
            marker = provider
        } else if unwrapped == ObjectFactory.self {
            kind = .objectFactory
            target = TypeReference(ObjectFactory.self)
            isLazy = false
            marker = nil
        } else {
            kind = .object
            target = TypeReference(unwrapped)
            isLazy = false
            marker = nil
        }
    }
}

extension Dependency {
    private init(object target: Any.Type, isOptional: Bool) {
        self.kind = .object
        self.target = TypeReference(target)
        self.isOptional = isOptional
        self.isNestedOptional = false
        self.isLazy = false
        self.marker = nil
    }

    /// An `Injectable` object, known to be one where it was declared: the type is
    /// recorded as injectable (``InjectableMetadata/declare(_:)``), so building it
    /// asks the runtime no conformance question.
    static func injectable<Value: Injectable>(_: Value.Type, isOptional: Bool) -> Dependency {
        InjectableMetadata.declare(Value.self)
        return Dependency(object: Value.self, isOptional: isOptional)
    }

    /// A main-actor object, known to be one where it was declared.
    static func mainActor<Value: MainActorInjectable>(_: Value.Type, isOptional: Bool) -> Dependency {
        InjectableMetadata.declare(mainActor: Value.self)
        return Dependency(object: Value.self, isOptional: isOptional)
    }
}

/// A metatype that can be stored in `Sendable` values.
struct TypeReference: Sendable, Hashable, CustomStringConvertible {
    let type: Any.Type

    init(_ type: Any.Type) { self.type = type }

    var id: ObjectIdentifier { ObjectIdentifier(type) }
    var description: String { typeName(type) }

    static func == (lhs: TypeReference, rhs: TypeReference) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Where a requirement or binding was declared.
struct SourceLocation: Sendable, CustomStringConvertible {
    let file: StaticString
    let line: UInt

    var description: String { "\(file):\(line)" }
}

/// Lets the injector see through `Optional` (and so `T!`) at run time.
protocol OptionalMarker: SendableMetatype {
    static var wrappedType: Any.Type { get }
    /// `nil` of this optional type.
    static var noneValue: Self { get }
    var isNone: Bool { get }
    /// The wrapped value, `nil` for `none`.
    var wrappedValue: Any? { get }
    /// `value` wrapped, or `nil` when it is not a `Wrapped`.
    static func wrapping(_ value: Any) -> Self?
    /// `object` cast to `Wrapped` and wrapped; `none`, with `failed` set, when the
    /// cast fails.
    static func wrapping(_ object: AnyObject, failed: inout Bool) -> Self
}

/// An optional of a class type (`W?`, `W!` with `W: AnyObject`): laid out as one
/// reference, so it is stored without its generic metadata.
protocol ObjectOptionalMarker: OptionalMarker {
    /// `object` cast to `Wrapped` (a class cast) and wrapped; `none`, with `failed`
    /// set, when the cast fails.
    static func wrappingObject(_ object: AnyObject, failed: inout Bool) -> Self
}

extension Optional: ObjectOptionalMarker where Wrapped: AnyObject {
    static func wrappingObject(_ object: AnyObject, failed: inout Bool) -> Self {
        // An instance of exactly `Wrapped` (the usual case): comparing the class
        // proves the downcast.
        if let exact = Downcast.exactly(object, as: Wrapped.self) { return .some(exact) }
        guard let wrapped = object as? Wrapped else {
            failed = true
            return .none
        }
        return .some(wrapped)
    }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
    static var noneValue: Self { nil }
    var isNone: Bool { self == nil }
    var wrappedValue: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
    static func wrapping(_ value: Any) -> Self? {
        guard let wrapped = value as? Wrapped else { return nil }
        return .some(wrapped)
    }
    static func wrapping(_ object: AnyObject, failed: inout Bool) -> Self {
        // A pattern, not `as?`: generic code would instantiate `Optional<Wrapped>`'s
        // metadata for the cast's result.
        switch object {
        case let wrapped as Wrapped:
            return .some(wrapped)
        default:
            failed = true
            return .none
        }
    }
}

/// Lets the injector recognise `Provider<T>` and `Lazy<T>` at run time.
protocol ProviderMarker: SendableMetatype {
    static var valueType: Any.Type { get }
    /// Whether each holder needs a value of its own (``Lazy`` keeps what it resolved).
    static var isLazy: Bool { get }
    /// The generic type's name, for messages: `Provider`, `Lazy`.
    static var genericName: String { get }
    /// A value asking `injector` for `name`; a lazy made `inRequestGraph` resolves in
    /// the graph of the running request (see ``LazyGraph``), any other in none.
    static func make(injector: Injector, name: String?, inRequestGraph: Bool) -> Self
}

extension ProviderMarker {
    /// Whether ``make(as:injector:name:inRequestGraph:)`` can make a `Value`: `Self`,
    /// or optionals of it (`T?`, `T!`, `T??`).
    static func isMade<Value>(as _: Value.Type) -> Bool {
        var type: Any.Type = Value.self
        while let optional = type as? any OptionalMarker.Type { type = optional.wrappedType }
        return type == Self.self
    }

    /// ``make(injector:name:inRequestGraph:)``'s value as `Value`, the type of the
    /// property it is for, which ``isMade(as:)`` accepted. The cast is from a type
    /// known here, not from `Any`, and no `Optional` of a generic type is formed (its
    /// metadata would be looked up on every call).
    static func make<Value>(as _: Value.Type, injector: Injector, name: String?, inRequestGraph: Bool) -> Value {
        make(injector: injector, name: name, inRequestGraph: inRequestGraph) as! Value
    }
}
