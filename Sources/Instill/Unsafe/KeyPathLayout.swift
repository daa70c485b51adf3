// Unsafe: a key path object's buffer, read as the standard library's ABI lays it out.
// Invariant: nothing is assumed that the buffer does not say, and an offset is used only
// when the class's field records agree. Attacked by `KeyPathLayoutTests`,
// `NestedKeyPathTests`, `RedeclaredRequirementTests` and `UnknownLayoutTests`.

@_spi(Reflection) import Swift
@_spi(ObservableRerootKeyPath) import Swift

/// What a key path does, read from the key path object's own components: the only
/// source the injector trusts to decide where memory is written.
///
/// ## The invariant it relies on
/// A key path is an instance of a `KeyPath` class: the object header (two words),
/// one pointer (`_kvcKeyPathStringPtr`), then its buffer, whose layout is fixed by
/// the standard library's ABI constants (`KeyPath.h`): a 32-bit buffer header (size
/// in the low 24 bits, flags above, reserved bits zero) padded to a word, then the
/// components. Each component starts with a 32-bit header: a discriminator (struct,
/// class, computed, optional, external) and a payload. A stored class property is
/// one header whose payload holds the field offset (or an out-of-line offset in the
/// next 32 bits) and the "mutable" flag; a computed property is a header, then,
/// word-aligned, its identity (the property's getter descriptor), its getter and,
/// when settable, its setter. Between components sits a word-aligned pointer to
/// the next component's type.
///
/// Nothing is assumed that the buffer does not say: the walk must end exactly at
/// the buffer's size, the "single component" flag must agree with the count,
/// unknown discriminators, unresolved offsets or identities, external components
/// and computed components with arguments (subscripts) make the layout unknown
/// (`nil`), and where ``LayoutReading`` is off (32-bit pointers, pointer
/// authentication, `-D INSTILL_UNKNOWN_LAYOUT`) the layout is always unknown.
/// A caller that uses an offset still checks it independently against the type's
/// field records (``storedField(in:valueType:)``): an offset is used only when both
/// agree that a field of exactly the value's type starts there.
struct KeyPathLayout: Equatable {
    /// One component of a key path.
    enum Component: Equatable {
        /// A stored property at `offset` in its root (a class instance, or a struct).
        case stored(isClass: Bool, offset: Int, isMutable: Bool)
        /// A property reached through accessors; `id` is the property's identity.
        case computed(id: UInt, isSettable: Bool)
        /// `?`, `!` or an optional wrap.
        case optional
    }

    /// The components, in order.
    let components: [Component]

    /// The only component of a key path made of one, else `nil`.
    var single: Component? { components.count == 1 ? components[0] : nil }

    /// The layout of `keyPath`, or `nil` when its buffer does not read as the ABI
    /// describes (see the type's invariant).
    init?(_ keyPath: AnyKeyPath) {
        guard LayoutReading.isEnabled else { return nil }
        let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
        let parsed: [Component]? = withExtendedLifetime(keyPath) {
            Self.components(atBuffer: object + 3 * MemoryLayout<Int>.size)
        }
        guard let parsed else { return nil }
        components = parsed
    }

    private static let sizeMask: UInt32 = 0x00FF_FFFF
    private static let reservedMask: UInt32 = 0x1F00_0000
    private static let singleComponentFlag: UInt32 = 0x2000_0000
    /// No real requirement's key path comes near this: larger sizes are not read.
    private static let largestBuffer = 512

