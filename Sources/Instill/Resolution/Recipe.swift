/// How one injector answers one key: the binding (or automatic build) it resolved
/// to, with the scope in force and the storage for shared instances.
///
/// Recipes are made on first request and kept; bindings never change after the
/// injector is created, so neither do recipes.
final class Recipe: Sendable {
    enum Source: Sendable {
        case build(InjectableMetadata)
        case instance(Instance)
        case closure(@Sendable (Injector) throws -> Any?)
        case provider(@Sendable (Injector, InjectionArguments) throws -> Any?)
        /// Answer with another recipe (a type bound to a protocol or superclass
        /// without a scope of its own).
        case link(Recipe)
    }

    let key: BindingKey
    let type: TypeReference
    let scope: Scope
    let source: Source
    let accepts: (@Sendable (Any) -> Bool)?
    /// The binding this recipe comes from, if any (for messages and graphs).
    let binding: Binding?
    /// The requested type's name, for messages and traces.
    var typeName: String { type.description }
    /// The type it builds, when ``yieldsObject``.
    let objectMetadata: InjectableMetadata?
    /// For each requirement of ``objectMetadata``, the recipe that answers it, linked
    /// on first use so that later builds skip the lookup.
    let links: AtomicSlots?
    /// A singleton's published object, readable without a lock (retained; set once).
    private let singletonObject: AtomicSlots?
    /// The injector whose bindings fill this recipe's requirements.
    unowned(unsafe) let owner: Injector
    private let shared: LockedBox<SharedSlot>?

    init(
        key: BindingKey, type: TypeReference, scope: Scope, source: Source, binding: Binding?, owner: Injector
    ) {
        self.key = key
        self.type = type
        self.scope = scope
        self.source = source
        self.accepts = binding?.accepts
        self.binding = binding
        if case .build(let metadata) = source {
            self.objectMetadata = metadata
            self.links = AtomicSlots(count: metadata.requirements.count)
        } else {
            self.objectMetadata = nil
            self.links = nil
        }
        self.singletonObject = scope == .singleton ? AtomicSlots(count: 1) : nil
        self.owner = owner
        self.shared = scope.isShared ? LockedBox(SharedSlot()) : nil
    }

    /// The scope objects answered by this recipe live in: a link's target's.
    var effectiveScope: Scope {
        if case .link(let target) = source { return target.effectiveScope }
        return scope
    }

    /// The type a link ends at (the recipe's own type otherwise).
    var linkedTypeName: String {
        if case .link(let target) = source { return target.linkedTypeName }
        return typeName
    }

    /// Whether the scope comes from an `Injectable` type (declared, or set with
    /// `setScope`) rather than from a binding's `scope:` argument.
    var isAutomaticBuild: Bool {
        switch source {
        case .link(let target): target.isAutomaticBuild
        case .build: true
        default: false
        }
    }

    /// The published instance of a shared scope, if there is one.
    @inline(__always)
    func sharedValue() -> Any? {
        shared?.withLock { slot in slot.strong ?? slot.weak }
    }

    deinit {
        if let singletonObject, let pointer = UnsafeRawPointer(bitPattern: singletonObject.load(0)) {
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }

    /// A published singleton object, read without a lock; `nil` for other scopes.
    @inline(__always)
    func singletonValue() -> AnyObject? {
        guard let singletonObject else { return nil }
        let word = singletonObject.load(0)
        guard word != 0, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The published instance of a shared scope, for recipes that build objects.
    @inline(__always)
    func sharedObject() -> AnyObject? {
        if singletonObject != nil { return singletonValue() }
        return shared?.withLock { slot in slot.weak }
    }

    /// Publishes a fully assembled, awoken instance.
    func publish(_ value: Any) {
        shared?.withLock { slot in
            if scope == .singleton {
                slot.strong = value
                if Swift.type(of: value) is AnyClass {
                    let object = value as AnyObject
                    let word = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
                    if singletonObject?.storeIfEmpty(0, word) != word { Unmanaged.passUnretained(object).release() }
                }
            } else if Swift.type(of: value) is AnyClass {
                slot.weak = value as AnyObject
            }
        }
    }
}

struct SharedSlot {
    var strong: Any?
    weak var weak: AnyObject?
}
