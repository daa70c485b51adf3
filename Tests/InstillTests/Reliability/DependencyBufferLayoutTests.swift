import Testing

@testable import Instill

// The resolved values of declared dependencies reach their closure through one
// buffer, laid out as the tuple `(First, (rest…))` and moved out whole. These values
// have sizes and alignments that make that layout differ from a flat one (a one-byte
// first value puts the rest at the next multiple of eight, not at offset one), and
// every path that fills the buffer (the resolver, a warm build's plan, a binding's
// closure, an async build) must put each value where the closure reads it.

// MARK: - Fixtures

private struct Byte: Equatable, Sendable { let value: UInt8 }
private struct Odd: Equatable, Sendable {
    let a: UInt8
    let b: UInt16
    let c: UInt8
}
private protocol Named: AnyObject, Sendable { var name: String { get } }
private final class Plate: Named, Injectable {
    let name = "plate"
    init() {}
}
private final class Badge: Injectable, Sendable {
    init() {}
}

/// Odd shapes in an order that moves each value off its flat offset.
private final class Assortment: Injectable, Sendable {
    let byte: Byte
    let odd: Odd
    let wide: Double
    let named: any Named
    let badge: Badge
    let maybe: Int?
    let text: String
    let anything: any Sendable

    init(
        byte: Byte, odd: Odd, wide: Double, named: any Named, badge: Badge, maybe: Int?, text: String,
        anything: any Sendable
    ) {
        self.byte = byte
        self.odd = odd
        self.wide = wide
        self.named = named
        self.badge = badge
        self.maybe = maybe
        self.text = text
        self.anything = anything
    }

    static let initializer = Initializer(
        dependencies: Byte.self, Odd.self, Double.self, (any Named).self, Badge.self, Int?.self, String.self,
        (any Sendable).self
    ) { Assortment(byte: $0, odd: $1, wide: $2, named: $3, badge: $4, maybe: $5, text: $6, anything: $7) }
}

/// A class first (one word), then a one-byte value: the rest starts right after it.
private final class ClassThenByte: Injectable, Sendable {
    let badge: Badge
    let byte: Byte
    init(badge: Badge, byte: Byte) {
        self.badge = badge
        self.byte = byte
    }
    static let initializer = Initializer(dependencies: Badge.self, Byte.self) { ClassThenByte(badge: $0, byte: $1) }
}

private func module(maybe: Int? = 42) -> ModuleFixtures.Configure {
    ModuleFixtures.Configure { binder in
        binder.bind(Byte(value: 0xAB))
        binder.bind(Odd(a: 1, b: 0xBEEF, c: 3))
        binder.bind(2.5)
        binder.bind((any Named).self, to: Plate.self)
        if let maybe { binder.bind(maybe) }
        binder.bind("text")
        binder.bind(Odd(a: 9, b: 9, c: 9), as: (any Sendable).self)
    }
}

private func isComplete(_ assortment: Assortment, maybe: Int? = 42) -> Bool {
    assortment.byte == Byte(value: 0xAB) && assortment.odd == Odd(a: 1, b: 0xBEEF, c: 3) && assortment.wide == 2.5
        && assortment.named.name == "plate" && assortment.maybe == maybe && assortment.text == "text"
        && (assortment.anything as? Odd) == Odd(a: 9, b: 9, c: 9)
}

// MARK: - Specification

@Suite("The dependency buffer's layout matches what the closure reads")
struct DependencyBufferLayoutTests {
    @Test("the computed layout is the compiler's layout of (First, (rest…)) for odd shapes")
    func layoutMatchesTheCompiler() {
        func check<First, each D>(_: First.Type, _: repeat (each D).Type) {
            var sizes = [(MemoryLayout<First>.size, MemoryLayout<First>.alignment)]
            for type in repeat (each D).self { sizes.append(size(of: type)) }
            let layout = DependencyValues.layout(of: sizes)
            #expect(layout.size == MemoryLayout<(First, (repeat each D))>.size)
            #expect(layout.alignment == MemoryLayout<(First, (repeat each D))>.alignment)
        }
        func size<T>(of _: T.Type) -> (Int, Int) { (MemoryLayout<T>.size, MemoryLayout<T>.alignment) }
        check(UInt8.self, Int.self)
        check(UInt8.self, UInt8.self, Int.self, UInt16.self)
        check(Odd.self, Double.self, Byte.self)
        check(Int.self, Byte.self, Byte.self, (any Named).self)
        check(Byte.self, (any Sendable).self, Int?.self, String.self)
        check(Badge.self)
        // Offsets too, where the compiler can name them: a one-byte first value moves
        // the rest to the alignment of the rest's tuple.
        let layout = DependencyValues.layout(of: [(1, 1), (1, 1), (8, 8)])
        #expect(layout.offsets == [0, 8, 16])
        #expect(MemoryLayout<(UInt8, (UInt8, Int))>.offset(of: \(UInt8, (UInt8, Int)).1) == 8)
    }

    @Test("values of odd sizes and alignments reach the initializer, cold and warm")
    func initializerColdAndWarm() throws {
        let injector = try Injector(modules: [module()])
        for _ in 0..<6 {
            #expect(isComplete(try injector.getObject(Assortment.self)))
            let pair = try injector.getObject(ClassThenByte.self)
            #expect(pair.byte == Byte(value: 0xAB))
        }
        #expect(try injector.buildsWarm(Assortment.self))
    }

    @Test("an unbound optional in the middle arrives as nil, cold and warm")
    func unboundOptional() throws {
        let injector = try Injector(modules: [module(maybe: nil)])
        for _ in 0..<6 { #expect(isComplete(try injector.getObject(Assortment.self), maybe: nil)) }
    }

    @Test("a binding's closure with odd dependencies receives each one")
    func bindingClosure() throws {
        struct Summary: Sendable {
            let text: String
        }
        let injector = try Injector(modules: [
            module(),
            ModuleFixtures.Configure { binder in
                binder.bind(Summary.self, dependencies: Byte.self, Odd.self, (any Named).self, Int?.self) {
                    byte, odd, named, maybe in
                    Summary(text: "\(byte.value) \(odd.b) \(named.name) \(maybe ?? -1)")
                }
            },
        ])
        for _ in 0..<3 { #expect(try injector.getObject(Summary.self).text == "171 48879 plate 42") }
    }

    @Test("an async binding's closure with odd dependencies receives each one")
    func asyncBindingClosure() async throws {
        struct Summary: Sendable {
            let text: String
        }
        let injector = try Injector(modules: [
            module(),
            ModuleFixtures.Configure { binder in
                binder.bind(Summary.self, dependencies: Byte.self, Double.self, String.self) { byte, wide, text in
                    await Task.yield()
                    return Summary(text: "\(byte.value) \(wide) \(text)")
                }
            },
        ])
        for _ in 0..<3 { #expect(try await injector.getObject(Summary.self).text == "171 2.5 text") }
    }
}
