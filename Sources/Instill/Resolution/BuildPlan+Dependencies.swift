/// Compiling the initializer dependencies of a plan's type.
extension Injector {
    /// Appends how the plan of `recipe` gets each of its initializer's dependencies:
    /// another plan, a published singleton, or a value fixed now. `nil` when every
    /// one is known; the outcome for the whole plan otherwise.
    func compileDependencies(
        of recipe: Recipe, _ metadata: InjectableMetadata, depth: Int, into dependencies: inout [BuildPlan.Dependency],
        values: inout [Any?], retaining retained: inout [AnyObject]
    ) -> PlanOutcome? {
        let owner = recipe.owner
        for (index, declared) in metadata.initializerDependencies.enumerated() {
            let dependency = declared.dependency
            switch dependency.kind {
            case .objectFactory:
                values.append(ObjectFactory(injector: owner))
                dependencies.append(.value(values.count - 1))
                continue
            case .provider:
                values.append(dependency.makeProvider?(owner, declared.name))
                dependencies.append(.value(values.count - 1))
                continue
            case .object:
                break
            }
            guard var target = recipe.links?.recipe(metadata.requirements.count + index) else {
                if dependency.isOptional, !owner.canAnswer(declared.key, type: dependency.target) {
                    values.append(nil)
                    dependencies.append(.value(values.count - 1))
                    continue
                }
                return .notYet
            }
            var links: [Recipe] = []
            while case .link(let linked) = target.source {
                links.append(target)
                target = linked
            }
            let type: Any.Type
            switch (target.scope, target.source) {
            case (.normal, .build):
                switch compilePlan(target, depth: depth + 1) {
                case .compiled(let compiled):
                    dependencies.append(.plan(Unmanaged.passUnretained(compiled)))
                    retained.append(compiled)
                    type = compiled.metadata.type.type
                case let outcome: return outcome
                }
            case (.normal, .instance(let instance)):
                values.append(instance.value)
                dependencies.append(.value(values.count - 1))
                type = Swift.type(of: instance.value)
            case (.singleton, _):
                if let object = target.singletonValue() {
                    dependencies.append(.constant(Unmanaged.passUnretained(object)))
                    retained.append(object)
                    type = Swift.type(of: object)
                } else if let value = target.sharedValue() {
                    values.append(value)
                    dependencies.append(.value(values.count - 1))
                    type = Swift.type(of: value)
                } else {
                    return .notYet
                }
            default:
                // Closures and providers run on every build; graph and weak objects
                // are shared within a request or while held, which a plan cannot see.
                return .never
            }
            let id = ObjectIdentifier(type)
            guard links.allSatisfy({ $0.hasAccepted(id) }) else { return .notYet }
        }
        return nil
    }
}
