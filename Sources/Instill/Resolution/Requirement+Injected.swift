// The requirements of a class's `@Injected` properties: found once per type in its field
// records (`InjectedFields`), each made into the same `Requirement` a `fills` closure
// makes, whose closure writes the property's storage. Nothing else in the engine knows
// the wrapper exists.

/// `Injected<Value>`, seen through its field's type: makes the property's requirement.
protocol InjectedStorage: AnyObject {
    /// The requirement of `field`, an `@Injected` property of `Root` (or a superclass).
    static func requirement<Root: AnyObject>(for field: InjectedFields.Field, of root: Root.Type) -> Requirement
    /// Whether an injector wrote the property (`nil` included, for an optional one).
    var isFilled: Bool { get }
}

extension Injected: InjectedStorage {
    var isFilled: Bool { value != nil }

    static func requirement<Root: AnyObject>(for field: InjectedFields.Field, of root: Root.Type) -> Requirement {
        let storageName = field.storageName
        let declaringClass = field.declaringClass.id
        // The reference engine's lookup: the field of that name in the declaring
        // class's level of the object's mirror, cast to the field's exact type.
        let reflected: @Sendable (AnyObject) -> Injected<Value>? = { object in
            InjectedProperty.storage(named: storageName, declaredIn: declaringClass, of: object) as? Injected<Value>
        }
        let find: @Sendable (AnyObject) -> Injected<Value>?
        if let offset = field.offset {
            // The field records proved a field of exactly `Injected<Value>` there.
            find = { Downcast.known(InjectedFields.storage(at: offset, in: $0), as: Injected<Value>.self) }
        } else {
            find = reflected
        }
        return Requirement(
            assigning: { (object: Root, value: Value) in find(object)?.value = value },
            name: nil, location: nil, declaredName: field.name,
            referenceAssign: { (object: Root, value: Value) in reflected(object)?.value = value },
            read: { object in
                guard let value = find(object)?.value else { return nil }
                if let optional = value as? any OptionalMarker, optional.isNone { return nil }
                return value
            })
    }
}

/// The `@Injected` properties of a class as requirements, read once per type (see
/// ``InjectedFields``).
enum InjectedProperty {
    /// The requirements of `Root`'s `@Injected` properties, superclasses' first.
    static func requirements<Root: AnyObject>(of root: Root.Type) -> [Requirement] {
        InjectedFields.of(root).map { $0.storage.requirement(for: $0, of: root) }
    }

    /// The value of the stored field `name` that the class `declaring` declares, in
    /// `object` (an instance of it or of a subclass), read with `Mirror`: the lookup
    /// that reads no layout.
    static func storage(named name: String, declaredIn declaring: ObjectIdentifier, of object: AnyObject) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            if ObjectIdentifier(current.subjectType) == declaring {
                return current.children.first { $0.label == name }?.value
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
