/// How singletons and weak-scoped objects (``Scope/Storage/published``) are found,
/// built once and published: the whole of it, apart from the recipe's slot
/// (`Recipe.sharedValue()`, `publish(_:)`, on `AtomicSlots`), the gates
/// (`CreationGroup.swift`, `Storage/CreationGate.swift`) and which injector keeps
/// one (`Injector+Recipes.swift`, `Injector+OverrideReach.swift`).
///
/// A request for a shared object reads the slot; on a miss it looks for the object in
/// this thread's `pending` (a cycle through it), then takes its creation group's gate
/// (one thread at a time builds the objects of a group), reads the slot again, and
/// builds. The gate stays held while the object is assembled (``ResolutionContext/startShared(_:)``)
/// and is given back once it is published, awake (``Injector/complete(_:for:in:)``),
/// or dropped after a failure (``ResolutionContext/unwind(to:)``).
extension Injector {
    /// The shared object of `recipe`: published already, being assembled on this
    /// thread, or built now under its group's gate.
    func produceShared(_ recipe: Recipe, arguments: [any Sendable], in context: ResolutionContext) throws -> Any? {
        if let value = recipe.storage.sharedValue() { return hit(value, recipe, context) }
        if let pending = context.pending[ObjectIdentifier(recipe)] {
            context.reached(lowlink: pending.lowlink)
            return hit(pending.object, recipe, context)
        }
        // One thread at a time builds the shared objects of a creation group (those
        // that require each other); the others wait here, then find them published.
        let gate = recipe.creationGate()
        try context.enter(gate, for: recipe)
        defer { context.leave(gate) }
        if let value = recipe.storage.sharedValue() { return hit(value, recipe, context) }
        // An `await getObject` of another task constructed it and gave the gate back
        // to await an async step (`AsyncClaims.swift`): a synchronous request cannot
        // wait for it, and must not construct a second one.
        if context.asyncJob == nil, AsyncGate.shared.isClaimedByAnotherTask(recipe) {
            throw InjectionError.claimedByAnotherTask(recipe, arguments: arguments)
        }
        if recipe.owner !== self, context.overrideWatch == nil, hasOverrides(below: recipe.owner) {
            // Built by an ancestor for this injector: what it asks for on the way
            // must not be one of this injector's overrides.
            context.overrideWatch = OverrideWatch(requester: self, holder: recipe)
            defer { context.overrideWatch = nil }
            return try build(recipe, arguments: arguments, in: context)
        }
        return try build(recipe, arguments: arguments, in: context)
    }

    /// Moves an assembled object from `pending` to its scope's storage.
    func complete(_ object: Any, for recipe: Recipe, in context: ResolutionContext) {
        if recipe.storage.keepsValues { context.pending[ObjectIdentifier(recipe)] = nil }
        store(object, for: recipe, in: context)
        context.finishShared(recipe)
    }

    /// Stores an assembled value where its scope keeps it (``ScopeStorage/store(_:for:in:)``).
    @inline(__always)
    func store(_ value: Any, for recipe: Recipe, in context: ResolutionContext) {
        recipe.storage.store(value, for: recipe, in: context)
    }
}

extension ResolutionContext {
    /// A creation gate this thread holds, with how many reasons it has to.
    struct HeldGate {
        let gate: CreationGate
        var reasons: Int
    }

    /// Holds `gate` for a request for `recipe`, a shared object of its group:
    /// takes it, waiting while another thread holds it, unless this thread does.
    ///
    /// - Throws: ``InjectionError/Kind-swift.struct/crossThreadCycle`` when the
    ///   thread holding it waits, directly or through others, for this one.
    func enter(_ gate: CreationGate, for recipe: Recipe) throws(InjectionError) {
        if let index = heldGates.firstIndex(where: { $0.gate === gate }) {
            heldGates[index].reasons += 1
            return
        }
        do {
            try gate.take(for: waitNode, building: recipe)
        } catch {
            throw InjectionError.crossThreadCycle(wanted: error.wanted.map(\.typeName))
        }
        heldGates.append(HeldGate(gate: gate, reasons: 1))
    }

    /// Drops one reason to hold `gate`; gives it back with the last one.
    func leave(_ gate: CreationGate) {
        guard let index = heldGates.firstIndex(where: { $0.gate === gate }) else { return }
        heldGates[index].reasons -= 1
        if heldGates[index].reasons == 0 {
            heldGates.remove(at: index)
            gate.release()
        }
    }

    /// Counts a singleton or weak-scoped object whose build starts on this thread:
    /// its group's gate stays held until it is published or dropped.
    @inline(__always)
    func startShared(_ recipe: Recipe) {
        guard recipe.storage.isShared, let gate = recipe.storage.assignedGate,
            let index = heldGates.firstIndex(where: { $0.gate === gate })
        else { return }
        heldGates[index].reasons += 1
    }

    /// Counts one published (or dropped) shared object, and gives its group's gate
    /// back if this thread has no other reason to hold it.
    @inline(__always)
    func finishShared(_ recipe: Recipe) {
        guard recipe.storage.isShared, let gate = recipe.storage.assignedGate else { return }
        leave(gate)
    }
}
