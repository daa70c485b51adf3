/// How a child injector's overrides reach shared objects whose bindings live with an
/// ancestor.
///
/// A shared object (singleton or weak) lives with the injector that defines it and is
/// the same instance for every descendant, unless what it depends on, as a descendant
/// sees the bindings, includes a key that descendant binds: then the descendant builds
/// and keeps its own, with its overrides. Dependencies are followed through
/// initializers, `requires`, links, forwards, `Provider`s and `Lazy`s, and the
/// dependencies closure bindings declare, at any depth.
///
/// A closure or provider binding that declares no dependencies, and an
/// ``ObjectFactory``, are opaque: what they ask for is not known until they ask, so they
/// lead nowhere here and what holds them stays shared. While an ancestor builds a
/// shared object for a descendant's request, a request made on the way that would reach
/// one of the descendant's overrides is an
/// ``InjectionError/Kind-swift.struct/unseenOverride`` error rather than a silent miss
/// (see `OverrideWatch`).
///
/// Everything here runs when a recipe is made or a shared object is built for a
/// descendant: never for an injector without a parent, never on a warm request.
extension Injector {
    /// Whether an object of `key`, which lives with an ancestor, depends on a key this
    /// injector binds, so that this injector builds its own.
    func reachesOwnOverride(_ key: BindingKey, type: TypeReference) -> Bool {
        guard !bindings.isEmpty, let reachCache else { return false }
        if let known = reachCache.withLock({ $0[key] }) { return known }
        var seen: Set<BindingKey> = []
        var unread = false
        let reaches =
            overrideReached(from: key, type: type, below: parent, cache: reachCache, seen: &seen, unread: &unread)
            != nil
        // A main-actor type whose declarations are not read yet (they are read on the
        // main actor only) may depend on an override: counted as reaching, so that the
        // override is never missed, and nothing is cached, so that once they are read
        // the walk follows them.
        if !reaches, unread { return true }
        reachCache.withLock { cache in
            cache[key] = reaches
            // A walk that found nothing went through everything each key it met
            // depends on: none of them reaches an override either.
            if !reaches { for other in seen { cache[other] = false } }
        }
        return reaches
    }

    /// The first key bound by this injector or an injector between it and `ancestor`
    /// (excluded) that an object of `key` depends on, as this injector sees the
    /// bindings, `key` itself included; `nil` when there is none.
    ///
    /// `cache` holds what ``reachesOwnOverride(_:type:)`` found for other keys, valid
    /// when `ancestor` is this injector's parent.
    func overrideReached(
        from key: BindingKey, type: TypeReference, below ancestor: Injector?,
        cache: LockedBox<[BindingKey: Bool]>? = nil
    ) -> BindingKey? {
        var seen: Set<BindingKey> = []
        var unread = false
        return overrideReached(from: key, type: type, below: ancestor, cache: cache, seen: &seen, unread: &unread)
    }

    /// ``overrideReached(from:type:below:cache:)``, leaving in `seen` the keys it met,
    /// and setting `unread` when it met a main-actor type whose declarations it could
    /// not read here (see ``InjectableMetadata/isUnreadMainActor(_:)``).
    private func overrideReached(
        from key: BindingKey, type: TypeReference, below ancestor: Injector?,
        cache: LockedBox<[BindingKey: Bool]>?, seen: inout Set<BindingKey>, unread: inout Bool
    ) -> BindingKey? {
        var levels: [Injector] = []
        var level: Injector? = self
        while let current = level, current !== ancestor {
            levels.append(current)
            level = current.parent
        }
        guard levels.contains(where: { !$0.bindings.isEmpty }) else { return nil }
        let known = cache?.withLock { $0 } ?? [:]
        seen.insert(key)
        var pending = [(key, type)]
        while let (current, currentType) = pending.popLast() {
            if levels.contains(where: { $0.bindings[current] != nil }) { return current }
            if current != key, let reaches = known[current] {
                if reaches { return current }
                continue
            }
            let isRead = forEachDependency(of: current, type: currentType) { dependency in
                if seen.insert(dependency.0).inserted { pending.append(dependency) }
            }
            if !isRead { unread = true }
        }
        return nil
    }

