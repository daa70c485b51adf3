import Instill
import OrdersKit

do {
    let injector = try Injector(modules: [ProductionModule()])
    let service = try injector.getObject(OrderService.self)

    print("Placing orders with the production module:")
    try service.placeOrder(for: "ada", items: [1250, 399])
    try service.placeOrder(for: "grace", items: [9900])

    let repository = try injector.getObject(OrderRepository.self)
    print("Stored orders: \(repository.orders.map { "#\($0.number) \($0.customer) \(service.format($0.totalCents))" })")
    print("Same repository for every service: \(try injector.getObject(OrderService.self).repository === repository)")
} catch {
    print("Orders failed:\n\(error)")
}
