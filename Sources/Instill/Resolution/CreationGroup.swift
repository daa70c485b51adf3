/// Creation groups: the shared recipes (singletons and weak-scoped objects) that
/// require each other share one ``CreationGate``.
///
/// A group is a strongly connected component of the graph of *static* edges: a
/// built type's requirements of object kind and the dependencies its initializer
/// declares, the dependencies a closure or provider binding declares, and a link's
/// target. Instances, `Provider<T>` and `ObjectFactory` requirements have none, nor
/// has what a closure asks for without declaring it: that is decided by running
/// code. A thread takes a group's gate for the first shared object of the group it builds and keeps it while any object of
/// the group it started is unpublished; objects it reaches through static edges
/// belong to the same group or to one further down the graph of groups, which has
/// no cycles, so two threads can only wait for each other's gates through a dynamic
/// edge, and ``CreationGate`` reports that as a cycle instead of waiting forever.
///
/// Groups are computed outside any lock, on a recipe's first build. Recipes never
/// change, so every thread computes the same group; each stores the gate first in
/// the group's leader (the member with the lowest address) and then adopts whatever
/// gate the leader holds, so the whole group ends up with one gate.
extension Recipe {
    /// The gate this shared recipe is built under; computes its group on first use.
    func creationGate() -> CreationGate {
        if let gate = storage.assignedGate { return gate }
        CreationGroup.assignGates(reachableFrom: self)
        // Set by now for a shared recipe (the only kind that has a gate).
        return storage.assignedGate ?? CreationGate()
    }

    /// The recipes a build of this one asks for because they are declared, before
    /// it is published.
    fileprivate func staticDependencies() -> [Recipe] {
        switch source {
        case .build(let metadata):
            let required = metadata.requirements.indices.compactMap { index -> Recipe? in
                let requirement = metadata.requirements[index]
                guard requirement.dependency.kind == .object else { return nil }
                if let linked = links?.recipe(index) { return linked }
                let target = requirement.dependency.target
                let found = try? owner.recipe(for: BindingKey(target.type, name: requirement.name), type: target)
                // The build looks the same key up in the same injector: it finds the link.
                if let found { links?.link(index, to: found) }
                return found
            }
            return required
                + declaredDependencies(metadata.initializerDependencies, firstSlot: metadata.requirements.count)
        case .link(let target):
            return [target]
        case .closure, .provider:
            return declaredDependencies(binding?.dependencies?.entries ?? [], firstSlot: 0)
        case .instance:
            return []
        }
    }

    /// The recipes of the object-kind dependencies an initializer or a binding declares:
    /// static edges too, resolved before what declares them exists.
    private func declaredDependencies(_ entries: [DeclaredDependency], firstSlot: Int) -> [Recipe] {
        entries.indices.compactMap { index in
            let declared = entries[index]
            guard declared.dependency.kind == .object else { return nil }
            if let linked = links?.recipe(firstSlot + index) { return linked }
            let found = try? owner.recipe(for: declared.key, type: declared.dependency.target)
            if let found { links?.link(firstSlot + index, to: found) }
            return found
        }
    }

    /// Whether this recipe's group is known and stored: a search need not look past it.
    fileprivate var isSettled: Bool { storage.assignedGate?.isAssignedToGroup ?? false }
}

/// Tarjan's algorithm over static edges, iterative so that a deep graph cannot
/// overflow the stack.
private enum CreationGroup {
    /// One recipe on the search's path.
    private struct Visit {
        let node: Int
        let dependencies: [Recipe]
        var next = 0
    }

    /// Gives every shared recipe reachable from `root` through static edges the gate
    /// of its group.
    ///
    /// The search does not look past recipes whose group is settled: a settled group
    /// holds every shared member of its component, so a component with a member that
    /// has no gate yet cannot pass through one, and it is found whole.
    static func assignGates(reachableFrom root: Recipe) {
        let rootDependencies = root.isSettled ? [] : root.staticDependencies()
        // The common case, a recipe whose dependencies were built first: every one is
        // settled (or the recipe itself), so the recipe is a group of its own.
        if rootDependencies.allSatisfy({ $0.isSettled || $0 === root }) {
            assignGate(to: [root])
            return
        }
        var recipes: [Recipe] = []
        var indices: [ObjectIdentifier: Int] = [:]
        var lowlinks: [Int] = []
        var isOnStack: [Bool] = []
        var stack: [Int] = []
        var path: [Visit] = []

        func enter(_ recipe: Recipe, dependencies: [Recipe]) {
            let node = recipes.count
            recipes.append(recipe)
            indices[ObjectIdentifier(recipe)] = node
            lowlinks.append(node)
            isOnStack.append(true)
            stack.append(node)
            path.append(Visit(node: node, dependencies: dependencies))
        }

        enter(root, dependencies: rootDependencies)
        while let visit = path.last {
            if visit.next < visit.dependencies.count {
                let dependency = visit.dependencies[visit.next]
                path[path.count - 1].next += 1
                // A settled group is complete: no unsettled recipe's group runs through it.
                if dependency.isSettled { continue }
                if let node = indices[ObjectIdentifier(dependency)] {
                    if isOnStack[node] { lowlinks[visit.node] = min(lowlinks[visit.node], node) }
                } else {
                    enter(dependency, dependencies: dependency.staticDependencies())
                }
                continue
            }
            path.removeLast()
            if let parent = path.last { lowlinks[parent.node] = min(lowlinks[parent.node], lowlinks[visit.node]) }
            guard lowlinks[visit.node] == visit.node else { continue }
            var members: [Recipe] = []
            while let member = stack.popLast() {
                isOnStack[member] = false
                members.append(recipes[member])
                if member == visit.node { break }
            }
            assignGate(to: members)
        }
    }

    /// Gives the shared members of one component the same gate: the one its leader
    /// holds, or a new one.
    private static func assignGate(to members: [Recipe]) {
        let shared = members.filter(\.storage.isShared)
        let address = { (recipe: Recipe) in UInt(bitPattern: ObjectIdentifier(recipe)) }
        guard let leader = shared.min(by: { address($0) < address($1) }), !leader.isSettled else { return }
        guard let gate = leader.storage.assignedGate ?? leader.storage.assignGate(CreationGate()) else { return }
        for member in shared where member !== leader { _ = member.storage.assignGate(gate) }
        gate.markAssignedToGroup()
    }
}
