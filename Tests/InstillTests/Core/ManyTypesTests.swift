import Instill
import Testing

// MARK: - Fixtures: more than a thousand distinct types, made from a few generics

private final class Leaf0: Injectable { init() {} }
private final class Leaf1: Injectable { init() {} }
private final class Leaf2: Injectable { init() {} }
private final class Leaf3: Injectable { init() {} }
private final class Leaf4: Injectable { init() {} }
private final class Leaf5: Injectable { init() {} }
private final class Leaf6: Injectable { init() {} }
private final class Leaf7: Injectable { init() {} }
private final class Leaf8: Injectable { init() {} }
private final class Leaf9: Injectable { init() {} }

/// A singleton for each pair of types: `Pair<Pair<Leaf1, Leaf2>, Leaf3>` is a type of its own.
private final class Pair<First, Second>: Injectable {
    static var scope: Scope { .singleton }
    init() {}
}

private let leaves: [any Injectable.Type] = [
    Leaf0.self, Leaf1.self, Leaf2.self, Leaf3.self, Leaf4.self, Leaf5.self, Leaf6.self, Leaf7.self, Leaf8.self,
    Leaf9.self,
]

private func pair<First: Injectable, Second: Injectable>(_: First.Type, _: Second.Type) -> any Injectable.Type {
    Pair<First, Second>.self
}

/// 10 leaves, 100 pairs of leaves and 1,000 pairs of a pair and a leaf: 1,110 types.
private let manyTypes: [any Injectable.Type] = {
    let pairs = leaves.flatMap { first in leaves.map { second in pair(first, second) } }
    let triples = pairs.flatMap { first in leaves.map { second in pair(first, second) } }
    return leaves + pairs + triples
}()

private func object<T: Injectable>(_ type: T.Type, from injector: Injector) throws -> ObjectIdentifier {
    ObjectIdentifier(try injector.getObject(type))
}

// MARK: - Specifications

@Suite("An injector that has met thousands of types")
struct ManyTypesTests {
    @Test("each of 1,110 singleton and normal types is answered, a singleton with one instance every time")
    func everyTypeAnswered() throws {
        let injector = Injector()
        var first: [ObjectIdentifier] = []
        for type in manyTypes { first.append(try object(type, from: injector)) }
        var second: [ObjectIdentifier] = []
        for type in manyTypes { second.append(try object(type, from: injector)) }
        let singletons = leaves.count..<manyTypes.count
        #expect(singletons.allSatisfy { first[$0] == second[$0] })
        #expect(Set(singletons.map { first[$0] }).count == singletons.count)
        #expect((0..<leaves.count).allSatisfy { first[$0] != second[$0] })
    }

    @Test("four threads asking for 1,110 types in other orders while the injector learns them see one singleton each")
    func threadsLearningTypes() throws {
        let injector = Injector()
        let seen = LockedList<[Int: ObjectIdentifier]>()
        onThreads(4) { thread in
            // Each thread starts at another point of the list, half of them backwards.
            let count = manyTypes.count
            var order = (0..<count).map { ($0 + thread * 277) % count }
            if thread % 2 == 1 { order.reverse() }
            var objects: [Int: ObjectIdentifier] = [:]
            var changed: Set<Int> = []
            for _ in 0..<2 {
                for index in order where index >= leaves.count {
                    guard let object = try? object(manyTypes[index], from: injector) else { continue }
                    if let known = objects[index], known != object { changed.insert(index) }
                    objects[index] = object
                }
            }
            for index in changed { objects[index] = nil }
            seen.append(objects)
        }
        let all = seen.values
        try #require(all.count == 4)
        for index in leaves.count..<manyTypes.count {
            let objects = all.compactMap { $0[index] }
            #expect(objects.count == 4 && Set(objects).count == 1, "type \(index)")
        }
    }
}

/// Values appended from several threads, under a lock.
private final class LockedList<Value: Sendable>: @unchecked Sendable {  // every access goes through `lock`
    private let lock = Mutex<[Value]>([])
    func append(_ value: Value) { lock.withLock { $0.append(value) } }
    var values: [Value] { lock.withLock { $0 } }
}
