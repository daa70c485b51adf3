/// How an injector turns a key into a ``Recipe``: its own binding, a parent's, or
/// an automatic build of an `Injectable` type.
extension Injector {
    /// The recipe for `key`, made on first use.
    @inline(__always)
    func recipe(for key: BindingKey, type: TypeReference) throws -> Recipe {
        // Keys first try a lock-free index: unnamed keys by their type (every one the
        // injector met), named keys in a small table filled as they are met.
        guard let name = key.name else {
            if let known = recipeIndex.recipe(for: key.type) { return known.object }
            return try lockedRecipe(for: key, type: type)
        }
        let slot = Self.namedQuickSlot(key.type, name)
        if let quick = namedQuickRecipes.recipe(slot), quick.key == key { return quick }
        let recipe = try lockedRecipe(for: key, type: type)
        namedQuickRecipes.link(slot, to: recipe)
        return recipe
    }

    /// The slot of the named quick table for a key: its type and the name's bits (a
    /// short name is its bits; a long one shares a slot only with the same string
    /// storage, and looks up by lock otherwise).
    @inline(__always)
    private static func namedQuickSlot(_ type: ObjectIdentifier, _ name: String) -> Int {
        let bits = withUnsafeBytes(of: name) { bytes in
            bytes.count >= 16 ? bytes.load(as: UInt.self) ^ (bytes.load(fromByteOffset: 8, as: UInt.self) &* 31) : 0
        }
        let mixed = (UInt(bitPattern: type) >> 4) ^ bits
        return Int((mixed &* RecipeIndex.fibonacciMultiplier) >> Self.namedQuickShift)
    }

    /// The recipe of an unnamed key if the index has it.
    @inline(__always)
    func quickRecipe(for type: ObjectIdentifier) -> Recipe? {
        recipeIndex.recipe(for: type)?.object
    }

    /// ``quickRecipe(for:)`` without retaining it: the injector keeps its recipes.
    @inline(__always)
    func keptQuickRecipe(for type: ObjectIdentifier) -> Kept<Recipe>? {
        recipeIndex.recipe(for: type)
    }

    static let namedQuickSlotCount = 64

    /// Keeps the top 6 bits of the product: one of the named table's 64 slots.
    private static var namedQuickShift: Int { 8 * MemoryLayout<UInt>.size - 6 }

