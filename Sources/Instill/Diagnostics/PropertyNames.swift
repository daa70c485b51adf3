/// Recovers a requirement's property name for messages, graphs and audits, only
/// from sources that say which property the key path is: never by guessing.
///
/// In order:
/// 1. A key path that stores to one field of a class (a stored property of a final
///    class, or a `final` one): the field its own layout stores to, named by the
///    class's field records (see ``KeyPathLayout/storedFieldName(in:valueType:)``).
///    Exact in every build configuration, where ``LayoutReading`` is on.
/// 2. The key path's description, when the runtime names the property there
///    (`\Car.engine`).
/// 3. On Linux, a key path through accessors (a non-final class's property): the
///    symbol of its accessor identity (the getter's method descriptor) or of its
///    getter, from the symbol table (see `KeyPathSymbols`).
///
/// Otherwise there is no name: messages show the key path's own description
/// (``unnamedDescription(of:)``). Only error and diagnostic paths call this, and
/// each answer is cached.
enum PropertyNames {
    private static let cache = LockedBox<[AnyKeyPath: String?]>([:])

    /// The property's name, or `nil` when none can be proven (always, for a closure
    /// entry: it has no key path).
    static func name(of requirement: Requirement) -> String? {
        guard let keyPath = requirement.keyPath else { return nil }
        if let cached = cache.withLock({ $0[keyPath] }) { return cached }
        let name = computeName(of: requirement, keyPath)
        cache.withLock { $0[keyPath] = name }
        return name
    }

    /// The key path's description after its root: what a message shows for a
    /// property without a proven name (`<computed 0x… (Engine)>`); empty for a
    /// closure entry (see ``Requirement/label``).
    static func unnamedDescription(of requirement: Requirement) -> String {
        guard let keyPath = requirement.keyPath else { return "" }
        let description = String(describing: keyPath)
        if let rest = afterRoot(description, root: requirement.rootType.type) { return rest }
        return description
    }

    private static func computeName(of requirement: Requirement, _ keyPath: AnyKeyPath) -> String? {
        if let root = requirement.rootType.type as? AnyClass,
            let name = requirement.layout?.storedFieldName(in: root, valueType: requirement.valueType.type)
        {
            return name
        }
        if let rest = afterRoot(String(describing: keyPath), root: requirement.rootType.type),
            !rest.contains("<computed"), !rest.isEmpty
        {
            return rest
        }
        #if os(Linux)
            if case .computed(let id, _) = requirement.layout?.single,
                let name = KeyPathSymbols.propertyName(descriptorAddress: id)
            {
                return name
            }
            if let name = KeyPathSymbols.propertyName(getterAddress: accessorAddress(keyPath)) {
                return name
            }
        #endif
        return nil
    }

    /// `engine` of `\Car.engine`, when the description starts with the root's name.
    private static func afterRoot(_ description: String, root: Any.Type) -> String? {
        let prefix = "\\" + _typeName(root, qualified: false) + "."
        guard description.hasPrefix(prefix) else { return nil }
        return String(description.dropFirst(prefix.count))
    }

    #if os(Linux)
        private static func accessorAddress(_ keyPath: AnyKeyPath) -> UInt {
            let description = String(describing: keyPath)
            guard let marker = description.firstRange(of: "<computed 0x") else { return 0 }
            let digits = description[marker.upperBound...].prefix { $0.isHexDigit }
            return UInt(digits, radix: 16) ?? 0
        }
    #endif
}
