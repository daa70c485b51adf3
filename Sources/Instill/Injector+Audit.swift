extension Injector {
    /// Looks through an assembled object with `Mirror` for stored properties that
    /// are still `nil`: those not listed in `requires` (usually a requirement
    /// someone forgot to list) and listed ones that were left empty.
    ///
    /// Listed properties are recognised by their proven names (see
    /// <doc:DeclaringRequirements>); a property whose name the build cannot prove
    /// is never called unlisted: a `nil` property of its type is reported as
    /// ``AuditReport/Finding/Kind-swift.enum/possiblyRequired``.
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
        let requirements = metadata?.requirements ?? []
        let required = Set(requirements.compactMap(\.provenPropertyName))
        // Value types of requirements whose property has no proven name.
        let unnamed = Set(requirements.filter { $0.provenPropertyName == nil }.map(\.valueType))
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
                let kind: AuditReport.Finding.Kind =
                    required.contains(label)
                    ? .requiredButNil
                    : unnamed.contains(TypeReference(Swift.type(of: child.value))) ? .possiblyRequired : .unlisted
                findings.append(AuditReport.Finding(kind: kind, typeName: declaringType, property: label))
            }
        }
        let known = metadata != nil || hasBinding(forTypeIdentifier: ObjectIdentifier(type))
        return AuditReport(typeName: typeName(type), findings: findings, isUnknownType: !known)
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
