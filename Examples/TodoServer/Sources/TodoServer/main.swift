import Hummingbird
import Instill
import TodoKit

// `TodoServer [--hand-wired] [--port N]`: the to-do API on 127.0.0.1, its objects wired
// by Instill, or by hand for comparison.
let arguments = CommandLine.arguments
let handWired = arguments.contains("--hand-wired")
let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments[$0 + 1]) } ?? 8080

let router: Router<BasicRequestContext>
if handWired {
    router = makeRouter(requests: HandWiredRequests())
} else {
    let injector = try Injector(modules: [ServerModule()])
    let report = injector.validate(roots: [TodoRequest.self])
    guard report.isValid else { fatalError("\(report)") }
    router = makeRouter(requests: try InjectedRequests(injector: injector))
}
print("TodoServer (\(handWired ? "hand-wired" : "Instill")) on http://127.0.0.1:\(port)")
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
