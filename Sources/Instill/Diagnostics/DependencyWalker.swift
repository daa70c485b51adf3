/// Walks what an injector would build, from its bindings and requirement metadata,
/// without building anything: the engine of ``Injector/validate(roots:)`` and
/// ``Injector/graph(roots:)``.
struct DependencyWalker {
    struct Node {
        let key: BindingKey
        let type: TypeReference
        /// How the injector answers the key: "automatic", "closure", "link", …
        var source: String
        var scope: Scope?
        var location: SourceLocation?
        var problem: Bool = false
    }

    struct Edge {
        let from: BindingKey
        let to: BindingKey
        /// The property, or "bound to" for a link.
        let label: String
        let name: String?
        let isProvider: Bool
        var inCycle: Bool = false
        var problem: Bool = false
    }

    private enum State { case inProgress, done }

    let injector: Injector
    private(set) var nodes: [BindingKey: Node] = [:]
    private(set) var order: [BindingKey] = []
    private(set) var edges: [Edge] = []
    private(set) var problems: [InjectionError] = []
    private(set) var roots: [BindingKey] = []
    private var state: [BindingKey: State] = [:]
    private var reportedCycles: Set<Set<BindingKey>> = []
    private var reportedMissing: Set<BindingKey> = []
    /// The walk recurses once per level: it stops where the stack runs low.
    private let stackGuard = ThreadStack.current()

    init(injector: Injector) {
        self.injector = injector
    }

    /// Walks every binding the injector sees, its eager singletons, and `extraRoots`.
    mutating func walk(bindingRoots: Bool, extraRoots: [Any.Type]) {
        if bindingRoots {
            var seen = Set<BindingKey>()
            var current: Injector? = injector
            while let level = current {
                for binding in level.bindings.values.sorted(by: { $0.location.line < $1.location.line })
                where seen.insert(binding.key).inserted {
                    visitRoot(binding.key, binding.boundType)
                }
                current = level.parent
            }
            for eager in injector.eagerSingletons { checkEager(eager) }
        }
        for type in extraRoots { visitRoot(BindingKey(type), TypeReference(type)) }
    }

    private mutating func visitRoot(_ key: BindingKey, _ type: TypeReference) {
        if !roots.contains(key) { roots.append(key) }
        var stack: [(key: BindingKey, label: String?)] = []
        visit(key, type, stack: &stack, requested: type.description)
    }

    private mutating func checkEager(_ eager: EagerSingleton) {
        guard let recipe = try? injector.recipe(for: eager.key, type: eager.type) else { return }
        guard recipe.effectiveScope != .singleton else { return }
        var problem = InjectionError.eagerSingletonNotSingleton(
            recipe.typeName, scope: recipe.effectiveScope,
            implementation: recipe.isAutomaticBuild ? recipe.linkedTypeName : nil)
        problem.bindingLocation = eager.boundAt
        problems.append(problem)
        nodes[eager.key]?.problem = true
    }

    /// Visits `key`, reached through `stack` (the requirements that led here).
    private mutating func visit(
        _ key: BindingKey, _ type: TypeReference, stack: inout [(key: BindingKey, label: String?)], requested: String
    ) {
        if state[key] == .inProgress {
            if let start = stack.firstIndex(where: { $0.key == key }) { reportCycle(stack, from: start, requested) }
            return
        }
        if state[key] == .done { return }
        if stackGuard.isLow() {
            var problem = InjectionError.depthLimit(type.description, depth: stack.count, stackSize: stackGuard.size)
            problem.requestedType = requested
            problem.chain = stack.compactMap(\.label)
            problems.append(problem)
            return
        }

        let recipe: Recipe
        do {
            recipe = try injector.recipe(for: key, type: type)
        } catch let error as InjectionError {
            addNode(Node(key: key, type: type, source: "unbound", scope: nil, location: nil, problem: true))
            state[key] = .done
            guard reportedMissing.insert(key).inserted else { return }
            var problem = error
            problem.requestedType = requested
            problem.chain = stack.compactMap(\.label)
            problem.requirementLocation = lastLocation
            problems.append(problem)
            return
        } catch {
            return
        }

        addNode(
            Node(
                key: key, type: type, source: Self.describe(recipe), scope: recipe.effectiveScope,
                location: recipe.binding?.location))
        state[key] = .inProgress
        switch recipe.source {
        case .build(let metadata):
            if var error = metadata.declarationError {
                error.requestedType = requested
                error.chain = stack.compactMap(\.label)
                error.requirementLocation = lastLocation
                problems.append(error)
                nodes[key]?.problem = true
            } else {
                for requirement in metadata.requirements {
                    walk(requirement, of: metadata, from: key, scope: recipe.effectiveScope, stack: &stack, requested)
                }
            }
        case .link(let target):
            edges.append(Edge(from: key, to: target.key, label: "bound to", name: nil, isProvider: false))
            stack.append((key, nil))
            visit(target.key, target.type, stack: &stack, requested: requested)
            stack.removeLast()
        case .instance, .closure, .provider:
            break
        }
        state[key] = .done
    }

