extension Injector {
    /// The graph of what this injector would build from `roots` (or, when `roots`
    /// is empty, from every binding it sees), without building anything.
    ///
    /// ```swift
    /// print(injector.graph(roots: [Car.self]).textTree)
    /// ```
    ///
    /// - Parameters:
    ///   - roots: the types to start from.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    ///     From main-actor code the graph shows inside ``MainActorInjectable`` types too.
    public func graph(roots: [Any.Type] = [], isolation: isolated (any Actor)? = #isolation) -> InjectionGraph {
        var walker = DependencyWalker(injector: self)
        withRequest(onMainActor: MainActorIsolation.isMainActor(isolation)) { _ in
            walker.walk(bindingRoots: roots.isEmpty, extraRoots: roots)
        }
        var index: [DependencyWalker.NodeKey: Int] = [:]
        for (position, key) in walker.order.enumerated() { index[key] = position }
        let nodes = walker.order.enumerated().compactMap { position, key -> InjectionGraph.Node? in
            guard let node = walker.nodes[key] else { return nil }
            return InjectionGraph.Node(
                id: position, typeName: node.type.description, name: key.name, scope: node.scope,
                source: node.source, argument: node.argument?.description, hasProblem: node.problem)
        }
        let edges = walker.edges.compactMap { edge -> InjectionGraph.Edge? in
            guard let from = index[edge.from], let to = index[edge.to] else { return nil }
            return InjectionGraph.Edge(
                from: from, to: to, label: edge.label, name: edge.name, isProvider: edge.isProvider,
                isDeclaredDependency: edge.isDeclared, isInCycle: edge.inCycle, hasProblem: edge.problem)
        }
        return InjectionGraph(nodes: nodes, edges: edges, roots: walker.roots.compactMap { index[$0] })
    }
}