    private func lockedRecipe(for key: BindingKey, type: TypeReference) throws -> Recipe {
        if let known = recipeTable.withLock({ $0[key] }) { return known }
        let made = try makeRecipe(for: key, type: type)
        return recipeTable.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = made
            if key.name == nil { recipeIndex.insert(made) }
            return made
        }
    }

    /// The binding for `key` here or in the nearest ancestor, with its injector.
    func binding(for key: BindingKey) -> (binding: Binding, owner: Injector)? {
        if let binding = bindings[key] { return (binding, self) }
        return parent?.binding(for: key)
    }

    /// The scope set with `setScope(_:for:)` here or in the nearest ancestor.
    func scopeOverride(for type: ObjectIdentifier) -> (scope: Scope, owner: Injector)? {
        if let scope = scopeOverrides[type] { return (scope, self) }
        return parent?.scopeOverride(for: type)
    }

    var root: Injector { parent?.root ?? self }

    private func makeRecipe(for key: BindingKey, type: TypeReference) throws -> Recipe {
        if let (binding, owner) = binding(for: key) {
            let scope: Scope
            var definer = owner
            let source: Recipe.Source
            switch binding.source {
            case .type(let implementation, let metadata) where binding.scope == nil:
                // A link (Objection's bindClass:toProtocol:): the implementation's own
                // recipe answers, in its own scope, so a singleton stays one instance
                // whether it is asked for by protocol or by class.
                scope = .normal
                // The binder's generic call proved the implementation injectable: its
                // metadata is read through that proof, so the implementation's recipe
                // finds it cached instead of searching the program's conformances.
                _ = try? metadata()
                source = .link(try linkedRecipe(for: implementation, from: key))
            case .type(let implementation, let metadata):
                let built = try metadata()
                if let explicit = binding.scope {
                    scope = explicit
                } else if let (overridden, overrider) = scopeOverride(for: implementation.id) {
                    scope = overridden
                    if overrider.isDescendant(of: owner) { definer = overrider }
                } else {
                    scope = built.declaredScope
                }
                source = .build(built)
            case .forward(let target, let targetName):
                scope = .normal
                source = .link(try linkedRecipe(for: target, named: targetName, from: key))
            case .instance(let instance):
                scope = .normal
                source = .instance(instance)
            case .closure(let make):
                scope = binding.scope ?? .normal
                source = .closure(make)
            case .provider(let provide):
                scope = binding.scope ?? .normal
                source = .provider(provide)
            }
            // Shared objects live with the injector that defines them, unless they depend
            // on a key this injector binds; everything else is built here, so this
            // injector's overrides fill its requirements.
            if definer !== self, scope.storageClass.isShared, !reachesOwnOverride(key, type: type) {
                return try (parent ?? definer).recipe(for: key, type: type)
            }
            return Recipe(key: key, type: type, scope: scope, source: source, binding: binding, owner: self)
        }
        guard key.name == nil, let metadata = InjectableMetadata.of(dynamic: type.type) else {
            if key.name == nil, let mainActor = type.type as? any MainActorInjectable.Type {
                // Its declarations are read on the main actor only.
                throw InjectionError.mainActorRequired(typeName(mainActor))
            }
            throw InjectionError.noBinding(
                for: type.type, name: key.name, nearMatches: nearMatches(for: key, type: type))
        }
        let (scope, definer) = scopeOverride(for: key.type) ?? (metadata.declaredScope, root)
        if definer !== self, scope.storageClass.isShared, !reachesOwnOverride(key, type: type) {
            return try (parent ?? definer).recipe(for: key, type: type)
        }
        return Recipe(key: key, type: type, scope: scope, source: .build(metadata), binding: nil, owner: self)
    }

    /// The recipe of a link's implementation; a loop of links is a cycle error.
    private func linkedRecipe(
        for implementation: TypeReference, named name: String? = nil, from key: BindingKey
    ) throws -> Recipe {
        let context = ThreadContext.current
        if context.linking.contains(key) {
            let path = context.linkPath.map(\.description) + [implementation.description]
            context.linking.removeAll()
            context.linkPath.removeAll()
            throw InjectionError.linkCycle(path: path, type: implementation.description)
        }
        context.linking.insert(key)
        context.linkPath.append(TypeReference(implementation.type))
        defer {
            context.linking.remove(key)
            if !context.linkPath.isEmpty { context.linkPath.removeLast() }
        }
        return try recipe(for: BindingKey(implementation.type, name: name), type: implementation)
    }

    func isDescendant(of ancestor: Injector) -> Bool {
        var current: Injector? = self
        while let injector = current {
            if injector === ancestor { return true }
            current = injector.parent
        }
        return false
    }

    /// Bindings that come close to `key`: the same type under another name (or
    /// none), and types of the same name from other modules.
    func nearMatches(for key: BindingKey, type: TypeReference) -> [String] {
        var matches: [String] = []
        var seen = Set<BindingKey>()
        var injector: Injector? = self
        while let current = injector {
            // By line, then by name: the table's order differs between two injectors.
            let bindings = current.bindings.values.sorted {
                ($0.location.line, $0.key.name ?? "", $0.summary) < ($1.location.line, $1.key.name ?? "", $1.summary)
            }
            for binding in bindings where !seen.contains(binding.key) {
                let sameType = binding.key.type == key.type && binding.key.name != key.name
                let sameName = binding.key.type != key.type && binding.boundType.description == type.description
                var conforming = false
                if binding.key.type != key.type, TypeKind(type.type) == .existential,
                    case .instance(let instance) = binding.source
                {
                    conforming = isInstance(instance.value, of: type.type)
                }
                if sameType || sameName || conforming {
                    seen.insert(binding.key)
                    matches.append(binding.summary)
                }
            }
            injector = current.parent
        }
        return matches
    }
}
