/// Walks what an injector would build, from its bindings and requirement metadata,
/// without building anything: the engine of ``Injector/validate(roots:isolation:)`` and
/// ``Injector/graph(roots:isolation:)``.
struct DependencyWalker {
    /// A key as one injector answers it: a child and its parent may answer one key
    /// with different objects, so the walk keeps them apart.
    struct NodeKey: Hashable {
        let key: BindingKey
        /// The injector whose recipe answers the key (for a shared object, the
        /// ancestor it lives with).
        let injector: ObjectIdentifier
        var name: String? { key.name }
    }

    struct Node {
        let key: NodeKey
        let type: TypeReference
        /// How the injector answers the key: "automatic", "closure", "link", …
        var source: String
        var scope: Scope?
        var location: SourceLocation?
        /// The type of the argument its initializer takes (`Initializer(argument:)`).
        var argument: TypeReference? = nil
        var problem: Bool = false
        /// The class its initializer builds, as errors name it, when it builds one.
        var builtName: String? = nil
    }

    struct Edge {
        let from: NodeKey
        let to: NodeKey
        /// The property, "init" for an initializer's dependency, "binding" for a
        /// binding's, or "bound to" for a link.
        let label: String
        let name: String?
        let isProvider: Bool
        /// Whether an initializer or a binding's closure declares it.
        var isDeclared: Bool = false
        var inCycle: Bool = false
        var problem: Bool = false
    }

    private enum State { case inProgress, done }

    /// One step of the path the walk followed: a key, and the edge out of it.
    private struct Step {
        let key: NodeKey
        /// The edge as error chains show it; `nil` for a link.
        let label: String?
        /// The dependency the edge resolves, when an initializer or a binding's
        /// closure declares it.
        var declared: DeclaredDependency? = nil
        /// For a requirement that is a member of a `fills` of several classes: its
        /// label (`Car.fills(Engine)`). Such a member is never written back alone.
        var groupMember: String? = nil
    }

    /// An edge out of a node, before it is walked: a requirement, or a declared
    /// dependency.
    private struct Outgoing {
        let dependency: Dependency
        let name: String?
        /// The label of the graph's edge.
        let graphLabel: String
        /// The edge as error chains show it: `Car.engine`, `Repository.init(any Database)`.
        let chainLabel: String
        let location: SourceLocation?
        let declared: DeclaredDependency?
        /// See ``Step/groupMember``.
        var groupMember: String? = nil
    }

    let injector: Injector
    private(set) var nodes: [NodeKey: Node] = [:]
    private(set) var order: [NodeKey] = []
    private(set) var edges: [Edge] = []
    private(set) var problems: [InjectionError] = []
    /// The indices in `problems` of those no request of the walked roots throws: met
    /// behind a ``Provider`` or ``Lazy`` (calling it throws them), and lifetime
    /// mismatches (nothing throws them).
    private(set) var notThrownByRequests: Set<Int> = []
    private(set) var roots: [NodeKey] = []
    /// The keys in `roots`, for a constant-time check (a search of the array made
    /// the walk quadratic in the number of bindings).
    private var rootKeys: Set<NodeKey> = []
    /// The nodes answered by an async step (see `DependencyWalker+Async.swift`).
    private(set) var asyncNodes: Set<NodeKey> = []
    /// The main-actor types the walk met (``MainActorInjectable`` types, and links to them).
    private(set) var mainActorNodes: Set<NodeKey> = []
    private var state: [NodeKey: State] = [:]
    private var reportedCycles: Set<Set<NodeKey>> = []
    private var reportedMissing: Set<NodeKey> = []
    /// The bindings to a type that does not conform, with the error a build throws.
    private var nonConforming: [NodeKey: InjectionError] = [:]
    /// Each override with each edge that misses it: one override may be missed by
    /// several holders, and every one is reported.
    private var reportedOverrides: Set<[AnyHashable]> = []
    /// The walk recurses once per level: it stops where the stack runs low. The
    /// thread's own context keeps its stack's bounds (finding them reads
    /// `/proc/self/maps` on Linux's main thread: tens of thousands of instructions).
    private let stackGuard = ThreadContext.withCurrent { $0.stack }

