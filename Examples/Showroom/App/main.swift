import Foundation
import Instill
import ShowroomKit

do {
    let injector = try Injector(modules: [ShowroomModule()])

    let garage = try injector.getObject(Garage.self)
    let family = try garage.park(Car.self)
    let sports = try garage.park(SportsCar.self)
    print("Built:")
    print("  \(family.summary)")
    print("  \(sports.summary), turbo \(sports.turbo.boost) bar")
    print("  ready to drive: \(family.isReady && sports.isReady)")

    let v12 = try injector.getObject(Engine.self, arguments: "V12", 12)
    print("  a loose engine on request: \(v12.model) (\(v12.cylinders) cyl)")

    print("Spare wheels built before any flat tyre: \(Wheel.made)")
    let spare = try sports.spareWheel()
    print("After a flat tyre: wheel #\(spare.serial) fitted, \(Wheel.made) built")

    // A main-actor view model: this top-level code runs on the main actor, so the
    // request is synchronous, and the model's initializer and awake run there too.
    let screen = try injector.getObject(ShowroomScreen.self)
    print("Main-actor screen: \(screen.headline); shares the garage: \(screen.garage === garage)")

    // An async-built service: an actor whose initializer awaits. Ten tasks ask at
    // once; it is loaded once, and none of them blocks a thread while it loads.
    let prices = try await withThrowingTaskGroup(of: PriceList.self) { group in
        for _ in 0..<10 { group.addTask { try await injector.getObject(PriceList.self) } }
        var lists: [PriceList] = []
        for try await list in group { lists.append(list) }
        return lists
    }
    let v8Price = await prices[0].price(of: screen.featured.engine.model)
    print(
        "Async price list: \(screen.featured.engine.model) costs \(v8Price) EUR; "
            + "10 tasks, \(Set(prices.map(ObjectIdentifier.init)).count) list, loaded \(await PriceList.loads.value) time(s)"
    )
    do {
        _ = try Injector().getObject(PriceList.self)  // synchronous, on an injector that has not loaded it
    } catch {
        print("  A synchronous request says: \(String(describing: error).split(separator: "\n")[0])")
    }

    let sameGarage = try injector[Garage.self]
    print("Garage is a singleton: \(sameGarage === garage), holding \(sameGarage.cars.count) cars")

    // The graph, checked and drawn without building anything.
    let roots: [Any.Type] = [Garage.self, SportsCar.self]
    print("\nValidation: \(injector.validate(roots: roots))")
    let graph = injector.graph(roots: roots)
    print("\nThe graph:\n\(graph.textTree)")
    let dotFile = FileManager.default.temporaryDirectory.appendingPathComponent("showroom.dot")
    try graph.dot.write(to: dotFile, atomically: true, encoding: .utf8)
    print("Graphviz version written to \(dotFile.path) (render with: dot -Tsvg \(dotFile.path) -o showroom.svg)")

    // What a mistake looks like: nothing is bound to a protocol.
    print("\nAsking an injector without the module for a car:")
    do {
        _ = try Injector().getObject(Car.self)
    } catch {
        print(error)
    }
} catch {
    print("Showroom failed:\n\(error)")
}
