/// One dependency an ``Initializer`` or a binding's closure declares: what to
/// resolve, and how messages and graphs show it.
struct DeclaredDependency: Sendable {
    /// What the declared type asks for: an object, a ``Provider``, an ``ObjectFactory``.
    let dependency: Dependency
    /// The type as declared: `Logger?`, `Provider<Wheel>`, `any Database`.
    let declaredType: TypeReference
    let name: String?

    init(_ type: Any.Type, name: String?) {
        self.dependency = Dependency(for: type)
        self.declaredType = TypeReference(type)
        self.name = name
    }

    /// The key the injector resolves.
    var key: BindingKey { BindingKey(dependency.target.type, name: name) }

    /// As chains and graphs show it: `any Database`, `Logger? named "audit"`.
    var label: String {
        var text: String
        if let optional = declaredType.type as? any OptionalMarker.Type {
            let wrapped = typeName(optional.wrappedType)
            text = wrapped.hasPrefix("any ") ? "(\(wrapped))?" : "\(wrapped)?"
        } else {
            text = declaredType.description
        }
        if let name { text += " named \"\(name)\"" }
        return text
    }
}

/// The dependencies an ``Initializer`` or a binding declares, in the order its
/// closure receives them, and where they are declared.
struct DeclaredDependencies: Sendable {
    let entries: [DeclaredDependency]
    let location: SourceLocation

    init(_ entries: [DeclaredDependency], file: StaticString, line: UInt) {
        self.entries = entries
        self.location = SourceLocation(file: file, line: line)
    }

    /// The entries for a parameter pack of declared types.
    static func of<First, each D>(_ first: First.Type, _ types: repeat (each D).Type) -> [DeclaredDependency] {
        var entries = [DeclaredDependency(first, name: nil)]
        for type in repeat each types {
            entries.append(DeclaredDependency(type, name: nil))
        }
        return entries
    }

    /// The entries for a parameter pack of ``Resolved`` declarations.
    static func of<First, each D>(_ first: Resolved<First>, _ declarations: repeat Resolved<each D>)
        -> [DeclaredDependency]
    {
        var entries = [first.declared]
        for declaration in repeat each declarations {
            entries.append(declaration.declared)
        }
        return entries
    }
}

/// The resolved values of declared dependencies, handed out in order as the types
/// the closure declared.
///
/// The resolver fills a buffer of `Any?` (on the stack) with one value per
/// dependency; a closure made by a generic `Initializer` or `Binder` method takes
/// them back out, typed.
struct DependencyValues {
    private let values: UnsafeBufferPointer<Any?>
    private var index = 0

    init(_ values: UnsafeBufferPointer<Any?>) {
        self.values = values
    }

    /// The next value, as a `T`.
    ///
    /// - Throws: ``DependencyMismatch`` when the value is not a `T` (the resolver
    ///   checks what it resolves, so only a binding that produced another type than
    ///   it is bound to gets here).
    mutating func next<T>(_: T.Type) throws -> T {
        defer { index += 1 }
        if let value = values[index] {
            // A pattern, not `as?`: generic code would instantiate `Optional<T>`'s
            // metadata on every call.
            switch value {
            case let typed as T: return typed
            default: throw DependencyMismatch(index: index, given: Swift.type(of: value), expected: T.self)
            }
        }
        if let optional = T.self as? any OptionalMarker.Type {
            switch optional.noneValue {
            case let none as T: return none
            default: break
            }
        }
        throw DependencyMismatch(index: index, given: nil, expected: T.self)
    }
}

/// A declared dependency's value is not of the declared type; the resolver turns it
/// into an ``InjectionError`` with the dependency in its chain.
struct DependencyMismatch: Error {
    let index: Int
    /// The type of the value, or `nil` when there was none.
    let given: TypeReference?
    let expected: TypeReference

    init(index: Int, given: Any.Type?, expected: Any.Type) {
        self.index = index
        self.given = given.map(TypeReference.init)
        self.expected = TypeReference(expected)
    }

    var error: InjectionError {
        guard let given else { return .nilValue(expected.description, forRequirement: true) }
        return .instanceDoesNotConform(given.description, boundTo: expected.description)
    }
}