    init(injector: Injector) {
        self.injector = injector
    }

    /// Walks every binding the injector sees, its eager singletons, and `extraRoots`.
    mutating func walk(bindingRoots: Bool, extraRoots: [Any.Type]) {
        // A test injector's stand-ins for live bindings come last: one that the walk
        // reaches is reported with the chain that reaches it, one it does not, alone.
        var liveStandIns: [Binding] = []
        if bindingRoots {
            // Every binding is a root and a node: size the tables once (growing them
            // rehashed every key several times over).
            var count = extraRoots.count
            var level: Injector? = injector
            while let injector = level {
                count += injector.bindings.count
                level = injector.parent
            }
            reserve(2 * count)
            var seen = Set<BindingKey>(minimumCapacity: count)
            var current: Injector? = injector
            while let level = current {
                for binding in level.bindings.values.sorted(by: { $0.location.line < $1.location.line })
                where seen.insert(binding.key).inserted {
                    if binding.unreplacedLive != nil {
                        liveStandIns.append(binding)
                    } else {
                        visitRoot(binding.key, binding.boundType)
                    }
                }
                current = level.parent
            }
            for eager in injector.eagerSingletons { checkEager(eager) }
        }
        for type in extraRoots { visitRoot(BindingKey(type), TypeReference(type)) }
        for binding in liveStandIns { visitRoot(binding.key, binding.boundType) }
    }

    private mutating func visitRoot(_ key: BindingKey, _ type: TypeReference) {
        let node = nodeKey(key, type, in: injector)
        if rootKeys.insert(node).inserted { roots.append(node) }
        var stack: [Step] = []
        visit(key, type, in: injector, stack: &stack, requested: type.description)
        // What a `Provider` or `Lazy` builds, once what the root builds itself is
        // walked: a type both reach is reported with the chain a request of the root
        // throws, not with the one a later call would.
        while !deferred.isEmpty {
            let later = deferred.removeFirst()
            var lazyStack = [later.step]
            let previousLocation = lastLocation
            lastLocation = later.location
            let found = problems.count
            visit(
                later.key, later.type, in: later.builder, stack: &lazyStack, requested: later.requested,
                reportsUnreadMainActor: false)
            for index in found..<problems.count { notThrownByRequests.insert(index) }
            lastLocation = previousLocation
        }
    }

    /// A target of a ``Provider`` or ``Lazy``, left to walk after the root's own graph.
    private struct DeferredVisit {
        let key: BindingKey
        let type: TypeReference
        let builder: Injector
        /// The provider's edge: where its chain starts.
        let step: Step
        let location: String?
        let requested: String
    }

    private var deferred: [DeferredVisit] = []

    /// Whether the targets of a ``Provider`` or ``Lazy`` are walked after the root's
    /// own graph (validation: problems get the chain a request throws), rather than
    /// where they are met (a graph: its nodes are numbered in that order).
    var defersProviderTargets = false

    /// Whether a type met again on the walk's path is treated as a build treats it
    /// (validation: problems get the text a request throws), rather than once as a
    /// cycle whatever member a build enters it at (a graph: every member of a cycle
    /// is marked). A build meets a `.normal` object again while a shared object it
    /// reached is filling its requirements: it builds it again (a later pass), and
    /// that pass meets what follows the edge round the cycle first, with a longer chain.
    var followsBuilds = false

    /// The keys a later pass walked to its end: the pass before it, still on the
    /// path, stops there (a build had met whatever follows in the later pass).
    private var laterPassesWalked: Set<NodeKey> = []