    private var lastLocation: String?

    private mutating func walk(
        _ requirement: Requirement, of metadata: InjectableMetadata, from key: BindingKey, scope: Scope,
        stack: inout [(key: BindingKey, label: String?)], _ requested: String
    ) {
        let dependency = requirement.dependency
        let target = BindingKey(dependency.target.type, name: requirement.name)
        let label = "\(metadata.name).\(requirement.propertyName)"
        edges.append(
            Edge(
                from: key, to: target, label: requirement.propertyName, name: requirement.name,
                isProvider: dependency.kind == .provider))
        guard dependency.kind != .objectFactory else {
            // The injector itself: nothing to resolve.
            if nodes[target] == nil {
                addNode(Node(key: target, type: dependency.target, source: "injector", scope: nil, location: nil))
            }
            return
        }
        let previousLocation = lastLocation
        lastLocation = requirement.location.description
        defer { lastLocation = previousLocation }
        if dependency.kind == .provider {
            // Built later, on demand: no cycle and no lifetime issue through here, but
            // what it builds must still resolve.
            var lazyStack: [(key: BindingKey, label: String?)] = [(key, label)]
            visit(target, dependency.target, stack: &lazyStack, requested: requested)
            return
        }
        stack.append((key, label))
        visit(target, dependency.target, stack: &stack, requested: requested)
        stack.removeLast()
        if let held = nodes[target], let heldScope = held.scope, isMismatch(holder: scope, held: heldScope) {
            var problem = InjectionError.lifetimeMismatch(
                holder: metadata.name, holderScope: scope, held: held.type.description, heldScope: heldScope,
                property: label)
            problem.requestedType = requested
            problem.chain = (stack.compactMap(\.label)) + [label]
            problem.requirementLocation = requirement.location.description
            problems.append(problem)
            edges[edges.count - 1].problem = true
        }
    }

    private func isMismatch(holder: Scope, held: Scope) -> Bool {
        switch (holder, held) {
        case (.singleton, .graph), (.singleton, .weak), (.weak, .graph): true
        default: false
        }
    }

    private mutating func reportCycle(
        _ stack: [(key: BindingKey, label: String?)], from start: Int, _ requested: String
    ) {
        let members = Array(stack[start...])
        let keys = Set(members.map(\.key))
        // A cycle resolves when one member is kept before its requirements are filled.
        let resolves = members.contains { member in nodes[member.key]?.scope.map(\.breaksCycles) ?? false }
        for index in edges.indices where keys.contains(edges[index].from) && keys.contains(edges[index].to) {
            edges[index].inCycle = true
            if !resolves { edges[index].problem = true }
        }
        guard !resolves, reportedCycles.insert(keys).inserted else { return }
        let first = members[0].key
        let path = members.compactMap(\.label) + [nodes[first]?.type.description ?? "?"]
        var problem = InjectionError.cycle(path: path, type: nodes[first]?.type.description ?? requested)
        problem.requestedType = requested
        problem.chain = stack.compactMap(\.label)
        problem.requirementLocation = lastLocation
        problems.append(problem)
    }

    private mutating func addNode(_ node: Node) {
        if nodes[node.key] == nil { order.append(node.key) }
        nodes[node.key] = node
    }

    private static func describe(_ recipe: Recipe) -> String {
        switch recipe.source {
        case .build: recipe.binding == nil ? "automatic" : "type binding"
        case .instance: "instance"
        case .closure: "closure"
        case .provider: "provider"
        case .link: "link"
        }
    }
}
