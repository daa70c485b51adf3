/// One entry of ``Requirements``: what to resolve, and how to write it.
struct Requirement: Sendable {
    let keyPath: AnyKeyPath & Sendable
    let rootType: TypeReference
    let valueType: TypeReference
    let dependency: Dependency
    let name: String?
    let location: SourceLocation
    /// Whether an instance of the given type can be written through this key path.
    let isApplicable: @Sendable (Any.Type) -> Bool
    /// Writes a resolved value; `false` when the value is not of the property's type.
    let write: @Sendable (AnyObject, Any) -> Bool
    /// The current value of the property, or `nil` when it is an empty optional.
    let read: @Sendable (AnyObject) -> Any?

    init<Root: AnyObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        name: String?,
        location: SourceLocation
    ) {
        self.keyPath = keyPath
        self.rootType = TypeReference(Root.self)
        self.valueType = TypeReference(Value.self)
        self.dependency = Dependency(for: Value.self)
        self.name = name
        self.location = location
        self.isApplicable = { $0 is Root.Type }
        self.write = { object, value in
            guard let typed = value as? Value else { return false }
            unsafeDowncast(object, to: Root.self)[keyPath: keyPath] = typed
            return true
        }
        self.read = { object in
            let value: Any = unsafeDowncast(object, to: Root.self)[keyPath: keyPath]
            if let optional = value as? any OptionalMarker, optional.isNone { return nil }
            return value
        }
    }

    /// The property's name, from the key path (see `PropertyNames`).
    var propertyName: String { PropertyNames.name(of: self) }
}

/// What a requirement asks the injector for.
struct Dependency: Sendable {
    enum Kind: Sendable {
        /// An object of `target`.
        case object
        /// A ``Provider`` of `target`.
        case provider
        /// An ``ObjectFactory``.
        case objectFactory
    }

    let kind: Kind
    /// The type to resolve: the property's type with `Optional` and `Provider` removed.
    let target: TypeReference
    /// Whether the property may stay `nil` (`T?` and `T!`).
    let isOptional: Bool
    /// Makes the ``Provider`` value for a `.provider` dependency.
    let makeProvider: (@Sendable (Injector, String?) -> Any)?

    init(for valueType: Any.Type) {
        var unwrapped = valueType
        if let optional = valueType as? any OptionalMarker.Type {
            isOptional = true
            unwrapped = optional.wrappedType
        } else {
            isOptional = false
        }
        if let provider = unwrapped as? any ProviderMarker.Type {
            kind = .provider
            target = TypeReference(provider.valueType)
            makeProvider = { injector, name in provider.make(injector: injector, name: name) }
        } else if unwrapped == ObjectFactory.self {
            kind = .objectFactory
            target = TypeReference(ObjectFactory.self)
            makeProvider = nil
        } else {
            kind = .object
            target = TypeReference(unwrapped)
            makeProvider = nil
        }
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
protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
    var isNone: Bool { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
    var isNone: Bool { self == nil }
}

/// Lets the injector recognise `Provider<T>` at run time.
protocol ProviderMarker: SendableMetatype {
    static var valueType: Any.Type { get }
    static func make(injector: Injector, name: String?) -> Any
}
