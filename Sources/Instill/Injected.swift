/// A property the injector fills, declared in one place: the property itself.
///
/// Mark a `var` of an ``Injectable`` (or ``MainActorInjectable``) class with
/// `@Injected`, and the injector finds it by itself: nothing to list in `requires`,
/// nothing to forget. The property's type says what is injected, as a key path's does:
/// an `Injectable` class (built automatically when nothing is bound to it), a bound
/// protocol, an optional (`T?`, left `nil` when its binding gives `nil`),
/// ``Provider``, ``Lazy`` or ``ObjectFactory``.
///
/// ```swift
/// final class HabitApp: Injectable {
///     @Injected var terminal: any Terminal
///     @Injected var calculator: StreakCalculator
///     @Injected var reports: Provider<Report>
///     init() {}
///     func awakeFromInjection() { terminal.write("ready") }
/// }
/// ```
///
/// The injector reads a class's `@Injected` properties once per type, from the class's
/// field records, so ``Injector/validate(roots:isolation:)``, ``Injector/graph(roots:isolation:)``
/// and error chains show them (`HabitApp.terminal`) before any instance exists. They
/// are filled after the type's ``Injectable/requires``, superclass properties first, in
/// declaration order, whenever the injector builds the object or fills it with
/// ``Injector/injectDependencies(into:isolation:)``; then ``Injectable/awakeFromInjection()``
/// runs. A subclass's instances get its superclasses' `@Injected` properties filled too.
///
/// Reading an `@Injected` property that no injector filled (in `init()`, or on an
/// object built by hand) stops the program with a message naming the property and how
/// to fill it: a getter cannot throw.
///
/// A dependency filled from a *named* binding is declared with a key path
/// (`Requirements().named("audit", \.log)`) or with `fills(_:named:file:line:_:)`: Swift keeps
/// a property wrapper's arguments only in each instance, and the injector must know the
/// name before any instance exists (see <doc:DeclaringRequirements#Declared-in-one-place>).
///
/// Each `@Injected` property keeps its value in a small object of its own, allocated
/// with the instance (see <doc:Performance>).
@propertyWrapper
public final class Injected<Value> {
    /// The value the injector wrote; `nil` until then.
    @usableFromInline var value: Value?

    /// An empty property, filled by the injector.
    public init() {}

    /// Not available: `@Injected` applies to properties of classes, which the injector
    /// builds or fills.
    @available(*, unavailable, message: "@Injected applies only to properties of a class")
    public var wrappedValue: Value {
        get { fatalError("@Injected applies only to properties of a class") }
        set { fatalError("@Injected applies only to properties of a class") }
    }

    /// The property's value, as the class reads and writes it (Swift calls this
    /// subscript for each access to an `@Injected` property of a class; it is not
    /// written by hand).
    ///
    /// Reading a property that was never filled stops the program with a message that
    /// names it (`HabitApp.terminal`) and says how to fill it; an optional property
    /// reads `nil` instead. Assigning sets the value, as for a plain `var`.
    ///
    /// Inlinable, so that a read compiles where the property is declared, for its own
    /// `Value`: about as fast as a plain property's read, where generic code would look
    /// up `Optional<Value>`'s metadata on each read (see <doc:Performance>).
    @inlinable
    public static subscript<Root: AnyObject>(
        _enclosingInstance object: Root,
        wrapped wrapped: ReferenceWritableKeyPath<Root, Value>,
        storage storage: ReferenceWritableKeyPath<Root, Injected<Value>>
    ) -> Value {
        get {
            let property = object[keyPath: storage]
            if let value = property.value { return value }
            return property.unfilledValue(in: object)
        }
        set {
            object[keyPath: storage].value = newValue
        }
    }

    /// `nil` for an optional property never filled; otherwise stops the program with
    /// the message for a property read before the injector filled it.
    @usableFromInline @inline(never)
    func unfilledValue(in object: AnyObject) -> Value {
        if let optional = Value.self as? any OptionalMarker.Type, let none = optional.noneValue as? Value {
            return none
        }
        fatalError(Self.unfilledMessage(type: Swift.type(of: object), property: propertyName(in: object)))
    }

    /// The name of this property in `object`: the field that holds it, found by
    /// identity (`_terminal` holds the `terminal` property).
    private func propertyName(in object: AnyObject) -> String {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children
            where type(of: child.value) == Injected<Value>.self && (child.value as AnyObject) === self {
                return InjectedFields.propertyName(ofStorage: child.label ?? "")
            }
            mirror = current.superclassMirror
        }
        return "<@Injected \(typeName(Value.self))>"
    }

    /// What reading an unfilled `@Injected` property says.
    static func unfilledMessage(type: Any.Type, property: String) -> String {
        let name = typeName(type)
        return """
            \(name).\(property) is @Injected and was read before an injector filled it. \
            To fix: get the \(name) from the injector (try injector.getObject(\(name).self)), or call \
            try injector.injectDependencies(into:) on it before reading \(property); the injector fills it after \
            init() returns, so read it in awakeFromInjection() at the earliest, not in init().
            """
    }
}
