/// What one recipe's scope keeps, and how a request for it is answered: the one
/// mechanism behind every ``Scope``.
///
/// Each scope is a subclass: ``TransientStorage`` (`.normal`, nothing kept),
/// ``RequestStorage`` (`.graph`, the request's table), ``SharedStorage`` (`.weak`,
/// published while someone holds it) and ``SingletonStorage`` (`.singleton`, published
/// for the injector's life). A recipe makes its storage when it is made
/// (``Scope/storageClass``); the engine asks it to produce and to keep values, and reads
/// what it may assume (``keepsValues``, ``isShared``, ``singletonValue()``), but never
/// which scope it is. To add a scope: a subclass, and its line in `Scope.storageClass`.
class ScopeStorage: @unchecked Sendable {  // its slots are atomic or locked; the rest is immutable
    /// Whether values are kept at all. A kept object is registered before its
    /// requirements are filled, so a cycle through it resolves (assembly rule 2), and
    /// a compiled plan does not build it (it cannot see where the value is kept).
    class var keepsValues: Bool { false }
    /// Whether the injector keeps values across requests: found without a lock, built
    /// once under the recipe's creation gate, and published.
    class var isShared: Bool { false }
    /// Whether a compiled plan that finds no value kept may build one itself and keep
    /// it (``store(_:for:in:)``): a value kept for this request only, which no other
    /// thread builds and no gate guards.
    class var isBuiltByPlans: Bool { false }

    /// ``keepsValues`` of this storage's class, read on the hot path without a call.
    final let keepsValues: Bool
    /// ``isShared`` of this storage's class.
    final let isShared: Bool
    /// ``isBuiltByPlans`` of this storage's class.
    final let isBuiltByPlans: Bool
    /// A published value that stays for the injector's life, readable without a lock
    /// (retained; set once): a compiled plan may hold it as a constant.
    private final let fixedObject: AtomicSlots?

    required init() {
        keepsValues = Self.keepsValues
        isShared = Self.isShared
        isBuiltByPlans = Self.isBuiltByPlans
        fixedObject = Self.fixesPublishedObjects ? AtomicSlots(count: 1) : nil
    }

    /// Whether a published object stays for the injector's life.
    class var fixesPublishedObjects: Bool { false }

    /// Whether a published object stays for the injector's life, so that a plan may
    /// wait for it and then hold it as a constant.
    final var fixesPublishedObjects: Bool { fixedObject != nil }

    deinit { fixedObject?.releaseObject(0) }

    /// A published object that stays for the injector's life, read without a lock;
    /// `nil` until there is one, and always for scopes that keep none.
    @inline(__always)
    final func singletonValue() -> AnyObject? {
        fixedObject?.object(0, as: AnyObject.self)
    }

    /// Keeps `object` as the value that stays (once).
    fileprivate final func fix(_ object: AnyObject) { _ = fixedObject?.storeObject(0, object) }

    /// The published value (an assembled, awoken instance), if there is one.
    func sharedValue() -> Any? { nil }

    /// The value a request for `recipe` finds kept, assembled and awoken, before it
    /// looks any further (what ``produce(_:arguments:by:in:)`` answers first): the
    /// request's `.graph` object, a published shared one; `nil` for none. A compiled
    /// plan reads it, and asks the resolver only when there is none.
    func find(_ recipe: Recipe, in context: ResolutionContext) -> Any? { sharedValue() }

    /// The published instance, for recipes that build objects.
    func sharedObject() -> AnyObject? { nil }

    /// The creation gate of a shared recipe's group, once it has one.
    var assignedGate: CreationGate? { nil }

    /// Gives a shared recipe `gate` unless it has one; returns the one it keeps.
    func assignGate(_ gate: CreationGate) -> CreationGate? { nil }

    /// The value of `recipe` for a request: the one kept, or one built now by
    /// `injector`'s build (``Injector/build(_:arguments:in:)``), which stores it with
    /// ``store(_:for:in:)`` once it is assembled and awake.
    func produce(_ recipe: Recipe, arguments: [any Sendable], by injector: Injector, in context: ResolutionContext)
        throws -> Any?
    {
        try injector.build(recipe, arguments: arguments, in: context)
    }

