/// Requests for a type that wraps what the injector builds: `T?`, `Provider<T>`,
/// `Lazy<T>` and `ObjectFactory` get what a requirement of that type receives.
extension Injector {
    /// Whether a request for `type` is answered by ``resolveWrapper(_:named:arguments:onMainActor:)``:
    /// three reads of type metadata, no conformance lookup.
    @inline(__always)
    static func isWrapperRequest(_ type: Any.Type) -> Bool {
        TypeKind.isOptional(type) || TypeKind.isHandle(type)
            || ObjectIdentifier(type) == ObjectIdentifier(ObjectFactory.self)
    }

    /// Answers a request for `T?`, `Provider<T>` or `ObjectFactory`.
    ///
    /// - `T?`: what a request for `T` gets, or `nil` when nothing is bound to `T`
    ///   under `name` and `T` is not built automatically. Any other failure throws,
    ///   and a closure or provider returning `nil` gives `nil`.
    /// - `Provider<T>`, `Lazy<T>`: a provider (or lazy) asking for `T` under `name`.
    /// - `ObjectFactory`: a factory of this injector; a name is an error (a factory
    ///   has nothing to look up under it).
    @inline(never)
    func resolveWrapper<T>(_ type: T.Type, named name: String?, arguments: [any Sendable], onMainActor: Bool) throws
        -> T
    {
        if let optional = type as? any OptionalMarker.Type {
            return try resolveOptional(
                optional.wrappedType, as: type, named: name, arguments: arguments, onMainActor: onMainActor)
        }
        guard arguments.isEmpty else {
            throw InjectionError.unreadArguments(typeName(type), given: arguments.count, read: 0, reason: .handle)
        }
        let handle: Any
        if let provider = type as? any ProviderMarker.Type {
            handle = provider.make(injector: self, name: name, inRequestGraph: true)
        } else if let name {
            throw InjectionError.namedObjectFactory(name: name, declaredBy: nil)
        } else {
            handle = ObjectFactory(injector: self)
        }
        guard let typed = handle as? T else {
            throw InjectionError.instanceDoesNotConform(typeName(Swift.type(of: handle)), boundTo: typeName(type))
        }
        return typed
    }

    private func resolveOptional<T>(
        _ wrapped: Any.Type, as type: T.Type, named name: String?, arguments: [any Sendable], onMainActor: Bool
    ) throws -> T {
        let none: () throws -> T = {
            guard let optional = type as? any OptionalMarker.Type, let none = optional.noneValue as? T else {
                throw InjectionError.nilValue(typeName(type), forRequirement: false)
            }
            return none
        }
        let reference = TypeReference(wrapped)
        let key = BindingKey(wrapped, name: name)
        let isWrapper = Self.isWrapperRequest(wrapped)
        if !isWrapper, !canAnswer(key, type: reference) {
            return try none()
        }
        func get<Wrapped>(_: Wrapped.Type) throws -> Any? {
            try resolveWrapper(Wrapped.self, named: name, arguments: arguments, onMainActor: onMainActor)
        }
        let produced: () throws -> Any? = {
            if isWrapper { return try _openExistential(wrapped, do: get) }
            // `produce` gives `nil` where a closure or provider returned it: the
            // optional takes it.
            return try self.withRequest(onMainActor: onMainActor) { context in
                try self.produce(self.recipe(for: key, type: reference), arguments: arguments, in: context)
            }
        }
        do {
            guard let value = try produced() else { return try none() }
            guard let optional = type as? any OptionalMarker.Type, let wrapping = optional.wrapping(value),
                let typed = wrapping as? T
            else {
                throw InjectionError.instanceDoesNotConform(typeName(Swift.type(of: value)), boundTo: typeName(type))
            }
            return typed
        } catch var error as InjectionError {
            error.requestedType = typeName(type)
            throw error
        }
    }
}

extension Injector {
    /// What reading a ``Lazy`` of `type` throws when resolving it failed with `error`:
    /// for a type whose initializer takes a typed argument, that a lazy has none to
    /// pass (``InjectionError/lazyArgument(_:argument:)``), which ``validate(roots:isolation:)``
    /// reports too; otherwise `error`.
    func lazyFailure(_ error: InjectionError, of type: Any.Type, named name: String?) -> InjectionError {
        guard error.kind == .argumentMismatch, error.isChainEmpty,
            let recipe = try? recipe(for: BindingKey(type, name: name), type: TypeReference(type)),
            let (metadata, argument) = recipe.typedArgument()
        else { return error }
        var failure = InjectionError.lazyArgument(metadata.name, argument: argument.description)
        failure.requestedType = error.requestedType
        return failure
    }
}

extension Recipe {
    /// The metadata of the type this recipe builds (through its links) and the typed
    /// argument its initializer takes (`Initializer(argument:)`), if it takes one.
    func typedArgument() -> (InjectableMetadata, TypeReference)? {
        var target = self
        while case .link(let linked) = target.source { target = linked }
        guard let metadata = target.objectMetadata, let argument = metadata.initializer.argument,
            !metadata.hasDeclarationError
        else { return nil }
        return (metadata, argument)
    }
}