    /// The node `key` is, as `resolver` answers it: keyed by the injector whose recipe
    /// answers (a shared object's ancestor), or by `resolver` when nothing does.
    private func nodeKey(_ key: BindingKey, _ type: TypeReference, in resolver: Injector) -> NodeKey {
        let owner = (try? resolver.recipe(for: key, type: type))?.owner ?? resolver
        return NodeKey(key: key, injector: ObjectIdentifier(owner))
    }

    private mutating func checkEager(_ eager: EagerSingleton) {
        guard let recipe = try? injector.recipe(for: eager.key, type: eager.type) else { return }
        guard recipe.effectiveScope != .singleton else { return }
        var problem = InjectionError.eagerSingletonNotSingleton(
            recipe.typeName, scope: recipe.effectiveScope,
            implementation: recipe.isAutomaticBuild ? recipe.linkedTypeName : nil)
        problem.bindingLocation = eager.boundAt
        problems.append(problem)
        nodes[NodeKey(key: eager.key, injector: ObjectIdentifier(recipe.owner))]?.problem = true
    }

    /// Records `error`, met where `stack` leads from `requested`, as a problem.
    private mutating func report(_ error: InjectionError, _ requested: String, _ stack: [Step]) {
        var problem = error
        problem.requestedType = requested
        problem.chain = stack.compactMap(\.label)
        problem.requirementLocation = lastLocation
        problems.append(problem)
    }

