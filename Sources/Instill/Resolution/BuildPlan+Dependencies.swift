/// Compiling the initializer dependencies of a plan's type.
extension Injector {
    /// Appends how the plan of `recipe` gets each of its initializer's dependencies:
    /// another plan, or a value fixed now (a published singleton, a bound instance,
    /// a ``Provider``, an ``ObjectFactory``, `nil`). `nil` when every one is known;
    /// the outcome for the whole plan otherwise.
    func compileDependencies(
        of recipe: Recipe, _ metadata: InjectableMetadata, depth: Int, into dependencies: inout [BuildPlan.Dependency],
        retaining retained: inout [AnyObject]
    ) -> PlanOutcome? {
        guard let declared = metadata.initializer.dependencies else { return nil }
        let owner = recipe.owner
        for (index, entry) in declared.entries.enumerated() {
            let layout = entry.layout
            let offset = declared.offsets[index]
            func fix(_ value: Any?) -> Bool {
                guard let fixed = FixedDependency(value, layout: layout) else { return false }
                dependencies.append(
                    .init(value: .fixed(Unmanaged.passUnretained(fixed)), offset: offset, layout: layout))
                retained.append(fixed)
                return true
            }
            let dependency = entry.dependency
            switch dependency.kind {
            case .objectFactory:
                guard fix(ObjectFactory(injector: owner)) else { return .never }
                continue
            case .provider:
                guard fix(dependency.makeProvider?(owner, entry.name)) else { return .never }
                continue
            case .object:
                break
            }
            guard var target = recipe.links?.recipe(metadata.requirements.count + index) else {
                if dependency.isOptional, !owner.canAnswer(entry.key, type: dependency.target) {
                    guard fix(nil) else { return .never }
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
                let outcome = compilePlan(target, depth: depth + 1)
                guard case .compiled(let compiled) = outcome else { return outcome }
                guard let template = layout.template(for: compiled.type) else {
                    return layout.isLearning ? .notYet : .never
                }
                dependencies.append(
                    .init(
                        value: .plan(Unmanaged.passUnretained(compiled), Unmanaged.passUnretained(template)),
                        offset: offset, layout: layout))
                retained.append(compiled)
                retained.append(template)
                type = compiled.metadata.type.type
            case (.normal, .instance(let instance)):
                guard fix(instance.value) else { return .never }
                type = Swift.type(of: instance.value)
            case (.singleton, _):
                guard let value = target.singletonValue() ?? target.sharedValue() else { return .notYet }
                guard fix(value) else { return .never }
                type = Swift.type(of: value)
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