    private static func components(atBuffer base: UnsafeRawPointer) -> [Component]? {
        let header = base.load(as: UInt32.self)
        let size = Int(header & sizeMask)
        guard header & reservedMask == 0, size >= 4, size <= largestBuffer else { return nil }
        let data = base + MemoryLayout<Int>.size
        var components: [Component] = []
        var offset = 0
        while offset < size {
            guard offset + 4 <= size else { return nil }
            let word = data.load(fromByteOffset: offset, as: UInt32.self)
            let payload = word & 0x00FF_FFFF
            offset += 4
            switch (word & 0x7F00_0000) >> 24 {
            case 1, 3:  // struct, class
                let stored = payload & 0x007F_FFFF
                let fieldOffset: Int
                if stored == 0x007F_FFFF {  // out of line
                    guard offset + 4 <= size else { return nil }
                    fieldOffset = Int(data.load(fromByteOffset: offset, as: UInt32.self))
                    offset += 4
                } else if stored <= 0x007F_FFFC {
                    fieldOffset = Int(stored)
                } else {
                    return nil  // unresolved: not an instantiated key path
                }
                components.append(
                    .stored(
                        isClass: word & 0x7F00_0000 == 0x0300_0000, offset: fieldOffset,
                        isMutable: payload & 0x0080_0000 != 0))
            case 2:  // computed
                let isSettable = payload & 0x0040_0000 != 0
                guard payload & 0x0008_0000 == 0, payload & 0x0000_000F == 0 else { return nil }
                offset = alignedToWord(offset)
                let words = isSettable ? 3 : 2
                guard offset + words * 8 <= size else { return nil }
                let id = data.load(fromByteOffset: offset, as: UInt.self)
                offset += words * 8
                components.append(.computed(id: id, isSettable: isSettable))
            case 4:  // optional chain, force or wrap
                guard payload <= 2 else { return nil }
                components.append(.optional)
            default:
                return nil
            }
            if offset < size {
                // The next component's type.
                offset = alignedToWord(offset) + 8
                guard offset < size else { return nil }
            }
        }
        guard offset == size, !components.isEmpty else { return nil }
        guard (header & singleComponentFlag != 0) == (components.count == 1) else { return nil }
        return components
    }

    private static func alignedToWord(_ offset: Int) -> Int { (offset + 7) & ~7 }

    /// For a key path that is one mutable stored property of a class: the offset
    /// and name of that field in `root`, when `root`'s field records have exactly one
    /// field of exactly `valueType` starting at the offset the key path stores to.
    /// `nil` otherwise: the write then goes through the key path.
    func storedField(in root: AnyClass, valueType: Any.Type) -> (offset: Int, name: String)? {
        guard case .stored(isClass: true, let offset, isMutable: true) = single,
            let name = Self.fieldName(of: root, at: offset, type: valueType)
        else { return nil }
        return (offset, name)
    }

    /// The name of the field a key path of one stored class property stores to, by
    /// the same proof as ``storedField(in:valueType:)`` (for messages).
    func storedFieldName(in root: AnyClass, valueType: Any.Type) -> String? {
        guard case .stored(isClass: true, let offset, _) = single else { return nil }
        return Self.fieldName(of: root, at: offset, type: valueType)
    }

    private static func fieldName(of root: AnyClass, at offset: Int, type: Any.Type) -> String? {
        var names: [String] = []
        _ = _forEachField(of: root, options: _EachFieldOptions(rawValue: 1 << 0)) { name, fieldOffset, fieldType, _ in
            if fieldOffset == offset, ObjectIdentifier(fieldType) == ObjectIdentifier(type) {
                names.append(String(cString: name))
            }
            return true
        }
        return names.count == 1 ? names[0] : nil
    }
}

extension KeyPathLayout {
    /// `keyPath`, rooted at a superclass of `root`, re-rooted at `root` by the standard
    /// library: the same components, typed as rooted at `root`. Only to be compared,
    /// never applied (see `Requirement.isSameKeyPath`); reads no layout.
    ///
    /// The re-rooting traps on a key path that is neither a `KeyPath` nor a
    /// `ReferenceWritableKeyPath`: a requirement's is always exactly
    /// `ReferenceWritableKeyPath<Root, Value>`. `RedeclaredRequirementTests` re-declares
    /// inherited requirements from subclasses, generic ones included.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func rerooted(_ keyPath: AnyKeyPath, at root: AnyClass) -> AnyKeyPath {
        func rerooted<NewRoot: AnyObject>(at _: NewRoot.Type) -> AnyKeyPath {
            _rerootKeyPath(keyPath, to: NewRoot.self)
        }
        return rerooted(at: root)
    }
}
