/// One dependency an ``Initializer`` or a binding's closure declares: what to
/// resolve, and how messages and graphs show it.
@usableFromInline
struct DeclaredDependency: Sendable {
    /// What the declared type asks for: an object, a ``Provider``, an ``ObjectFactory``.
    let dependency: Dependency
    /// The type as declared: `Logger?`, `Provider<Wheel>`, `any Database`.
    let declaredType: TypeReference
    /// The name of the binding to resolve: set when the entry is declared, or by
    /// `Initializer(_:names:file:line:)`'s `names`.
    var name: String?
    /// How a value of the declared type is laid out for the closure.
    let layout: DependencyLayout

    /// - Parameter dependency: what `type` asks for, when the declaration knew it at
    ///   compile time; `nil` reads it from `type` at run time.
    init<T>(_ type: T.Type, name: String?, dependency: Dependency? = nil) {
        self.dependency = dependency ?? Dependency(for: type)
        self.declaredType = TypeReference(type)
        self.name = name
        self.layout = DependencyLayout.of(T.self)
    }

    /// The key the injector resolves.
    var key: BindingKey { BindingKey(dependency.target.type, name: name) }

    /// As chains and graphs show it: `any Database`, `Logger? named "audit"`.
    var label: String { Self.label(of: declaredType.type, name: name) }

