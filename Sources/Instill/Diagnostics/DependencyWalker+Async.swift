/// Which types need `await getObject`: those with an async step in their graph; and
/// which of them only the main actor can build.
extension DependencyWalker {
    /// The types the walk found whose graph reaches an async step through
    /// requirements, initializer dependencies, bindings' dependencies or links (a
    /// ``Provider`` defers its target, so it does not count), in the walk's order;
    /// a named binding shows its name. `onMainActor` lists those of them whose graph
    /// also reaches a main-actor type: only an `await getObject` made on the main
    /// actor builds them.
    func typesNeedingAwait() -> (all: [String], onMainActor: Set<String>) {
        guard !asyncNodes.isEmpty else { return ([], []) }
        var incoming: [NodeKey: [NodeKey]] = [:]
        for edge in edges where !edge.isProvider { incoming[edge.to, default: []].append(edge.from) }
        let needing = holders(of: asyncNodes, incoming: incoming)
        let mainActor = mainActorNodes.isEmpty ? [] : holders(of: mainActorNodes, incoming: incoming)
        var all: [String] = []
        var onMainActor: Set<String> = []
        for key in order where needing.contains(key) {
            guard let node = nodes[key] else { continue }
            let name = key.name.map { "\(node.type.description) named \"\($0)\"" } ?? node.type.description
            all.append(name)
            if mainActor.contains(key) { onMainActor.insert(name) }
        }
        return (all, onMainActor)
    }

    /// `nodes` and every node whose graph reaches one of them through `incoming`.
    private func holders(of nodes: Set<NodeKey>, incoming: [NodeKey: [NodeKey]]) -> Set<NodeKey> {
        var found = nodes
        var pending = Array(nodes)
        while let node = pending.popLast() {
            for holder in incoming[node] ?? [] where found.insert(holder).inserted { pending.append(holder) }
        }
        return found
    }
}
