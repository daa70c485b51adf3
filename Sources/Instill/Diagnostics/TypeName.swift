/// A type's name as a user wrote it, without module prefixes: `Showroom.Car` is
/// `Car`, `Swift.Optional<Showroom.Wheel>` is `Optional<Wheel>`, and a protocol
/// existential `(any Showroom.GearBox)` is `any GearBox`.
func typeName(_ type: Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let known = typeNames.withLock({ $0[id] }) { return known }
    let name = computeTypeName(type)
    typeNames.withLock { $0[id] = name }
    return name
}

/// Names already computed: types never change, and reflecting a name is slow.
private let typeNames = LockedBox<[ObjectIdentifier: String]>([:])

private func computeTypeName(_ type: Any.Type) -> String {
    // The runtime names a protocol inside a generic argument without `any`
    // (`Optional<Animal>`): name the wrapped types of the library's own wrappers
    // with this function instead.
    if TypeKind.isOptional(type), let optional = type as? any OptionalMarker.Type {
        return "Optional<\(typeName(optional.wrappedType))>"
    }
    if TypeKind.isHandle(type), let handle = type as? any ProviderMarker.Type {
        return "\(handle.genericName)<\(typeName(handle.valueType))>"
    }
    // `_typeName`, not `String(reflecting:)`: printing a metatype first asks the
    // runtime whether it is `CustomDebugStringConvertible` (and more), conformance
    // searches whose cost grows with the program, once for every type named.
    var reflected = _typeName(type, qualified: true)
    // Private types reflect as `Module.(unknown context at $1234).Name`.
    while let marker = reflected.firstRange(of: "(unknown context at ") {
        guard let close = reflected[marker.upperBound...].firstIndex(of: ")") else { break }
        var end = reflected.index(after: close)
        if end < reflected.endIndex, reflected[end] == "." { end = reflected.index(after: end) }
        reflected.removeSubrange(marker.lowerBound..<end)
    }
    var output = ""
    var word = ""
    func emitWord() {
        if let dot = word.firstIndex(of: ".") {
            output += word[word.index(after: dot)...]
        } else {
            output += word
        }
        word = ""
    }
    for character in reflected {
        if character.isLetter || character.isNumber || character == "_" || character == "." {
            word.append(character)
        } else {
            emitWord()
            output.append(character)
        }
    }
    emitWord()
    if output.hasPrefix("(any "), output.hasSuffix(")") {
        output = String(output.dropFirst().dropLast())
    }
    if isExistential(type), !output.hasPrefix("any ") {
        output = "any " + output
    }
    return output
}

/// Whether `type` is a protocol existential (`any P`, `any P & Q`), read from the
/// kind word of its type metadata.
func isExistential(_ type: Any.Type) -> Bool {
    let existentialKind = 0x303
    let kind = TypeMetadata.kind(of: type)
    return kind == existentialKind
}

/// What kind of type a metatype is, for choosing the advice in a message.
enum TypeKind {
    case `class`, existential, function, value

    init(_ type: Any.Type) {
        if type is AnyClass {
            self = .class
        } else if isExistential(type) {
            self = .existential
        } else if TypeMetadata.kind(of: type) == 0x302 {
            self = .function
        } else {
            self = .value
        }
    }

    /// Whether `type` is an `Optional`: the runtime gives optionals a metadata kind
    /// of their own (enum 1 | non-heap 0x200 | optional 2 = 0x202).
    static func isOptional(_ type: Any.Type) -> Bool {
        TypeMetadata.kind(of: type) == 0x202
    }

    /// Whether `type` is a ``Provider`` or a ``Lazy``: struct metadata (kind 0x200)
    /// that is one of theirs. Only struct kinds go further, so a class, a protocol or
    /// an optional costs no conformance question.
    ///
    /// Where ``LayoutReading`` is on, the second word of struct metadata, its nominal
    /// type descriptor, is compared with theirs (``isHandleByDescriptor(_:)``): no
    /// conformance search at all. Where it is off (pointer authentication signs that
    /// word with its address, so equal descriptors read as different words), the
    /// runtime is asked whether the type conforms to `ProviderMarker`
    /// (``isHandleByConformance(_:)``), once per type: the runtime caches the answer.
    static func isHandle(_ type: Any.Type) -> Bool {
        LayoutReading.isEnabled ? isHandleByDescriptor(type) : isHandleByConformance(type)
    }

    /// ``isHandle(_:)`` read from the type descriptor word. Every specialization of a
    /// generic struct shares its one descriptor, and struct metadata always has that
    /// word (Swift ABI), so neither a look-alike type nor another kind matches. Valid
    /// only where ``LayoutReading`` is on.
    static func isHandleByDescriptor(_ type: Any.Type) -> Bool {
        guard TypeMetadata.kind(of: type) == 0x200 else { return false }
        let descriptor = TypeMetadata.structDescriptorWord(of: type)
        return descriptor == providerDescriptor || descriptor == lazyDescriptor
    }

    /// ``isHandle(_:)`` asked of the runtime: only ``Provider`` and ``Lazy`` conform to
    /// the internal `ProviderMarker`. Reads the kind word only, which is never signed.
    static func isHandleByConformance(_ type: Any.Type) -> Bool {
        TypeMetadata.kind(of: type) == 0x200 && type is any ProviderMarker.Type
    }

    private static let providerDescriptor = TypeMetadata.structDescriptorWord(of: Provider<Never>.self)
    private static let lazyDescriptor = TypeMetadata.structDescriptorWord(of: Lazy<Never>.self)
}

/// How a user writes `type` as a metatype expression's base: `(any P)` for a
/// protocol, `(() -> Int)` for a function type, the name otherwise.
func spelling(of type: Any.Type) -> String {
    let name = typeName(type)
    switch TypeKind(type) {
    case .existential, .function: return "(\(name))"
    case .class, .value: return name
    }
}

/// Whether `value` is an instance of `type` (for protocols: conforms to it).
func isInstance(_ value: Any, of type: Any.Type) -> Bool {
    func check<T>(_: T.Type) -> Bool { value is T }
    return check(type)
}
