@_spi(Reflection) import Swift

/// Recovers a requirement's property name for messages, graphs and audits.
///
/// A key path to a stored property of a final class describes itself as
/// `\Car.engine`. For a non-final class the property is reached through
/// overridable accessors, and on Linux the description is only an accessor
/// address; then the name comes from the symbol table (see `KeyPathSymbols`), or,
/// in a stripped binary, from the class's field records (type metadata): the one
/// stored property of the key path's value type, or, when several share that
/// type, the one at the same position among the requirements of that type.
/// Only error and diagnostic paths call this, and each answer is cached.
enum PropertyNames {
    private static let cache = LockedBox<[AnyKeyPath: String]>([:])
    /// Every requirement seen per root type, in declaration order, for disambiguation.
    private static let siblings = LockedBox<[ObjectIdentifier: [Requirement]]>([:])

    /// Remembers `requirements` of a type so that properties of one value type can
    /// be told apart by position.
    static func register(_ requirements: [Requirement]) {
        siblings.withLock { table in
            for requirement in requirements {
                var list = table[requirement.rootType.id, default: []]
                if !list.contains(where: { $0.keyPath == requirement.keyPath }) {
                    list.append(requirement)
                    table[requirement.rootType.id] = list
                }
            }
        }
    }

    static func name(of requirement: Requirement) -> String {
        if let cached = cache.withLock({ $0[requirement.keyPath] }) { return cached }
        let name = computeName(of: requirement)
        cache.withLock { $0[requirement.keyPath] = name }
        return name
    }

    private static func computeName(of requirement: Requirement) -> String {
        let description = String(describing: requirement.keyPath)
        if !description.contains("<computed"), let dot = description.firstIndex(of: ".") {
            return String(description[description.index(after: dot)...])
        }
        #if os(Linux)
            if let symbolName = KeyPathSymbols.propertyName(getterAddress: accessorAddress(requirement.keyPath)) {
                return symbolName
            }
        #endif
        var candidates: [String] = []
        _ = _forEachField(of: requirement.rootType.type, options: _EachFieldOptions(rawValue: 1 << 0)) {
            name, _, type, _ in
            if ObjectIdentifier(type) == requirement.valueType.id { candidates.append(String(cString: name)) }
            return true
        }
        if candidates.count == 1 { return candidates[0] }
        // Several stored properties of this type: accessors are emitted in declaration
        // order, so the requirements' accessor addresses sort like the properties.
        let sameType = siblings.withLock { table in
            (table[requirement.rootType.id] ?? []).filter { $0.valueType == requirement.valueType }
        }
        if candidates.count > 1, sameType.count == candidates.count {
            let ordered = sameType.sorted { accessorAddress($0.keyPath) < accessorAddress($1.keyPath) }
            if let position = ordered.firstIndex(where: { $0.keyPath == requirement.keyPath }) {
                return candidates[position]
            }
        }
        if let name = requirement.name {
            let matching = candidates.filter { $0.lowercased().contains(name.lowercased()) }
            if matching.count == 1 { return matching[0] }
        }
        if candidates.isEmpty { return "<\(requirement.valueType)>" }
        return candidates.joined(separator: "|")
    }

    private static func accessorAddress(_ keyPath: AnyKeyPath) -> UInt {
        let description = String(describing: keyPath)
        guard let marker = description.firstRange(of: "<computed 0x") else { return 0 }
        let digits = description[marker.upperBound...].prefix { $0.isHexDigit }
        return UInt(digits, radix: 16) ?? 0
    }
}
