import Testing

@testable import Instill

// `TypeMetadata` reads a type's metadata words (`Unsafe/LayoutReading.swift`): its kind,
// and a struct's type descriptor. These specifications give it every kind of type a
// requirement or a message can name, and structs that look like the handles.

private protocol Gauge {}
private protocol Dial {}
private final class Needle: Gauge {}
private struct Reading: Gauge {}
private enum Unit { case bar }

/// Named and shaped like the injector's handle, in another module: never one.
private struct Provider<Value> { let value: Value }

@Suite("Type metadata words")
struct TypeMetadataTests {
    @Test(
        "a type's kind is read from its metadata, the same for every type of that kind",
        arguments: [
            (Needle.self as Any.Type, TypeKind.class), ((any Gauge).self, .existential),
            ((any Gauge & Dial).self, .existential), (Any.self, .existential), (AnyObject.self, .existential),
            ((() -> Int).self, .function), (((Int) throws -> Needle).self, .function), (Reading.self, .value),
            (Unit.self, .value), (Int.self, .value), (Needle?.self, .value), ((Int, Int).self, .value),
        ])
    func kinds(type: Any.Type, kind: TypeKind) {
        #expect(TypeKind(type) == kind, "\(type)")
        #expect(isExistential(type) == (kind == .existential), "\(type)")
    }

    @Test(
        "only optionals read as optionals, whatever they wrap",
        arguments: [
            (Needle?.self as Any.Type, true), (Int?.self, true), ((any Gauge)?.self, true), (Int??.self, true),
            (Needle.self, false), (Int.self, false), ([Int?].self, false), (Unit.self, false),
        ])
    func optionals(type: Any.Type, isOptional: Bool) {
        #expect(TypeKind.isOptional(type) == isOptional, "\(type)")
    }

    @Test("a struct named and shaped like a handle, in another module, is not one")
    func lookAlikeHandles() {
        #expect(!TypeKind.isHandle(Provider<Needle>.self))
        #expect(!TypeKind.isHandleByConformance(Provider<Needle>.self))
        if LayoutReading.isEnabled {
            #expect(!TypeKind.isHandleByDescriptor(Provider<Needle>.self))
            #expect(
                TypeMetadata.structDescriptorWord(of: Instill.Provider<Needle>.self)
                    == TypeMetadata.structDescriptorWord(of: Instill.Provider<Int>.self))
        }
        #expect(TypeKind.isHandle(Instill.Provider<Needle>.self))
    }
}
