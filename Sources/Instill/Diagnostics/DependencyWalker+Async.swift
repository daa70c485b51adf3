/// Which types need `await getObject`: those with an async step in their graph.
extension DependencyWalker {
    /// The types the walk found whose graph reaches an async step through
    /// requirements, initializer dependencies, bindings' dependencies or links (a
    /// ``Provider`` defers its target, so it does not count), in the walk's order;
    /// a named binding shows its name.
    func typesNeedingAwait() -> [String] {
        guard !asyncNodes.isEmpty else { return [] }
        var needing = asyncNodes
        var incoming: [NodeKey: [NodeKey]] = [:]
        for edge in edges where !edge.isProvider { incoming[edge.to, default: []].append(edge.from) }
        var pending = Array(asyncNodes)
        while let node = pending.popLast() {
            for holder in incoming[node] ?? [] where needing.insert(holder).inserted { pending.append(holder) }
        }
        return order.filter(needing.contains).compactMap { key in
            guard let node = nodes[key] else { return nil }
            let name = node.type.description
            return key.name.map { "\(name) named \"\($0)\"" } ?? name
        }
    }
}
