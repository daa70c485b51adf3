/// One dependency an ``Initializer`` or a binding's closure declares: what to
/// resolve, and how messages and graphs show it.
@usableFromInline
struct DeclaredDependency: Sendable {
    /// What the declared type asks for: an object, a ``Provider``, an ``ObjectFactory``.
    let dependency: Dependency
    /// The type as declared: `Logger?`, `Provider<Wheel>`, `any Database`.
    let declaredType: TypeReference
    let name: String?
    /// How a value of the declared type is laid out for the closure.
    let layout: DependencyLayout

    init<T>(_ type: T.Type, name: String?) {
        self.dependency = Dependency(for: type)
        self.declaredType = TypeReference(type)
        self.name = name
        self.layout = TypedDependencyLayout<T>()
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
@usableFromInline
struct DeclaredDependencies: Sendable {
    let entries: [DeclaredDependency]
    let location: SourceLocation
    /// Where each entry's value starts in the buffer the closure reads, as
    /// ``DependencyValues`` finds it.
    let offsets: [Int]
    /// The size and alignment of that buffer.
    let byteCount: Int
    let alignment: Int

    @usableFromInline
    init(_ entries: [DeclaredDependency], file: StaticString, line: UInt) {
        self.entries = entries
        self.location = SourceLocation(file: file, line: line)
        var offsets: [Int] = []
        var end = 0
        var alignment = 1
        for entry in entries {
            let start = DependencyValues.aligned(end, to: entry.layout.alignment)
            offsets.append(start)
            end = start + entry.layout.size
            alignment = max(alignment, entry.layout.alignment)
        }
        self.offsets = offsets
        self.byteCount = max(end, 1)
        self.alignment = alignment
    }

    /// The entries for a parameter pack of declared types.
    @usableFromInline
    static func of<First, each D>(_ first: First.Type, _ types: repeat (each D).Type) -> [DeclaredDependency] {
        var entries = [DeclaredDependency(first, name: nil)]
        for type in repeat each types {
            entries.append(DeclaredDependency(type, name: nil))
        }
        return entries
    }

    /// The entries for a parameter pack of ``Resolved`` declarations.
    @usableFromInline
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

/// Reads the resolved values of declared dependencies out of their buffer, in order,
/// as the types the closure declared.
///
/// Invariant: the buffer holds one initialized value of each declared type, in
/// declaration order, each at the next offset aligned for its type (the layout
/// ``DeclaredDependencies`` computes from the same sizes and alignments). The
/// closure made by a generic `Initializer` or `Binder` method reads every value
/// exactly once, in order (Swift evaluates a pack expansion's elements left to
/// right), moving it out: after the closure is called, the buffer holds nothing.
@usableFromInline
struct DependencyValues {
    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline var offset = 0

    @inlinable
    init(_ base: UnsafeMutableRawPointer) {
        self.base = base
    }

    /// The next value, moved out of the buffer.
    @inlinable @inline(__always)
    mutating func next<T>(_: T.Type) -> T {
        let start = Self.aligned(offset, to: MemoryLayout<T>.alignment)
        offset = start + MemoryLayout<T>.size
        return (base + start).assumingMemoryBound(to: T.self).move()
    }

    /// `offset` rounded up to a multiple of `alignment` (a power of two).
    @inlinable @inline(__always)
    static func aligned(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }
}
