/// What an injector would build, as nodes (types) and edges (requirements), for
/// people who would rather look than read.
///
/// Get one from ``Injector/graph(roots:isolation:)`` and print it as an indented tree, or
/// render ``dot`` with Graphviz:
///
/// ```swift
/// let graph = injector.graph(roots: [Car.self])
/// print(graph.textTree)
/// // Car (normal)
/// // ├─ init: Chassis (normal)
/// // ├─ engine: Engine (normal)
/// // ├─ gearBox: any GearBox → SixSpeed (singleton)
/// // └─ leftLight: Headlight "left" (normal, closure)
/// try graph.dot.write(...)   // dot -Tsvg graph.dot > graph.svg
/// ```
///
/// A dependency an ``Initializer`` declares is an edge labelled `init`; one a
/// binding's closure declares, `binding`.
///
/// Problems that ``Injector/validate(roots:isolation:)`` reports are marked: unbound types
/// and the edges of cycles and lifetime mismatches are drawn in red.
public struct InjectionGraph: Sendable, CustomStringConvertible {
    /// A type the injector answers (or fails to).
    public struct Node: Sendable, Hashable {
        /// The node's index in ``InjectionGraph/nodes``.
        public let id: Int
        /// The requested type, without module prefix.
        public let typeName: String
        /// The binding name, for named bindings.
        public let name: String?
        /// The scope of what it answers with, or `nil` when it is unbound.
        public let scope: Scope?
        /// How it is answered: "automatic", "type binding", "link", "instance",
        /// "closure", "provider", "injector" (an ``ObjectFactory``), "unbound",
        /// "none" (an optional dependency with nothing bound, which receives `nil`),
        /// "main actor" (a ``MainActorInjectable`` type in a graph made off the main
        /// actor, which does not read its declarations), or "live" (a live binding that
        /// a test injector's modules do not replace: see ``Injector/testInjector(modules:fakes:file:line:)``).
        public let source: String
        /// The type of the argument every request must pass, for a type whose
        /// ``Initializer`` takes one (`Initializer(argument:)`); `nil` otherwise.
        public let argument: String?
        /// Whether a validation problem concerns this node.
        public let hasProblem: Bool
    }

    /// A requirement (or a link from a protocol to its implementation).
    public struct Edge: Sendable, Hashable {
        /// The node that requires.
        public let from: Int
        /// The node required.
        public let to: Int
        /// The property's name, "init" for a dependency an ``Initializer`` declares,
        /// "binding" for one a binding's closure declares, or "bound to" for a link.
        public let label: String
        /// The binding name of a named requirement.
        public let name: String?
        /// Whether the property is a ``Provider``, built later.
        public let isProvider: Bool
        /// Whether an ``Initializer`` or a binding's closure declares the dependency:
        /// it is resolved before the object exists, so no scope breaks a cycle
        /// through it.
        public let isDeclaredDependency: Bool
        /// Whether the edge is part of a cycle.
        public let isInCycle: Bool
        /// Whether a validation problem concerns this edge (a cycle with no
        /// singleton, graph or weak-scoped member, or a lifetime mismatch).
        public let hasProblem: Bool
    }

    /// Every node reached, in the order the walk met them.
    public let nodes: [Node]
    /// Every edge, in requirement order.
    public let edges: [Edge]
    /// The nodes the walk started from.
    public let roots: [Int]

    /// The graph as an indented tree, one line per requirement.
    public var description: String { textTree }

