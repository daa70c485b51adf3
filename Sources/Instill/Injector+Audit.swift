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
    /// root and, recursively, each object its requirements were filled with.
    ///
    /// A requirement declared with a closure (`fills(Engine.self) { $0.engine = $1 }`)
    /// cannot be read back: for those, the audit follows each stored property of the
    /// object that holds a value of the requirement's type.
    ///
    /// Run it in a test over each root of an app: it reports, before anything can
    /// crash on an implicitly unwrapped `nil`, every property left `nil`, with the
    /// fix for its cause (see ``AuditReport/Finding/Kind-swift.enum``).
    ///
    /// ```swift
    /// @Test func appGraphIsComplete() throws {
    ///     let injector = try Injector(modules: [AppModule()])
    ///     let report = try injector.audit(graphOf: Router.self)
    ///     #expect(report.isClean, "\(report)")
    /// }
    /// ```
    ///
    /// - Throws: ``InjectionError`` when the root cannot be built.
    public func audit<T>(graphOf type: T.Type, named name: String? = nil) throws -> AuditReport {
        let root = try getObject(type, named: name)
        var queue: [AnyObject] = Swift.type(of: root as Any) is AnyClass ? [root as AnyObject] : []
        var seen: Set<ObjectIdentifier> = []
        var findings: [AuditReport.Finding] = []
        var index = 0
        while index < queue.count {
            let object = queue[index]
            index += 1
            guard seen.insert(ObjectIdentifier(object)).inserted,
                let metadata = InjectableMetadata.of(dynamic: Swift.type(of: object))
            else { continue }
            for finding in self.findings(in: object) where !findings.contains(finding) { findings.append(finding) }
            var closureTargets: [TypeReference] = []
            for requirement in metadata.requirements where requirement.dependency.kind == .object {
                guard let read = requirement.read else {
                    closureTargets.append(requirement.dependency.target)
                    continue
                }
                var value = read(object)
                while let inner = value, let optional = inner as? any OptionalMarker { value = optional.wrappedValue }
                if let value, Swift.type(of: value) is AnyClass { queue.append(value as AnyObject) }
            }
            if !closureTargets.isEmpty { queue += storedObjects(of: object, holding: closureTargets) }
        }
        return AuditReport(typeName: typeName(type), findings: findings, isUnknownType: false)
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
        // optional of it, may be the one the closure fills.
        let filled = Set(requirements.filter { $0.keyPath == nil }.map { TypeReference(unwrapped($0.valueType.type)) })
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

    /// The objects `object`'s stored properties hold (through optionals) whose
    /// property type, without `Optional`, is one of `targets`, or whose class is one of
    /// them or a subclass.
    private func storedObjects(of object: AnyObject, holding targets: [TypeReference]) -> [AnyObject] {
        var objects: [AnyObject] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                let declared = TypeReference(unwrapped(Swift.type(of: child.value)))
                var value: Any? = child.value
                while let inner = value, let optional = inner as? any OptionalMarker { value = optional.wrappedValue }
                guard let value, let valueClass = Swift.type(of: value) as? AnyClass else { continue }
                let matches = targets.contains { target in
                    target == declared || isClass(valueClass, orSubclassOf: target.id)
                }
                if matches { objects.append(value as AnyObject) }
            }
            mirror = current.superclassMirror
        }
        return objects
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
