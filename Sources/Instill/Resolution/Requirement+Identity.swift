// What a requirement is called and which property it names: for messages, chains and
// graphs, and for a subclass's `+`, which replaces an inherited requirement of the same
// property. Nothing here writes (see `Requirement.swift` and `PropertyWriter.swift`).
extension Requirement {
    /// The property's name (see `PropertyNames`), or, when no name can be proven,
    /// the key path's own description after its root (`<computed 0x… (Engine)>`).
    var propertyName: String {
        declaredName ?? PropertyNames.name(of: self) ?? PropertyNames.unnamedDescription(of: self)
    }

    /// How chains and graphs show this entry after its type's name: the property's
    /// name (``propertyName``; an `@Injected` property's own), or, for a closure entry,
    /// the declaration as written, `fills(Engine)` or `fills(Headlight named "left")`.
    var label: String {
        guard isClosureEntry else { return propertyName }
        return "fills(\(DeclaredDependency.label(of: valueType.type, name: name)))"
    }

    /// The property's name when it can be proven (see `PropertyNames`); an `@Injected`
    /// property's name comes from its class's field records.
    var provenPropertyName: String? { declaredName ?? PropertyNames.name(of: self) }

    /// Whether the entry was declared with `fills`: a closure that names no property
    /// (an `@Injected` property's entry names its property).
    var isClosureEntry: Bool { keyPath == nil && declaredName == nil }

    /// Whether the key path goes through another property (`\Car.engine.piston`):
    /// the injector fills only an object's own properties. Known only from the key
    /// path's layout: `false` where ``LayoutReading`` is off (no public operation
    /// counts a key path's components).
    var isNested: Bool { (layout?.components.count ?? 1) > 1 }

    /// Whether `other` names the same property, whatever subclass its key path is
    /// rooted at: the same key path, or, from roots of one class hierarchy with the
    /// same value type, the ancestor's key path re-rooted at the descendant equals the
    /// descendant's (``isSameKeyPath(_:rerootedAt:as:)``).
    ///
    /// A closure entry names no property it can be compared by: it names none.
    func namesSameProperty(as other: Requirement) -> Bool {
        guard let keyPath, let otherKeyPath = other.keyPath else { return false }
        if keyPath == otherKeyPath { return true }
        guard valueType == other.valueType, rootType != other.rootType,
            let root = rootType.type as? AnyClass, let otherRoot = other.rootType.type as? AnyClass
        else { return false }
        if isClass(root, orSubclassOf: ObjectIdentifier(otherRoot)) {
            return Self.isSameKeyPath(other, otherKeyPath, rerootedAt: root, as: self, keyPath)
        }
        if isClass(otherRoot, orSubclassOf: ObjectIdentifier(root)) {
            return Self.isSameKeyPath(self, keyPath, rerootedAt: otherRoot, as: other, otherKeyPath)
        }
        return false
    }

    /// Whether `ancestor`'s key path, rooted at a superclass of `root`, names the
    /// property `descendant`'s key path (rooted at `root`) names.
    ///
    /// Key path equality decides: the standard library re-roots `ancestor`'s key path
    /// at `root` (the same components, typed as rooted at `root`; it is only compared,
    /// never applied), and two key paths of one root are equal exactly when their
    /// components are (a stored property's offset, an accessor's identity), which
    /// holds on every platform and reads no layout. Below macOS 14, iOS 17, tvOS 17
    /// and watchOS 10 the standard library has no re-rooting: there the one component
    /// each key path's own layout shows is compared (``KeyPathLayout``), so the answer
    /// is `false` where layout is unknown as well.
    ///
    /// The re-rooting traps on a key path that is neither a `KeyPath` nor a
    /// `ReferenceWritableKeyPath`: a requirement's is always exactly
    /// `ReferenceWritableKeyPath<Root, Value>` (the class is not `open`, so a value of
    /// that static type is an instance of exactly that class).
    fileprivate static func isSameKeyPath(
        _ ancestor: Requirement, _ ancestorKeyPath: AnyKeyPath, rerootedAt root: AnyClass,
        as descendant: Requirement, _ descendantKeyPath: AnyKeyPath
    ) -> Bool {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return KeyPathLayout.rerooted(ancestorKeyPath, at: root) == descendantKeyPath
        }
        guard let component = ancestor.layout?.single else { return false }
        return component == descendant.layout?.single
    }
}