    /// Visits `key` as `resolver` answers it, reached through `stack` (the
    /// requirements that led here).
    ///
    /// A main-actor type whose declarations cannot be read here (off the main actor,
    /// before a main-actor request read them) is reported as the build would report
    /// it, unless `reportsUnreadMainActor` is `false`: an edge whose build does not
    /// build it here (a ``Provider``), or that reports it itself.
    private mutating func visit(
        _ bindingKey: BindingKey, _ type: TypeReference, in resolver: Injector, stack: inout [Step],
        requested: String, reportsUnreadMainActor: Bool = true
    ) {
        let recipe: Recipe
        do {
            recipe = try resolver.recipe(for: bindingKey, type: type)
            if recipe.isMainActor, !MainActorIsolation.isProven {
                // Off the main actor, a main-actor type's declarations are not used,
                // whether a main-actor request read them or not: what is reported here
                // must not depend on that (a build from here throws this either way).
                var target = recipe
                while case .link(let linked) = target.source { target = linked }
                throw InjectionError.mainActorRequired(target.objectMetadata?.name ?? target.typeName)
            }
        } catch let error as InjectionError {
            let key = NodeKey(key: bindingKey, injector: ObjectIdentifier(resolver))
            guard state[key] == nil else {
                // Reached again, through another requirement: each one that needs the
                // missing key is reported (the report prints them as one problem).
                if reportedMissing.contains(key), !stack.isEmpty { report(error, requested, stack) }
                return
            }
            let isMainActor = Self.isUnreadMainActor(error)
            if !reportsUnreadMainActor, isMainActor {
                // Left unvisited: another edge may still report it.
                addNode(Node(key: key, type: type, source: "main actor", scope: nil, location: nil))
                return
            }
            addNode(
                Node(
                    key: key, type: type, source: isMainActor ? "main actor" : "unbound", scope: nil, location: nil,
                    problem: true))
            state[key] = .done
            if reportedMissing.insert(key).inserted { report(error, requested, stack) }
            return
        } catch {
            return
        }
        let key = NodeKey(key: bindingKey, injector: ObjectIdentifier(recipe.owner))
        if let failure = recipe.binding?.unreplacedLive {
            reportLive(failure, at: key, type, requested, stack)
            return
        }
        var isLaterPass = false
        if state[key] == .inProgress {
            guard let start = stack.lastIndex(where: { $0.key == key }) else { return }
            guard followsBuilds else {
                reportCycle(stack, from: start, requested)
                return
            }
            guard buildsAgain(key, enteredAt: start, stack, requested) else { return }
            isLaterPass = true
        } else if state[key] == .done {
            // Reached again, through another requirement: like a missing binding, a
            // binding to a type that does not conform is reported with each chain.
            if let error = nonConforming[key], !stack.isEmpty { report(error, requested, stack) }
            return
        }
        if stackGuard.isLow() {
            var problem = InjectionError.depthLimit(type.description, depth: stack.count, stackSize: stackGuard.size)
            problem.requestedType = requested
            problem.chain = stack.compactMap(\.label)
            problems.append(problem)
            return
        }

        if !isLaterPass {
            addNode(
                Node(
                    key: key, type: type, source: Self.describe(recipe), scope: recipe.effectiveScope,
                    location: recipe.binding?.location, argument: recipe.objectMetadata?.initializer.argument,
                    builtName: recipe.objectMetadata?.name))
        }
        state[key] = .inProgress
        if recipe.isAsync { asyncNodes.insert(key) }
        if recipe.isMainActor { mainActorNodes.insert(key) }
        switch recipe.source {
        case .build(let metadata):
            if let error = metadata.declarationError {
                report(error, requested, stack)
                nodes[key]?.problem = true
            } else {
                for (index, declared) in metadata.initializerDependencies.enumerated()
                where !laterPassesWalked.contains(key) {
                    let edge = Outgoing(
                        dependency: declared.dependency, name: declared.name, graphLabel: "init",
                        chainLabel: metadata.edgeDescription(ResolutionContext.Frame.initializerDependency(index)),
                        location: metadata.initializer.dependencies?.location, declared: declared)
                    walk(
                        edge, holder: metadata.name, from: key, scope: recipe.effectiveScope, in: recipe.owner,
                        stack: &stack, requested, holderIsMainActor: metadata.isMainActor)
                }
                // A build refuses a class that is not of the bound type.
                if let error = recipe.nonConformingError, !laterPassesWalked.contains(key) {
                    reportNonConforming(error, at: key, requested, stack)
                }
                // The injector that builds the object fills its requirements: for a
                // shared object, the ancestor it lives with.
                for requirement in metadata.requirements where !laterPassesWalked.contains(key) {
                    let edge = Outgoing(
                        dependency: requirement.dependency, name: requirement.name,
                        // A closure entry is drawn as an initializer's edge is (`init`).
                        graphLabel: requirement.isClosureEntry ? "fills" : requirement.propertyName,
                        chainLabel: "\(metadata.name).\(requirement.label)", location: requirement.location,
                        declared: nil,
                        groupMember: requirement.group == nil ? nil : "\(metadata.name).\(requirement.label)")
                    walk(
                        edge, holder: metadata.name, from: key, scope: recipe.effectiveScope, in: recipe.owner,
                        stack: &stack, requested, holderIsMainActor: metadata.isMainActor)
                }
            }
        case .link(let target):
            edges.append(
                Edge(
                    from: key, to: NodeKey(key: target.key, injector: ObjectIdentifier(target.owner)),
                    label: "bound to", name: nil, isProvider: false))
            stack.append(Step(key: key, label: nil))
            visit(target.key, target.type, in: target.owner, stack: &stack, requested: requested)
            stack.removeLast()
            // A build refuses a class that is not of the bound type, and checks the
            // value the target gave when the types cannot tell.
            if let error = recipe.nonConformingError {
                reportNonConforming(error, at: key, requested, stack)
            } else if recipe.accepts != nil, !Self.linkedValueConforms(recipe) {
                reportNonConforming(
                    InjectionError.typeDoesNotConform(target.typeName, boundTo: recipe.typeName).bound(
                        at: recipe.binding), at: key, requested, stack)
            }
        case .closure, .provider:
            for declared in recipe.binding?.dependencies?.entries ?? [] where !laterPassesWalked.contains(key) {
                let edge = Outgoing(
                    dependency: declared.dependency, name: declared.name, graphLabel: "binding",
                    chainLabel: "\(recipe.typeName) binding(\(declared.label))",
                    location: recipe.binding?.dependencies?.location, declared: declared)
                walk(
                    edge, holder: recipe.typeName, from: key, scope: recipe.effectiveScope, in: recipe.owner,
                    stack: &stack, requested)
            }
        case .instance:
            break
        }
        if isLaterPass {
            // The pass that met it again goes on; the one before it stops here: a
            // build met, in this pass, whatever follows.
            state[key] = .inProgress
            laterPassesWalked.insert(key)
        } else {
            state[key] = .done
            laterPassesWalked.remove(key)
        }
    }

