import Foundation
import Instill
import ShowroomKit
import Testing

@Suite("Graph export")
struct GraphExportTests {
    @Suite("Graphviz DOT")
    struct DOT {
        @Test("the DOT output of the example graph has every node and every labelled edge, and Graphviz accepts it")
        func showroomDOT() throws {
            let dot = try Showroom.graph().dot

            #expect(dot.hasPrefix("digraph Instill {\n"))
            #expect(dot.hasSuffix("\n}\n"))
            for node in Showroom.nodes {
                #expect(dot.contains("\n    \(node);\n"), "missing node: \(node)")
            }
            for edge in Showroom.edges {
                #expect(dot.contains("\n    \(edge);\n"), "missing edge: \(edge)")
            }
            let statements = dot.split(separator: "\n").filter { $0.wholeMatch(of: /\s{4}n\d+ .*;/) != nil }
            #expect(statements.count == Showroom.nodes.count + Showroom.edges.count)

            guard let svg = try Graphviz.render(dot) else {
                Issue.record(
                    "Graphviz's dot is not on the PATH: checked the DOT text only, not that Graphviz accepts it",
                    severity: .warning)
                return
            }
            #expect(svg.status == 0, "dot -Tsvg failed: \(svg.errors)")
            #expect(svg.output.contains("<svg"))
            for text in [
                "Garage", "SportsCar", "any GearBox", "SixSpeedManual", "Headlight &quot;left&quot;", "spareWheel",
            ] {
                #expect(svg.output.contains(">\(text)</text>"), "not drawn: \(text)")
            }
        }

        @Test("problems are red (unbound types, unresolvable cycles, lifetime mismatches); resolvable cycles orange")
        func problemsAreRed() {
            let dot = Injector().graph(roots: [Tower.self, Anchor.self]).dot

            #expect(
                dot == """
                    digraph Instill {
                        rankdir=LR;
                        node [shape=box, fontname="Helvetica"];
                        edge [fontname="Helvetica", fontsize=10];
                        n0 [label="GraphExportTests.Tower\\nsingleton, automatic"];
                        n1 [label="GraphExportTests.Beacon\\nnormal, automatic"];
                        n2 [label="GraphExportTests.Lamp\\nnormal, automatic"];
                        n3 [label="GraphExportTests.Bulb\\nnormal, automatic"];
                        n4 [label="any GraphExportTests.Switch\\nunbound", color=red, fontcolor=red];
                        n5 [label="GraphExportTests.Ticket\\ngraph, automatic"];
                        n6 [label="GraphExportTests.Anchor\\nsingleton, automatic"];
                        n7 [label="GraphExportTests.Rope\\nnormal, automatic"];
                        n0 -> n1 [label="beacon"];
                        n1 -> n2 [label="lamp"];
                        n2 -> n3 [label="bulb", color=red, fontcolor=red, penwidth=2];
                        n3 -> n2 [label="lamp", color=red, fontcolor=red, penwidth=2];
                        n2 -> n4 [label="switcher"];
                        n0 -> n2 [label="lamp"];
                        n0 -> n5 [label="ticket", color=red, fontcolor=red, penwidth=2];
                        n6 -> n7 [label="rope", color=orange];
                        n7 -> n6 [label="anchor", color=orange];
                    }

                    """)
        }

        @Test("a named Provider edge is drawn both dotted (built later) and bold (named)")
        func namedProviderEdgeStyle() throws {
            let injector = try Injector(modules: [BeamModule()])
            let dot = injector.graph(roots: [Lighthouse.self]).dot

            let edge = try #require(dot.split(separator: "\n").first { $0.contains("label=\"beams\\n\\\"main\\\"\"") })
            let styles = edge.matches(of: /style=("?)([a-z,]+)\1/).map { String($0.output.2) }
            #expect(styles.count == 1, "one style attribute, or Graphviz keeps only the last: \(edge)")
            #expect(Set(styles.flatMap { $0.split(separator: ",").map(String.init) }) == ["dotted", "bold"])
        }
    }

    @Suite("Text tree")
    struct TextTree {
        @Test("the text tree of the example graph matches its snapshot")
        func showroomTree() throws {
            let graph = try Showroom.graph()

            #expect(
                graph.textTree == """
                    Garage (singleton)
                    └─ factory: ObjectFactory (the injector)
                    SportsCar (normal)
                    ├─ engine: Engine (normal)
                    ├─ brakes: Brakes (normal)
                    ├─ gearBox: any GearBox → SixSpeedManual (normal)
                    ├─ spareWheel (provider): Wheel (normal)
                    ├─ leftLight: Headlight "left" (normal, closure)
                    ├─ rightLight: Headlight "right" (normal, closure)
                    └─ turbo: Turbo (normal)

                    """)
            #expect(graph.description == graph.textTree)
        }

        @Test("a node met again is marked (see above), a cycle ↺ cycle and an unbound type ✗ unbound")
        func markers() {
            let tree = Injector().graph(roots: [Tower.self]).textTree

            #expect(
                tree == """
                    GraphExportTests.Tower (singleton)
                    ├─ beacon: GraphExportTests.Beacon (normal)
                    │  └─ lamp: GraphExportTests.Lamp (normal)
                    │     ├─ bulb: GraphExportTests.Bulb (normal)
                    │     │  └─ lamp: GraphExportTests.Lamp (normal) ↺ cycle
                    │     └─ switcher: any GraphExportTests.Switch ✗ unbound
                    ├─ lamp: GraphExportTests.Lamp (normal) (see above)
                    └─ ticket: GraphExportTests.Ticket (graph)

                    """)
        }
    }

    @Suite("What the graph holds")
    struct Contents {
        @Test("the graph of the example lists its nodes, edges and roots")
        func showroomNodesAndEdges() throws {
            let graph = try Showroom.graph()

            #expect(graph.roots.map { graph.nodes[$0].typeName } == ["Garage", "SportsCar"])
            let lights = graph.nodes.filter { $0.typeName == "Headlight" }
            #expect(lights.map(\.name) == ["left", "right"])
            #expect(lights.allSatisfy { $0.source == "closure" && $0.scope == .normal && !$0.hasProblem })
            let gearBox = try #require(graph.nodes.first { $0.typeName == "any GearBox" })
            #expect(gearBox.source == "link")
            let link = try #require(graph.edges.first { $0.from == gearBox.id })
            #expect(link.label == "bound to")
            #expect(graph.nodes[link.to].typeName == "SixSpeedManual")
            let spare = try #require(graph.edges.first { $0.label == "spareWheel" })
            #expect(spare.isProvider)
            #expect(graph.edges.allSatisfy { !$0.hasProblem && !$0.isInCycle })
        }

        @Test("drawing a graph builds nothing")
        func graphBuildsNothing() {
            let before = Counted.builds.value

            _ = Injector().graph(roots: [Counted.self]).dot

            #expect(Counted.builds.value == before)
        }
    }
}

