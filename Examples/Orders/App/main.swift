import Instill
import OrdersKit

do {
    let injector = try Injector(modules: [ProductionModule()])
    let service = try injector.getObject(OrderService.self)

    print("Placing orders with the production module:")
    try await service.placeOrder(for: "ada", items: [1250, 399])
    try await service.placeOrder(for: "grace", items: [9900])

    let repository = try injector.getObject(OrderRepository.self)
    let stored = await repository.orders.map { "#\($0.number) \($0.customer) \(service.format($0.totalCents))" }
    print("Stored orders: \(stored)")
    print("Same repository for every service: \(try injector.getObject(OrderService.self).repository === repository)")
    print("Configuration checked: \(injector.validate(roots: [OrderService.self]))")
    print("What the service is built from:")
    print(injector.graph(roots: [OrderService.self]).textTree, terminator: "")
} catch {
    print("Orders failed:\n\(error)")
}