    private var lastLocation: String?

    /// Reports a live binding a test injector's modules do not replace, once for each
    /// requirement that reaches it (the report prints them as one problem), or alone
    /// when it is visited as a root that nothing reached.
    private mutating func reportLive(
        _ failure: InjectionError, at key: NodeKey, _ type: TypeReference, _ requested: String, _ stack: [Step]
    ) {
        if state[key] == nil {
            addNode(Node(key: key, type: type, source: "live", scope: nil, location: nil, problem: true))
            state[key] = .done
        } else if stack.isEmpty {
            return
        }
        report(failure, requested, stack)
    }

    private mutating func walk(
        _ edge: Outgoing, holder: String, from key: NodeKey, scope: Scope, in builder: Injector,
        stack: inout [Step], _ requested: String, holderIsMainActor: Bool = false
    ) {
        let dependency = edge.dependency
        let targetKey = BindingKey(dependency.target.type, name: edge.name)
        let target = nodeKey(targetKey, dependency.target, in: builder)
        edges.append(
            Edge(
                from: key, to: target, label: edge.graphLabel, name: edge.name,
                isProvider: dependency.kind == .provider, isDeclared: edge.declared != nil))
        let edgeIndex = edges.count - 1
        guard dependency.kind != .objectFactory else {
            // The injector itself: nothing to resolve.
            if nodes[target] == nil {
                addNode(Node(key: target, type: dependency.target, source: "injector", scope: nil, location: nil))
            }
            return
        }
        if edge.declared != nil, dependency.isOptional, dependency.kind == .object,
            !builder.canAnswer(targetKey, type: dependency.target)
        {
            // Nothing bound: the closure receives nil. A requirement elsewhere that
            // is not optional still reports it.
            if nodes[target] == nil {
                addNode(Node(key: target, type: dependency.target, source: "none", scope: nil, location: nil))
            }
            return
        }
        let previousLocation = lastLocation
        lastLocation = edge.location?.description
        defer { lastLocation = previousLocation }
        if builder !== injector {
            reportUnseenOverride(of: targetKey, by: edge.chainLabel, of: holder, in: builder, stack, requested)
        }
        if dependency.kind == .provider {
            // Built later, on demand: no cycle and no lifetime issue through here, but
            // what it builds must still resolve. A main-actor type is built where the
            // provider is called: off the main actor, its declarations may not be
            // readable yet, and the provider is not a problem.
            let step = Step(key: key, label: edge.chainLabel, declared: edge.declared)
            let found = problems.count
            if defersProviderTargets {
                deferred.append(
                    DeferredVisit(
                        key: targetKey, type: dependency.target, builder: builder, step: step,
                        location: lastLocation, requested: requested))
            } else {
                var lazyStack = [step]
                visit(
                    targetKey, dependency.target, in: builder, stack: &lazyStack, requested: requested,
                    reportsUnreadMainActor: false)
            }
            if dependency.isLazy, let held = try? builder.recipe(for: targetKey, type: dependency.target) {
                reportLazyArgument(held, by: edge, at: edgeIndex, stack, requested)
            }
            for index in found..<problems.count { notThrownByRequests.insert(index) }
            return
        }
        stack.append(Step(key: key, label: edge.chainLabel, declared: edge.declared, groupMember: edge.groupMember))
        visit(
            targetKey, dependency.target, in: builder, stack: &stack, requested: requested,
            reportsUnreadMainActor: holderIsMainActor)
        stack.removeLast()
        do {
            let held = try builder.recipe(for: targetKey, type: dependency.target)
            if !holderIsMainActor, held.isMainActor {
                var target = held
                while case .link(let linked) = target.source { target = linked }
                reportMainActorHeld(
                    target.objectMetadata?.name ?? target.typeName, by: edge, of: holder, stack, requested)
            }
            reportArgumentNotPassed(held, by: edge, at: edgeIndex, stack, requested)
        } catch let error as InjectionError {
            // The same report whether or not the main actor has read its declarations.
            if !holderIsMainActor, Self.isUnreadMainActor(error), let held = error.mainActorType {
                reportMainActorHeld(held, by: edge, of: holder, stack, requested)
            }
        } catch {}
        if let held = nodes[target], let heldScope = held.scope, isMismatch(holder: scope, held: heldScope) {
            var problem = InjectionError.lifetimeMismatch(
                holder: holder, holderScope: scope, held: held.type.description, heldScope: heldScope,
                property: edge.chainLabel)
            problem.requestedType = requested
            problem.chain = (stack.compactMap(\.label)) + [edge.chainLabel]
            problem.requirementLocation = edge.location?.description
            problems.append(problem)
            notThrownByRequests.insert(problems.count - 1)
            edges[edges.count - 1].problem = true
        }
    }