    /// Keeps an assembled, awoken value where later requests find it.
    func store(_ value: Any, for recipe: Recipe, in context: ResolutionContext) {}

    /// Publishes an assembled, awoken value to every request (nothing, for a scope
    /// that publishes nothing).
    func publish(_ value: Any) {}
}

/// `.normal`: a new value for every request, kept nowhere.
final class TransientStorage: ScopeStorage, @unchecked Sendable {}  // nothing of its own

/// `.graph`: one value per top-level request, in the request's table (or in the
/// graph the request's lazies share, on any thread).
final class RequestStorage: ScopeStorage, @unchecked Sendable {  // nothing of its own
    override class var keepsValues: Bool { true }
    override class var isBuiltByPlans: Bool { true }

    override func produce(
        _ recipe: Recipe, arguments: [any Sendable], by injector: Injector, in context: ResolutionContext
    ) throws -> Any? {
        if let value = context.graphValue(for: recipe) { return injector.hit(value, recipe, context) }
        if let pending = context.pending[ObjectIdentifier(recipe)] {
            context.reached(lowlink: pending.lowlink)
            return injector.hit(pending.object, recipe, context)
        }
        if let lazyGraph = context.lazyGraph {
            return try injector.produce(recipe, in: lazyGraph, arguments: arguments, context: context)
        }
        return try injector.build(recipe, arguments: arguments, in: context)
    }

    override func store(_ value: Any, for recipe: Recipe, in context: ResolutionContext) {
        context.storeGraphValue(value, for: recipe)
    }

    override func find(_ recipe: Recipe, in context: ResolutionContext) -> Any? {
        context.graphValue(for: recipe)
    }
}

/// `.weak`: published while someone else holds it; found, built once under its
/// creation group's gate and published by `SharedObjects.swift`.
class SharedStorage: ScopeStorage, @unchecked Sendable {  // `slot` is locked, `gateSlot` atomic
    override class var keepsValues: Bool { true }
    override class var isShared: Bool { true }

    /// The published value.
    final let slot = LockedBox(SharedSlot())
    /// The ``CreationGate`` of the recipe's group (retained; set once, on its first build).
    private final let gateSlot = AtomicSlots(count: 1)

    deinit { gateSlot.releaseObject(0) }

    @inline(__always)
    override final func sharedValue() -> Any? {
        slot.withLock { slot in slot.strong ?? slot.weak }
    }

    override func sharedObject() -> AnyObject? {
        slot.withLock { slot in slot.weak }
    }

    override final var assignedGate: CreationGate? { gateSlot.object(0, as: CreationGate.self) }

    override final func assignGate(_ gate: CreationGate) -> CreationGate? { gateSlot.storeObject(0, gate) }

    override final func produce(
        _ recipe: Recipe, arguments: [any Sendable], by injector: Injector, in context: ResolutionContext
    ) throws -> Any? {
        try injector.produceShared(recipe, arguments: arguments, in: context)
    }

    override final func store(_ value: Any, for recipe: Recipe, in context: ResolutionContext) {
        publish(value)
    }

    /// Publishes a reference weakly (a value that is not one is built anew on every
    /// request).
    override func publish(_ value: Any) {
        guard let object = AnyUnboxing.reference(value) else { return }
        slot.withLock { slot in slot.weak = object }
    }
}

/// `.singleton`: published for the injector's life, and readable without a lock.
final class SingletonStorage: SharedStorage, @unchecked Sendable {  // nothing of its own
    override class var fixesPublishedObjects: Bool { true }

    override func sharedObject() -> AnyObject? { singletonValue() }

    override func publish(_ value: Any) {
        slot.withLock { slot in
            slot.strong = value
            if let object = AnyUnboxing.reference(value) { fix(object) }
        }
    }
}

/// A shared recipe's published value: a singleton's, kept; a weak object's, while
/// someone holds it.
struct SharedSlot {
    var strong: Any?
    weak var weak: AnyObject?
}
