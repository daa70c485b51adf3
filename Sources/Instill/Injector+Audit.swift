extension Injector {
    /// Looks through an assembled object with `Mirror` for stored properties that
    /// are still `nil`: those not listed in `requires` (usually a requirement
    /// someone forgot to list) and listed ones that were left empty.
    ///
    /// A `nil` property that is not listed is reported with its cause when the
    /// injector can see one: a subclass's `requires` that Swift never calls, or an
    /// override that drops `super.requires`. Listed properties are recognised by
    /// their proven names (see <doc:Diagnostics>); a property whose name the build
    /// cannot prove is never called unlisted: a `nil` property of its type is
    /// reported as ``AuditReport/Finding/Kind-swift.enum/possiblyRequired``.
    ///
    /// Call it in tests or debug builds on objects the injector built; it is not
    /// meant for hot paths.
    ///
    /// ```swift
    /// let car = try injector.getObject(Car.self)
    /// #expect(injector.audit(car).isClean)
    /// ```
    public func audit(_ object: AnyObject) -> AuditReport {
        let type: AnyObject.Type = Swift.type(of: object)
        let metadata = InjectableMetadata.of(dynamic: type)
        let known = metadata != nil || hasBinding(forTypeIdentifier: ObjectIdentifier(type))
        return AuditReport(typeName: typeName(type), findings: findings(in: object), isUnknownType: !known)
    }

    /// Builds `type` once and audits every `Injectable` object of its graph: the
    /// root and, recursively, each object its requirements were filled with and each
    /// object its initializer (or its binding's closure) received.
    ///
    /// What an initializer or a binding's closure received, and what a requirement
    /// declared with a closure (`fills(Engine.self) { $0.engine = $1 }`) was filled
    /// with, cannot be read back through a key path: for those, the audit follows each
    /// stored property of the object that holds an instance of the dependency's type.
    ///
    /// Run it in a test over each root of an app: it reports, before anything can
    /// crash on an implicitly unwrapped `nil`, every property left `nil`, with the
    /// fix for its cause (see ``AuditReport/Finding/Kind-swift.enum``). A property
    /// left out of every declaration whose type the injector can fill is reported
    /// with the key path to add to `requires`. When the graph has an async step, write
    /// `try await injector.audit(graphOf:)`, which builds the root with `await getObject`.
    ///
    /// ```swift
    /// @Test func appGraphIsComplete() throws {
    ///     let injector = try Injector(modules: [AppModule()])
    ///     let report = try injector.audit(graphOf: Router.self)
    ///     #expect(report.isClean, "\(report)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the root to build and audit.
    ///   - name: the binding name, for a named root.
    ///   - isolation: the caller's actor; leave the default. From main-actor code, the
    ///     graph may hold ``MainActorInjectable`` types.
    /// - Throws: ``InjectionError`` when the root cannot be built;
    ///   ``InjectionError/Kind-swift.struct/asyncRequired`` when its graph has an
    ///   async step.
    public func audit<T>(
        graphOf type: T.Type, named name: String? = nil, isolation: isolated (any Actor)? = #isolation
    ) throws -> AuditReport {
        let root: T
        do {
            root = try getObject(type, named: name, isolation: isolation)
        } catch let error as InjectionError where error.kind == .asyncRequired {
            throw error.auditedSynchronously(type, named: name)
        }
        return auditGraph(
            from: root, key: BindingKey(type, name: name), type: TypeReference(type), typeName: typeName(type),
            onMainActor: MainActorIsolation.isMainActor(isolation))
    }

    /// The audit of a graph with async steps (async initializers, closures,
    /// providers): builds the root with `await getObject`, then audits its graph as
    /// the synchronous form does.
    ///
    /// ```swift
    /// @Test func appGraphIsComplete() async throws {
    ///     let injector = try Injector(modules: [AppModule()])
    ///     let report = try await injector.audit(graphOf: HabitApp.self)
    ///     #expect(report.isClean, "\(report)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the root to build and audit.
    ///   - name: the binding name, for a named root.
    ///   - isolation: the caller's actor; leave the default. From main-actor code, the
    ///     graph may hold ``MainActorInjectable`` types.
    /// - Throws: ``InjectionError`` when the root cannot be built.
    public func audit<T>(
        graphOf type: T.Type, named name: String? = nil, isolation: isolated (any Actor)? = #isolation
    ) async throws -> AuditReport {
        let root = try await getObject(type, named: name, isolation: isolation)
        return auditGraph(
            from: root, key: BindingKey(type, name: name), type: TypeReference(type), typeName: typeName(type),
            onMainActor: MainActorIsolation.isMainActor(isolation))
    }

    /// The audit of every `Injectable` object reachable from `root`, the value of
    /// `key`, in a request (so that, on the main actor, main-actor types'
    /// declarations are read).
    private func auditGraph(
        from root: Any, key: BindingKey, type: TypeReference, typeName: String, onMainActor: Bool
    ) -> AuditReport {
        withRequest(onMainActor: onMainActor) { _ in
            // Each object with the key it answered: its binding may declare dependencies.
            var queue: [(object: AnyObject, key: BindingKey, type: TypeReference)] = []
            if Swift.type(of: root) is AnyClass { queue.append((root as AnyObject, key, type)) }
            var seen: Set<ObjectIdentifier> = []
            var findings: [AuditReport.Finding] = []
            var index = 0
            while index < queue.count {
                let (object, objectKey, objectType) = queue[index]
                index += 1
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                // What cannot be read back through a key path, found by type in the
                // object's stored properties: what its binding's closure or its
                // initializer received, and what a closure requirement was filled with.
                var unread = bindingDependencies(answering: objectKey, type: objectType)
                if let metadata = InjectableMetadata.of(dynamic: Swift.type(of: object)) {
                    for finding in self.findings(in: object) where !findings.contains(finding) {
                        findings.append(finding)
                    }
                    unread += metadata.initializerDependencies.map { ($0.dependency, $0.name) }
                    for requirement in metadata.requirements where requirement.dependency.kind == .object {
                        guard let read = requirement.read else {
                            unread.append((requirement.dependency, requirement.name))
                            continue
                        }
                        var value = read(object)
                        while let inner = value, let optional = inner as? any OptionalMarker {
                            value = optional.wrappedValue
                        }
                        guard let value, Swift.type(of: value) is AnyClass else { continue }
                        let target = requirement.dependency.target
                        queue.append((value as AnyObject, BindingKey(target.type, name: requirement.name), target))
                    }
                }
                for (dependency, name) in unread where dependency.kind == .object {
                    for held in storedObjects(of: object, holding: dependency.target) {
                        queue.append((held, BindingKey(dependency.target.type, name: name), dependency.target))
                    }
                }
            }
            return AuditReport(typeName: typeName, findings: findings, isUnknownType: false)
        }
    }

    /// What the closure or provider binding that answers `key` declares, when one does.
    private func bindingDependencies(answering key: BindingKey, type: TypeReference) -> [(Dependency, String?)] {
        guard var recipe = try? recipe(for: key, type: type) else { return [] }
        while case .link(let target) = recipe.source { recipe = target }
        guard case .build = recipe.source else {
            return recipe.binding?.dependencies?.entries.map { ($0.dependency, $0.name) } ?? []
        }
        return []
    }

    /// The `nil` optional stored properties of `object`, superclass properties first.
    private func findings(in object: AnyObject) -> [AuditReport.Finding] {
        let type: AnyObject.Type = Swift.type(of: object)
        let metadata = InjectableMetadata.of(dynamic: type)
        let requirements = metadata?.requirements ?? []
        let required = Set(requirements.compactMap(\.provenPropertyName))
        // Value types of key-path requirements whose property has no proven name.
        let unnamed = Set(requirements.filter { $0.keyPath != nil && $0.provenPropertyName == nil }.map(\.valueType))
        // Types of closure entries, without `Optional`: a property of that type, or an
        // optional of it, may be the one the closure fills (an `@Injected` entry names
        // its own).
        let filled = Set(
            requirements.filter { $0.keyPath == nil && $0.declaredName == nil }.map {
                TypeReference(unwrapped($0.valueType.type))
            })
        var findings: [AuditReport.Finding] = []
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            mirrors.insert(current, at: 0)
            mirror = current.superclassMirror
        }
        for level in mirrors {
            let declaringType = typeName(level.subjectType)
            for child in level.children {
                guard let label = child.label, !label.hasPrefix("$__lazy_storage_$_") else { continue }
                // An `@Injected` property's storage, `_name`: reported when no injector wrote it.
                if label.hasPrefix("_"), let injected = child.value as? any InjectedStorage {
                    if !injected.isFilled {
                        findings.append(
                            AuditReport.Finding(
                                kind: .injectedButNil, typeName: declaringType, property: String(label.dropFirst())))
                    }
                    continue
                }
                guard let optional = child.value as? any OptionalMarker, optional.isNone else { continue }
                let kind: AuditReport.Finding.Kind
                var context: String?
                if required.contains(label) {
                    kind = .requiredButNil
                } else if unnamed.contains(TypeReference(Swift.type(of: child.value)))
                    || (!filled.isEmpty && filled.contains(TypeReference(unwrapped(Swift.type(of: child.value)))))
                {
                    kind = .possiblyRequired
                } else if let metadata, let cause = cause(of: label, declaredIn: level.subjectType, in: metadata) {
                    (kind, context) = cause
                } else {
                    kind = .unlisted
                    context = fillableTypeName(of: Swift.type(of: child.value))
                }
                findings.append(
                    AuditReport.Finding(kind: kind, typeName: declaringType, property: label, context: context))
            }
        }
        return findings
    }

    /// Why `property`, declared in `declaringType`, is not among the requirements of
    /// the object's class, when the class hierarchy shows it.
    private func cause(
        of property: String, declaredIn declaringType: Any.Type, in metadata: InjectableMetadata
    ) -> (AuditReport.Finding.Kind, String)? {
        guard let objectClass = metadata.type.type as? AnyClass, let declaring = declaringType as? AnyClass else {
            return nil
        }
        if metadata.usesDefaultRequirements {
            // Swift calls the protocol's default for every subclass of the class that
            // conforms when that class declares no `requires` itself.
            var conformer: AnyClass = objectClass
            while let superclass = _getSuperclass(conformer), superclass is any Injectable.Type {
                conformer = superclass
            }
            guard ObjectIdentifier(declaring) != ObjectIdentifier(conformer) else { return nil }
            return (.requiresNotCalled, typeName(conformer))
        }
        // A superclass lists it, and the object's class overrides `requires` without it.
        guard ObjectIdentifier(declaring) != ObjectIdentifier(objectClass),
            let declaringMetadata = InjectableMetadata.of(dynamic: declaringType),
            declaringMetadata.requirements.contains(where: { $0.provenPropertyName == property })
        else { return nil }
        return (.superRequiresDropped, metadata.name)
    }

    /// The objects `object`'s stored properties hold (through optionals) that are
    /// instances of `target`: of a class or a subclass, or conforming to a protocol.
    private func storedObjects(of object: AnyObject, holding target: TypeReference) -> [AnyObject] {
        var objects: [AnyObject] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                var value: Any? = child.value
                while let inner = value, let optional = inner as? any OptionalMarker { value = optional.wrappedValue }
                guard let value, Swift.type(of: value) is AnyClass, isInstance(value, of: target.type) else {
                    continue
                }
                objects.append(value as AnyObject)
            }
            mirror = current.superclassMirror
        }
        return objects
    }

    /// The name of a property's type (`propertyType` without its `Optional` layers)
    /// when listing the property's key path, unnamed, would fill it: something is bound
    /// to the type without a name, or it is built automatically; for a ``Provider`` or
    /// a ``Lazy``, the same of its value's type; an ``ObjectFactory`` always.
    private func fillableTypeName(of propertyType: Any.Type) -> String? {
        let dependency = Dependency(for: propertyType)
        let target = dependency.target
        guard dependency.kind == .objectFactory || canAnswer(BindingKey(target.type), type: target) else {
            return nil
        }
        return typeName(unwrapped(propertyType))
    }

    /// `type` without its `Optional` layers.
    private func unwrapped(_ type: Any.Type) -> Any.Type {
        var type = type
        while TypeKind.isOptional(type), let optional = type as? any OptionalMarker.Type { type = optional.wrappedType }
        return type
    }

    private func hasBinding(forTypeIdentifier id: ObjectIdentifier) -> Bool {
        var current: Injector? = self
        while let injector = current {
            if injector.bindings.keys.contains(where: { $0.type == id }) { return true }
            current = injector.parent
        }
        return false
    }
}