    /// Reports a binding of `key` made by the walked injector (or an injector between
    /// it and `builder`) that the edge `label` never sees, because the object holding
    /// it is built by the ancestor `builder`.
    private mutating func reportUnseenOverride(
        of key: BindingKey, by label: String, of holder: String, in builder: Injector, _ stack: [Step],
        _ requested: String
    ) {
        var current: Injector? = injector
        while let level = current, level !== builder {
            if let binding = level.bindings[key] {
                let node = NodeKey(key: key, injector: ObjectIdentifier(level))
                guard reportedOverrides.insert([node, label]).inserted else { return }
                var problem = InjectionError.unseenOverride(
                    binding.boundType.description, name: key.name, holder: holder, property: label)
                problem.requestedType = requested
                problem.chain = stack.compactMap(\.label) + [label]
                problem.requirementLocation = lastLocation
                problem.bindingLocation = "\(binding.location) in \(binding.module)"
                problems.append(problem)
                return
            }
            current = level.parent
        }
    }

    /// Reports a nonisolated object that requires a main-actor one directly: only
    /// the main actor can build it.
    private mutating func reportMainActorHeld(
        _ held: String, by edge: Outgoing, of holder: String, _ stack: [Step], _ requested: String
    ) {
        var problem = InjectionError.mainActorHeld(
            holder: holder, held: held, required: edge.dependency.target.description)
        problem.requestedType = requested
        problem.chain = stack.compactMap(\.label) + [edge.chainLabel]
        problem.requirementLocation = edge.location?.description
        problems.append(problem)
        edges[edges.count - 1].problem = true
    }

    /// Reports a requirement or declared dependency that reaches a type whose
    /// initializer takes a typed argument: it passes none, so the build would throw.
    /// (A ``Provider`` edge is not reported: its caller passes the argument.)
    private mutating func reportArgumentNotPassed(
        _ held: Recipe, by edge: Outgoing, at edgeIndex: Int, _ stack: [Step], _ requested: String
    ) {
        guard let (metadata, argument) = held.typedArgument() else { return }
        var problem = InjectionError.missingArgument(metadata.name, argument: argument.description)
        problem.requestedType = requested
        problem.chain = stack.compactMap(\.label) + [edge.chainLabel]
        problem.requirementLocation = edge.location?.description
        problems.append(problem)
        edges[edgeIndex].problem = true
    }

    /// Whether `error` is the one a recipe throws for a main-actor type whose
    /// declarations cannot be read here: off the main actor, before a main-actor
    /// request read them.
    private static func isUnreadMainActor(_ error: InjectionError) -> Bool {
        error.kind == .mainActorRequired && error.mainActorType != nil && !MainActorIsolation.isProven
    }