    /// The graph in Graphviz's DOT language: nodes labelled with type and scope,
    /// edges with the property (or `init`, with a hollow arrowhead, for an
    /// initializer's dependency), named edges bold with the name, provider edges
    /// dotted, links dashed, problems red.
    public var dot: String {
        var lines = ["digraph Instill {", "    rankdir=LR;", "    node [shape=box, fontname=\"Helvetica\"];"]
        lines.append("    edge [fontname=\"Helvetica\", fontsize=10];")
        for node in nodes {
            var label = node.typeName
            if let name = node.name { label += " \"\(name)\"" }
            label += "\n" + (node.scope.map { "\($0), \(node.source)" } ?? node.source)
            if let argument = node.argument { label += "\nargument: \(argument)" }
            var attributes = ["label=\(quoted(label))"]
            if node.source == "link" { attributes.append("style=dashed") }
            if node.hasProblem { attributes.append("color=red, fontcolor=red") }
            lines.append("    n\(node.id) [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges {
            var label = edge.label
            if let name = edge.name { label += "\n\"\(name)\"" }
            var attributes = ["label=\(quoted(label))"]
            var styles: [String] = []
            if edge.label == "bound to" { styles.append("dashed") }
            if edge.isProvider { styles.append("dotted") }
            if edge.name != nil { styles.append("bold") }
            if !styles.isEmpty { attributes.append("style=\(quoted(styles.joined(separator: ",")))") }
            if edge.isDeclaredDependency { attributes.append("arrowhead=empty") }
            if edge.hasProblem {
                attributes.append("color=red, fontcolor=red, penwidth=2")
            } else if edge.isInCycle {
                attributes.append("color=orange")
            }
            lines.append("    n\(edge.from) -> n\(edge.to) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as an indented tree from each root. A node met again is marked
    /// "(see above)", a requirement that closes a cycle "↺ cycle", an unbound one
    /// "✗ unbound", an optional dependency with nothing bound "(nil: nothing
    /// bound)", and a link is shown as `any P → Implementation`. Dependencies an
    /// initializer declares come first, labelled `init`.
    public var textTree: String {
        var lines: [String] = []
        var expanded = Set<Int>()
        for root in roots {
            var path: [Int] = []
            let (title, target) = describe(root)
            lines.append(title)
            appendChildren(of: target, prefix: "", path: &path, expanded: &expanded, into: &lines)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func appendChildren(
        of node: Int, prefix: String, path: inout [Int], expanded: inout Set<Int>, into lines: inout [String]
    ) {
        guard expanded.insert(node).inserted else { return }
        path.append(node)
        defer { path.removeLast() }
        let children = edges.filter { $0.from == node && $0.label != "bound to" }
        for (index, edge) in children.enumerated() {
            let isLast = index == children.count - 1
            var label = edge.label
            if edge.isProvider { label += " (provider)" }
            let (title, target) = describe(edge.to)
            var line = prefix + (isLast ? "└─ " : "├─ ") + label + ": " + title
            if path.contains(target) {
                line += " ↺ cycle"
                lines.append(line)
            } else if expanded.contains(target), edges.contains(where: { $0.from == target && $0.label != "bound to" })
            {
                line += " (see above)"
                lines.append(line)
            } else {
                lines.append(line)
                appendChildren(
                    of: target, prefix: prefix + (isLast ? "   " : "│  "), path: &path, expanded: &expanded,
                    into: &lines)
            }
        }
    }

    /// A node's title, following links: `any GearBox → SixSpeed (singleton)`.
    private func describe(_ id: Int) -> (title: String, target: Int) {
        var title = nodes[id].typeName
        if let name = nodes[id].name { title += " \"\(name)\"" }
        var current = id
        var seen: Set<Int> = [id]
        while nodes[current].source == "link",
            let link = edges.first(where: { $0.from == current && $0.label == "bound to" }),
            seen.insert(link.to).inserted
        {
            current = link.to
            title += " → " + nodes[current].typeName
        }
        let node = nodes[current]
        if node.source == "unbound" { return (title + " ✗ unbound", current) }
        if node.source == "live" { return (title + " ✗ live", current) }
        if node.source == "injector" { return (title + " (the injector)", current) }
        if node.source == "none" { return (title + " (nil: nothing bound)", current) }
        if node.source == "main actor" {
            // Off the main actor: its declarations are drawn by a graph made on the main actor.
            return (title + " (main actor: its requirements are drawn on the main actor)", current)
        }
        var details = node.scope.map { "\($0)" } ?? ""
        if node.source != "automatic" && node.source != "link" { details += ", \(node.source)" }
        if let argument = node.argument { details += ", argument: \(argument)" }
        return (title + " (\(details))", current)
    }

    private func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