// MARK: - Fixtures

extension GraphExportTests {
    /// The example from Examples/Showroom: its module, drawn from a garage and a sports car.
    private enum Showroom {
        static func graph() throws -> InjectionGraph {
            try Injector(modules: [ShowroomModule()]).graph(roots: [ShowroomKit.Garage.self, SportsCar.self])
        }

        static let nodes = [
            #"n0 [label="Garage\nsingleton, automatic"]"#,
            #"n1 [label="ObjectFactory\ninjector"]"#,
            #"n2 [label="SportsCar\nnormal, automatic"]"#,
            #"n3 [label="Engine\nnormal, automatic"]"#,
            #"n4 [label="Brakes\nnormal, automatic"]"#,
            #"n5 [label="any GearBox\nnormal, link", style=dashed]"#,
            #"n6 [label="SixSpeedManual\nnormal, automatic"]"#,
            #"n7 [label="Wheel\nnormal, automatic"]"#,
            #"n8 [label="Headlight \"left\"\nnormal, closure"]"#,
            #"n9 [label="Headlight \"right\"\nnormal, closure"]"#,
            #"n10 [label="Turbo\nnormal, automatic"]"#,
        ]

        static let edges = [
            #"n0 -> n1 [label="factory"]"#,
            #"n2 -> n3 [label="engine"]"#,
            #"n2 -> n4 [label="brakes"]"#,
            #"n2 -> n5 [label="gearBox"]"#,
            #"n5 -> n6 [label="bound to", style="dashed"]"#,
            #"n2 -> n7 [label="spareWheel", style="dotted"]"#,
            #"n2 -> n8 [label="leftLight\n\"left\"", style="bold"]"#,
            #"n2 -> n9 [label="rightLight\n\"right\"", style="bold"]"#,
            #"n2 -> n10 [label="turbo"]"#,
        ]
    }

    // A graph with every kind of problem: a cycle of normal objects (Lamp ↔ Bulb), an
    // unbound protocol, a singleton holding a graph object, and a singleton cycle that
    // resolves (Anchor ↔ Rope).

    private protocol Switch: AnyObject {}

    private final class Tower: Injectable {
        static let scope: Scope = .singleton
        var beacon: Beacon!
        var lamp: Lamp!
        var ticket: Ticket!
        static var requires: Requirements { Requirements(\Tower.beacon, \.lamp, \.ticket) }
        init() {}
    }

    private final class Beacon: Injectable {
        var lamp: Lamp!
        static var requires: Requirements { Requirements(\Beacon.lamp) }
        init() {}
    }

    private final class Lamp: Injectable {
        var bulb: Bulb!
        var switcher: (any Switch)!
        static var requires: Requirements { Requirements(\Lamp.bulb, \.switcher) }
        init() {}
    }

    private final class Bulb: Injectable {
        var lamp: Lamp!
        static var requires: Requirements { Requirements(\Bulb.lamp) }
        init() {}
    }

    private final class Ticket: Injectable {
        static let scope: Scope = .graph
        init() {}
    }

    private final class Anchor: Injectable {
        static let scope: Scope = .singleton
        var rope: Rope!
        static var requires: Requirements { Requirements(\Anchor.rope) }
        init() {}
    }

    private final class Rope: Injectable {
        var anchor: Anchor!
        static var requires: Requirements { Requirements(\Rope.anchor) }
        init() {}
    }

    // A named Provider requirement.

    private final class Beam: Injectable {
        init() {}
    }

    private struct BeamModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Beam.self, named: "main") { _ in Beam() }
        }
    }

    private final class Lighthouse: Injectable {
        var beams: Provider<Beam>!
        static var requires: Requirements { Requirements().named("main", \Lighthouse.beams) }
        init() {}
    }

    // Counting builds.

    private final class BuildCount: @unchecked Sendable {  // `count` is only touched while holding `lock`
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    private final class Counted: Injectable {
        static let builds = BuildCount()
        var part: CountedPart!
        static var requires: Requirements { Requirements(\Counted.part) }
        init() { Counted.builds.increment() }
    }

    private final class CountedPart: Injectable {
        init() { Counted.builds.increment() }
    }
}