    /// How chains and graphs show a dependency declared as `type` (and a closure
    /// entry's, inside `fills(…)`): `any Database`, `Logger? named "audit"`.
    static func label(of type: Any.Type, name: String?) -> String {
        var text: String
        if TypeKind.isOptional(type), let optional = type as? any OptionalMarker.Type {
            let wrapped = typeName(optional.wrappedType)
            text = wrapped.hasPrefix("any ") ? "(\(wrapped))?" : "\(wrapped)?"
        } else {
            text = typeName(type)
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
    /// The first position `Initializer(_:names:file:line:)` names that the initializer
    /// does not have, or -1: reported as the type's declaration error. An `Int`, so
    /// that copies of a declaration cost what they did before names.
    var unmatchedPosition = -1
    /// How many parameters come before the entries in the initializer the names
    /// count (1 for a typed argument), for messages about ``unmatchedPosition``.
    var namesOffset = 0
    /// Where each entry's value starts in the buffer the closure reads, as
    /// ``DependencyValues`` lays it out.
    let offsets: [Int]
    /// The size and alignment of that buffer.
    let byteCount: Int
    let alignment: Int

    @usableFromInline
    init(_ entries: [DeclaredDependency], file: StaticString, line: UInt) {
        self.entries = entries
        self.location = SourceLocation(file: file, line: line)
        let layout = DependencyValues.layout(of: entries.map { ($0.layout.size, $0.layout.alignment) })
        self.offsets = layout.offsets
        self.byteCount = max(layout.size, 1)
        self.alignment = layout.alignment
    }

    /// ``init(_:file:line:)`` with the entry at each position of `names` resolved from
    /// the binding of that name. A position past the entries is kept in
    /// ``unmatchedPosition`` and reported when the type is first used.
    ///
    /// Inlinable, so that a declaration without names costs what
    /// `Initializer(dependencies:)`'s does.
    @inlinable
    init(_ entries: [DeclaredDependency], names: [Int: String], file: StaticString, line: UInt) {
        if names.isEmpty {
            self.init(entries, file: file, line: line)
        } else {
            self.init(naming: entries, names, file: file, line: line)
        }
    }

    /// ``init(_:names:file:line:)`` when there are names.
    @usableFromInline
    init(naming entries: [DeclaredDependency], _ names: [Int: String], file: StaticString, line: UInt) {
        self.init(Self.naming(entries, names, offset: 0), file: file, line: line)
        unmatchedPosition = Self.unmatched(names, count: entries.count, offset: 0)
    }

    /// `entries` with the names `names` gives them: a name's key counts the
    /// initializer's parameters from 0, of which the first `offset` are not entries.
    static func naming(_ entries: [DeclaredDependency], _ names: [Int: String], offset: Int) -> [DeclaredDependency] {
        if names.isEmpty { return entries }
        var named = entries
        for (position, name) in names where entries.indices.contains(position - offset) {
            named[position - offset].name = name
        }
        return named
    }

    /// The first position of `names` that is not one of `count` entries after `offset`
    /// parameters, or -1.
    static func unmatched(_ names: [Int: String], count: Int, offset: Int) -> Int {
        names.keys.filter { !(offset..<offset + count).contains($0) }.min() ?? -1
    }

    /// The dependencies of a declaration whose pack may be empty (a closure that
    /// receives something else first: the arguments, the typed argument): `nil` when
    /// it declares none. The buffer is laid out as the tuple `((), (D1, …, Dn))`,
    /// which ``DependencyValues/take(_:_:from:)`` reads with `Void` first.
    @usableFromInline
    static func of<each D>(
        pack types: repeat (each D).Type, names: [Int: String] = [:], file: StaticString, line: UInt
    ) -> DeclaredDependencies? {
        var entries: [DeclaredDependency] = []
        for type in repeat each types {
            entries.append(DeclaredDependency(type, name: nil))
        }
        if entries.isEmpty {
            // Names for an initializer that takes only the argument: none matches.
            return names.isEmpty ? nil : DeclaredDependencies(afterVoid: [], names: names, file: file, line: line)
        }
        checkLayout(afterVoid: entries) { compilerLayout((Void, (repeat each D)).self, rest: (repeat each D).self) }
        return DeclaredDependencies(afterVoid: entries, names: names, file: file, line: line)
    }

    /// ``of(pack:file:line:)`` for a pack of `Injectable` classes, whose conformances are
    /// recorded where the compiler knows them.
    @usableFromInline
    static func of<each D: Injectable>(
        injectablePack types: repeat (each D).Type, names: [Int: String] = [:], file: StaticString, line: UInt
    ) -> DeclaredDependencies? {
        func entry<T: Injectable>(_ type: T.Type) -> DeclaredDependency {
            DeclaredDependency(type, name: nil, dependency: .injectable(type, isOptional: false))
        }
        var entries: [DeclaredDependency] = []
        for type in repeat each types {
            entries.append(entry(type))
        }
        if entries.isEmpty {
            // Names for an initializer that takes only the argument: none matches.
            return names.isEmpty ? nil : DeclaredDependencies(afterVoid: [], names: names, file: file, line: line)
        }
        checkLayout(afterVoid: entries) { compilerLayout((Void, (repeat each D)).self, rest: (repeat each D).self) }
        return DeclaredDependencies(afterVoid: entries, names: names, file: file, line: line)
    }

    /// ``init(_:file:line:)`` for entries laid out after an empty first element (the
    /// typed argument, when `names` are given: their positions count it).
    init(afterVoid entries: [DeclaredDependency], names: [Int: String] = [:], file: StaticString, line: UInt) {
        self.entries = Self.naming(entries, names, offset: 1)
        if !names.isEmpty {
            self.unmatchedPosition = Self.unmatched(names, count: entries.count, offset: 1)
            self.namesOffset = 1
        }
        self.location = SourceLocation(file: file, line: line)
        let layout = DependencyValues.layout(of: [(0, 1)] + entries.map { ($0.layout.size, $0.layout.alignment) })
        self.offsets = Array(layout.offsets.dropFirst())
        self.byteCount = max(layout.size, 1)
        self.alignment = layout.alignment
    }

    /// Whether `other` is this very declaration (a copy of it), not merely an equal one:
    /// they share the storage of their entries, which both keep alive.
    func isDeclaration(of other: DeclaredDependencies) -> Bool {
        let mine = entries.withUnsafeBufferPointer { $0.baseAddress }
        return mine != nil && mine == other.entries.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// The entries for a parameter pack of declared types.
    @usableFromInline
    static func of<First, each D>(_ first: First.Type, _ types: repeat (each D).Type) -> [DeclaredDependency] {
        var entries = [DeclaredDependency(first, name: nil)]
        for type in repeat each types {
            entries.append(DeclaredDependency(type, name: nil))
        }
        checkLayout(entries) { compilerLayout((First, (repeat each D)).self, rest: (repeat each D).self) }
        return entries
    }

    /// The entries for a parameter pack of `Injectable` classes: each conformance is
    /// recorded where the compiler knows it (``Dependency/injectable(_:isOptional:)``).
    @usableFromInline
    static func of<First: Injectable, each D: Injectable>(
        injectable first: First.Type, _ types: repeat (each D).Type
    ) -> [DeclaredDependency] {
        func entry<T: Injectable>(_ type: T.Type) -> DeclaredDependency {
            DeclaredDependency(type, name: nil, dependency: .injectable(type, isOptional: false))
        }
        var entries = [entry(first)]
        for type in repeat each types {
            entries.append(entry(type))
        }
        checkLayout(entries) { compilerLayout((First, (repeat each D)).self, rest: (repeat each D).self) }
        return entries
    }

    /// What the compiler lays out for the tuple a closure reads: the tuple's size and
    /// alignment, and its second element's (the tuple of the rest).
    @usableFromInline
    typealias CompilerLayout = (size: Int, alignment: Int, restSize: Int, restAlignment: Int)

    @usableFromInline
    static func compilerLayout<Tuple, Rest>(_: Tuple.Type, rest _: Rest.Type) -> CompilerLayout {
        (MemoryLayout<Tuple>.size, MemoryLayout<Tuple>.alignment, MemoryLayout<Rest>.size, MemoryLayout<Rest>.alignment)
    }

    /// The sequences of sizes and alignments whose layout was checked already.
    private static let checkedLayouts = LockedBox<Set<[Int]>>([])

    /// Checks the layout ``DependencyValues/layout(of:)`` computes for `entries`
    /// against the compiler's for the tuple the closure reads: its size and
    /// alignment, and where its second element (the tuple of the rest) starts.
    ///
    /// A tuple's layout depends only on its elements' sizes and alignments, so each
    /// sequence of them is checked once: `compiler`, which makes the runtime
    /// instantiate the tuple's metadata, runs only for a sequence not seen before.
    @usableFromInline
    static func checkLayout(_ entries: [DeclaredDependency], compiler: () -> CompilerLayout) {
        let signature = entries.flatMap { [$0.layout.size, $0.layout.alignment] }
        if checkedLayouts.withLock({ $0.contains(signature) }) { return }
        let expected = compiler()
        let computed = DependencyValues.layout(of: entries.map { ($0.layout.size, $0.layout.alignment) })
        let restStart = DependencyValues.aligned(entries[0].layout.size, to: expected.restAlignment)
        precondition(
            computed.size == expected.size && computed.alignment == expected.alignment
                && (entries.count == 1 || computed.offsets[1] == restStart)
                && restStart + expected.restSize == computed.size,
            "Instill: the layout of declared dependencies differs from the compiler's")
        checkedLayouts.withLock { _ = $0.insert(signature) }
    }

    /// ``checkLayout(_:compiler:)`` for entries laid out after an empty first element,
    /// as the tuple `((), (D1, …, Dn))`.
    static func checkLayout(afterVoid entries: [DeclaredDependency], compiler: () -> CompilerLayout) {
        let signature = [0, 1] + entries.flatMap { [$0.layout.size, $0.layout.alignment] }
        if checkedLayouts.withLock({ $0.contains(signature) }) { return }
        let expected = compiler()
        let computed = DependencyValues.layout(of: [(0, 1)] + entries.map { ($0.layout.size, $0.layout.alignment) })
        precondition(
            computed.size == expected.size && computed.alignment == expected.alignment
                && computed.offsets[1] == 0 && expected.restSize == computed.size,
            "Instill: the layout of declared dependencies differs from the compiler's")
        checkedLayouts.withLock { _ = $0.insert(signature) }
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
        checkLayout(entries) { compilerLayout((First, (repeat each D)).self, rest: (repeat each D).self) }
        return entries
    }
}

/// Where the values of declared dependencies go in their buffer, and how a closure
/// reads them out (``DependencyBuffer``, in `Unsafe/DependencyLayout.swift`).
@usableFromInline
enum DependencyValues {
    /// Where values of these sizes and alignments go, laid out as the tuple
    /// `(First, (rest…))`, and the tuple's size and alignment.
    static func layout(of elements: [(size: Int, alignment: Int)]) -> (offsets: [Int], size: Int, alignment: Int) {
        guard let first = elements.first else { return ([], 0, 1) }
        var inner: [Int] = []
        var end = 0
        var innerAlignment = 1
        for element in elements.dropFirst() {
            let start = aligned(end, to: element.alignment)
            inner.append(start)
            end = start + element.size
            innerAlignment = max(innerAlignment, element.alignment)
        }
        let innerStart = aligned(first.size, to: innerAlignment)
        return ([0] + inner.map { innerStart + $0 }, innerStart + end, max(first.alignment, innerAlignment))
    }

    /// `offset` rounded up to a multiple of `alignment` (a power of two).
    static func aligned(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }
}
