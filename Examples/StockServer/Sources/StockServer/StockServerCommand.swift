import Foundation
import Hummingbird

/// The stock service: parses the command line, fills the stock, and serves until SIGINT or SIGTERM; exits
/// with 2 for a bad command line, 1 when it cannot serve (the port is taken).
@main
enum StockServerCommand {
    static func main() async {
        let options: Options
        do {
            options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            if error.isHelp {
                print(error.description)
                return
            }
            FileHandle.standardError.write(Data("StockServer: \(error.description)\n".utf8))
            exit(2)
        }
        let (items, stock, subscriptions) = (options.items, options.stock, options.subscriptions)
        do {
            switch options.mode {
            case .store:
                try await serve(StoreInventory(items: items, stock: stock, subscriptions: subscriptions), options)
            case .hand:
                try await serve(HandInventory(items: items, stock: stock, subscriptions: subscriptions), options)
            }
        } catch {
            // The port taken, most often: said in a line, not in a backtrace.
            FileHandle.standardError.write(Data("StockServer: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Serves the routes over `keeper` on 127.0.0.1 at `options.port`.
    private static func serve(_ keeper: some StockKeeper, _ options: Options) async throws {
        // Written at once, not buffered as `print` is when standard output is a file.
        FileHandle.standardOutput.write(
            Data(
                """
                StockServer: \(options.mode.rawValue) mode, \(options.items) items of \(options.stock), \
                \(options.subscriptions) rows watched, on 127.0.0.1:\(options.port)

                """.utf8))
        let app = Application(
            router: makeRouter(keeping: keeper),
            configuration: .init(address: .hostname("127.0.0.1", port: options.port))
        )
        try await app.runService()
    }
}
