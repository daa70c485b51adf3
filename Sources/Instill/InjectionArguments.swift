/// The arguments of one build: the caller's, or the initializer's declared defaults
/// when the caller gave none.
///
/// An ``Initializer`` or an ``ObjectProvider`` reads them by position, naming the
/// type it expects; a missing or mistyped argument throws an ``InjectionError``
/// that names the type being built, the index, and the expected and given types.
///
/// ```swift
/// static let initializer = Initializer(defaults: "V8", 8) { arguments in
///     Engine(name: try arguments.argument(0, as: String.self),
///            cylinders: try arguments.argument(1, as: Int.self))
/// }
/// ```
public struct InjectionArguments: Sendable {
    /// The arguments, in order.
    public let values: [any Sendable]
    /// The name of the type being built, for messages: computed only when one is
    /// thrown (reflecting a type's name the first time searches every conformance in
    /// the program).
    private let builtTypeName: @Sendable () -> String
    var builtType: String { builtTypeName() }
    let isForProvider: Bool
    /// One more than the highest index read so far (cold builds only: the warm path
    /// has no arguments).
    private let reads = LockedBox(0)

    init(
        _ values: [any Sendable], building builtType: @escaping @autoclosure @Sendable () -> String,
        forProvider: Bool = false
    ) {
        self.values = values
        self.builtTypeName = builtType
        self.isForProvider = forProvider
    }

    /// Records that the argument at `index` was read.
    func markRead(upTo index: Int = 0) {
        reads.withLock { $0 = max($0, index + 1) }
    }

    /// How many leading arguments were read: one more than the highest index read.
    var readCount: Int { reads.withLock { $0 } }

    /// No arguments, for initializers that read none.
    static let none = InjectionArguments([], building: "")

    /// The number of arguments.
    public var count: Int { values.count }

    /// The argument at `index`, which must be a `Value`.
    ///
    /// - Throws: ``InjectionError`` of kind
    ///   ``InjectionError/Kind-swift.struct/argumentMismatch`` when the argument is
    ///   missing or of another type.
    public func argument<Value>(_ index: Int, as type: Value.Type = Value.self) throws -> Value {
        markRead(upTo: index)
        guard values.indices.contains(index) else {
            throw InjectionError.missingArgument(
                building: builtType, index: index, expected: typeName(Value.self), count: values.count,
                forProvider: isForProvider)
        }
        // A pattern, not `as? Value`: generic code would instantiate `Optional<Value>`'s
        // metadata on every call.
        switch values[index] {
        case let value as Value:
            return value
        default:
            throw InjectionError.argumentMismatch(
                building: builtType, index: index, expected: typeName(Value.self),
                given: typeName(Swift.type(of: values[index] as Any)))
        }
    }
}