    /// Reports a ``Lazy`` of a type whose initializer takes a typed argument: a lazy
    /// passes none, so reading its value would throw.
    private mutating func reportLazyArgument(
        _ held: Recipe, by edge: Outgoing, at edgeIndex: Int, _ stack: [Step], _ requested: String
    ) {
        guard let (metadata, argument) = held.typedArgument() else { return }
        var problem = InjectionError.lazyArgument(metadata.name, argument: argument.description)
        problem.requestedType = requested
        problem.chain = stack.compactMap(\.label) + [edge.chainLabel]
        problem.requirementLocation = edge.location?.description
        problems.append(problem)
        edges[edgeIndex].problem = true
    }

    private func isMismatch(holder: Scope, held: Scope) -> Bool {
        switch (holder, held) {
        case (.singleton, .graph), (.singleton, .weak), (.weak, .graph): true
        default: false
        }
    }

    /// Whether a build that meets `key` again, where `stack` leads, builds it again (a
    /// later pass): a `.normal` object, or a link (no frame of its own), while a shared
    /// object above it on the path is filling its requirements or resolving its
    /// initializer's dependencies. When it does not, reports the cycle the build
    /// throws there, if any: a shared object filling its requirements is found
    /// registered, and one still in its initializer is written back into a
    /// requirement that reaches it (except a member of a several-class `fills`).
    private mutating func buildsAgain(_ key: NodeKey, enteredAt start: Int, _ stack: [Step], _ requested: String)
        -> Bool
    {
        let entered = stack[start]
        guard entered.label != nil else { return true }
        let nodes = self.nodes
        func keepsValues(_ step: Step) -> Bool { nodes[step.key]?.scope?.storageClass.keepsValues == true }
        if keepsValues(entered) {
            guard entered.declared != nil else { return false }
            if let reaching = stack.last(where: { $0.label != nil }), reaching.declared == nil,
                let source = nodes[key]?.source, source == "automatic" || source == "type binding"
            {
                guard let member = reaching.groupMember else { return false }
                report(
                    InjectionError.groupBackReference(nodes[key]?.type.description ?? requested, member: member),
                    requested, stack)
                return false
            }
        } else if stack[(start + 1)...].contains(where: { $0.label != nil && keepsValues($0) }) {
            return true
        }
        let typeName = nodes[key]?.type.description ?? requested
        let path = stack[start...].compactMap(\.label) + [typeName]
        let problem =
            if let declared = entered.declared {
                InjectionError.initializerCycle(
                    path: path, type: typeName, owner: nodes[key]?.builtName ?? typeName, dependency: declared,
                    isBinding: nodes[key]?.source == "closure" || nodes[key]?.source == "provider")
            } else {
                InjectionError.cycle(path: path, type: typeName)
            }
        report(problem, requested, stack)
        return false
    }