    /// Calls `body` with each key an object of `key` depends on as this injector
    /// answers it. A closure or provider that declares nothing, an instance, an
    /// ``ObjectFactory`` and a type that is not injectable have no dependencies to
    /// follow.
    ///
    /// Returns `false` when `key` is a main-actor type whose declarations cannot be
    /// read here: what it depends on is unknown, which is not the same as nothing.
    private func forEachDependency(
        of key: BindingKey, type: TypeReference, _ body: ((BindingKey, TypeReference)) -> Void
    ) -> Bool {
        let metadata: InjectableMetadata?
        let implementation: Any.Type
        if let (binding, _) = binding(for: key) {
            switch binding.source {
            case .type(let implementation, _) where binding.scope == nil:
                body((BindingKey(implementation.type), implementation))
                return true
            case .type(let bound, let read):
                metadata = try? read()
                implementation = bound.type
            case .forward(let target, let name):
                body((BindingKey(target.type, name: name), target))
                return true
            case .instance:
                return true
            case .closure, .provider:
                for declared in binding.dependencies?.entries ?? [] {
                    visit(declared.dependency, name: declared.name, body)
                }
                return true
            }
        } else {
            guard key.name == nil else { return true }
            metadata = InjectableMetadata.of(dynamic: type.type)
            implementation = type.type
        }
        guard let metadata else { return !InjectableMetadata.isUnreadMainActor(implementation) }
        guard metadata.declarationError == nil else { return true }
        for declared in metadata.initializerDependencies { visit(declared.dependency, name: declared.name, body) }
        for requirement in metadata.requirements { visit(requirement.dependency, name: requirement.name, body) }
        return true
    }

    private func visit(_ dependency: Dependency, name: String?, _ body: ((BindingKey, TypeReference)) -> Void) {
        switch dependency.kind {
        case .object, .provider: body((BindingKey(dependency.target.type, name: name), dependency.target))
        case .objectFactory: break
        }
    }

    /// This injector's eager singletons, then those of its ancestors that it builds
    /// its own of because they reach its overrides.
    var eagerSingletonsToStart: [EagerSingleton] {
        guard parent != nil, !bindings.isEmpty else { return eagerSingletons }
        var entries = eagerSingletons
        var level = parent
        while let current = level {
            for entry in current.eagerSingletons {
                guard var recipe = try? recipe(for: entry.key, type: entry.type) else { continue }
                while case .link(let target) = recipe.source { recipe = target }
                if recipe.owner === self, recipe.storage.fixesPublishedObjects { entries.append(entry) }
            }
            level = current.parent
        }
        return entries
    }

    /// Whether this injector or one between it and `ancestor` (excluded) binds anything.
    func hasOverrides(below ancestor: Injector) -> Bool {
        var level: Injector? = self
        while let current = level, current !== ancestor {
            if !current.bindings.isEmpty { return true }
            level = current.parent
        }
        return false
    }

    /// The injector a closure or provider of `recipe` receives: its owner, or, while an
    /// ancestor builds for a descendant, a fresh view of the owner for a closure that
    /// declares nothing. A view has no recipes yet, so none of its requests takes the
    /// warm path unchecked: a singleton the owner published is still checked.
    @inline(__always)
    func closureInjector(for recipe: Recipe, in context: ResolutionContext) -> Injector {
        guard let watch = context.overrideWatch else { return recipe.owner }
        return watchedClosureInjector(for: recipe, watch)
    }

    @inline(never)
    private func watchedClosureInjector(for recipe: Recipe, _ watch: OverrideWatch) -> Injector {
        let owner = recipe.owner
        guard recipe.binding?.dependencies == nil, owner !== watch.requester, watch.requester.isDescendant(of: owner)
        else { return owner }
        return Injector(closureViewOf: owner)
    }

    /// Throws when a request this injector answers while it builds a shared object for
    /// a descendant (`watch`) would reach one of that descendant's overrides: the
    /// request comes from a closure or provider that declares none of it.
    func checkOverrideWatch(_ watch: OverrideWatch, key: BindingKey, type: TypeReference) throws {
        let requester = watch.requester
        // A closure's view answers as the injector it views.
        let answering = isClosureView ? (parent ?? self) : self
        guard requester !== answering, requester.isDescendant(of: answering),
            let reached = requester.overrideReached(from: key, type: type, below: answering)
        else { return }
        guard let bound = requester.binding(for: reached)?.binding else { return }
        var error = InjectionError.unseenOverride(
            bound.boundType.description, name: reached.name, holder: watch.holder.typeName,
            asked: reached == key ? nil : type.description)
        error.bindingLocation = "\(bound.location) in \(bound.module)"
        throw error
    }
}

/// What a thread's request watches while an ancestor builds a shared object for a
/// descendant's request: the descendant's overrides must not be asked of the ancestor.
struct OverrideWatch {
    /// The injector whose request the ancestor builds for.
    let requester: Injector
    /// The shared object being built.
    let holder: Recipe
}