    private mutating func reportCycle(_ stack: [Step], from start: Int, _ requested: String) {
        let members = Array(stack[start...])
        let keys = Set(members.map(\.key))
        // The resolver comes back to the member it entered the cycle at. That member
        // is found registered when it is kept before its requirements are filled and
        // left through a requirement (not its initializer, which runs before it
        // exists); a `.normal` one is built again, and the cycle ends at a member
        // that is so registered. Any member may be the one entered.
        let nodes = self.nodes
        func keepsValues(_ step: Step) -> Bool? { nodes[step.key]?.scope.map(\.storageClass.keepsValues) }
        func registers(_ step: Step) -> Bool { keepsValues(step) == true && step.declared == nil }
        let edges = members.filter { $0.label != nil }  // links have no frame of their own
        let anyRegisters = edges.contains(where: registers)
        // A shared object left through its initializer and reached again through a
        // requirement: the requirement that reaches it, whose value the resolver
        // writes once the object exists (`nil` when there is none).
        func reachingRequirement(_ index: Int) -> Step? {
            let step = edges[index]
            guard step.declared != nil, let node = nodes[step.key], node.scope?.storageClass.keepsValues == true,
                node.source == "automatic" || node.source == "type binding"
            else { return nil }
            let reaching = edges[(index + edges.count - 1) % edges.count]
            return reaching.declared == nil ? reaching : nil
        }
        // A member of a `fills` of several classes is written with the others, never
        // back alone: the build throws, as the resolver does.
        if let index = edges.indices.first(where: { reachingRequirement($0)?.groupMember != nil }),
            let member = reachingRequirement(index)?.groupMember, reportedCycles.insert(keys).inserted
        {
            for edgeIndex in self.edges.indices
            where keys.contains(self.edges[edgeIndex].from) && keys.contains(self.edges[edgeIndex].to) {
                self.edges[edgeIndex].inCycle = true
                self.edges[edgeIndex].problem = true
            }
            let owner = nodes[edges[index].key]?.type.description ?? requested
            report(InjectionError.groupBackReference(owner, member: member), requested, stack)
            return
        }
        func isWrittenBack(_ index: Int) -> Bool { reachingRequirement(index) != nil }
        let endsAtShared = anyRegisters || edges.indices.contains(where: isWrittenBack)
        let failing = edges.indices.first { index in
            let step = edges[index]
            return !(registers(step) || (keepsValues(step) == false && endsAtShared) || isWrittenBack(index))
        }
        for index in self.edges.indices
        where keys.contains(self.edges[index].from) && keys.contains(self.edges[index].to) {
            self.edges[index].inCycle = true
            if failing != nil { self.edges[index].problem = true }
        }
        guard let failing, reportedCycles.insert(keys).inserted else { return }
        // The path from the member that cannot be built, round to it again.
        let first = edges[failing]
        let rotated = Array(edges[failing...]) + Array(edges[..<failing])
        let typeName = nodes[first.key]?.type.description ?? requested
        let path = rotated.compactMap(\.label) + [typeName]
        let problem =
            if let declared = first.declared {
                InjectionError.initializerCycle(
                    path: path, type: typeName, owner: typeName, dependency: declared,
                    isBinding: nodes[first.key]?.source == "closure" || nodes[first.key]?.source == "provider")
            } else {
                InjectionError.cycle(path: path, type: typeName)
            }
        report(problem, requested, stack)
    }

    private mutating func reserve(_ capacity: Int) {
        nodes.reserveCapacity(capacity)
        order.reserveCapacity(capacity)
        state.reserveCapacity(capacity)
        rootKeys.reserveCapacity(capacity)
        roots.reserveCapacity(capacity)
    }

    private mutating func addNode(_ node: Node) {
        if nodes[node.key] == nil { order.append(node.key) }
        nodes[node.key] = node
    }

    /// Records `error`, a binding at `key` to a type that does not conform, as a
    /// problem, and keeps it to report again for each requirement that reaches `key`.
    private mutating func reportNonConforming(
        _ error: InjectionError, at key: NodeKey, _ requested: String, _ stack: [Step]
    ) {
        report(error, requested, stack)
        nonConforming[key] = error
        nodes[key]?.problem = true
    }

    /// Whether what the link `recipe` answers with passes its binding's check of the
    /// value (``Recipe/accepts``), where the types of the link itself do not tell
    /// (``Recipe/conformance``): an object its target builds, an instance bound to it;
    /// `true` when only a build can tell (a closure or a provider).
    private static func linkedValueConforms(_ recipe: Recipe) -> Bool {
        guard case .link(var target) = recipe.source, let accepts = recipe.accepts else { return true }
        while case .link(let next) = target.source { target = next }
        switch target.source {
        case .build(let metadata):
            return TypeConformance.isInstance(of: metadata.type.type, a: recipe.type.type) != false
        case .instance(let instance):
            return accepts(instance.value)
        default:
            return true
        }
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
