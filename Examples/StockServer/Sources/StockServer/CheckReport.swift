import Foundation
import Hummingbird

/// What `GET /check` answers: whether nothing was lost, with the figures it compared.
///
/// ```json
/// {"failureCount":0,"failures":[],"notifications":4212,"ok":true,"taken":412345,"takes":412345,"watchedRows":100}
/// ```
struct CheckReport: Encodable, ResponseGenerator, Sendable {
    /// Whether every check passed.
    var ok: Bool
    /// The takes answered 200.
    var takes: Int
    /// The units gone from stock, over every item: must be ``takes``.
    var taken: Int
    /// How many rows are watched.
    var watchedRows: Int
    /// How many values the rows' watchers were told, their first values included.
    var notifications: Int
    /// What went wrong, one line each, the first ``shownFailures``; empty when ``ok``.
    var failures: [String]
    /// How many failures there were, ``failures`` and those left out.
    var failureCount: Int

    /// How many failures the report lists at most.
    static let shownFailures = 20

    /// The report on a run with `takesAnswered` takes answered 200 and `taken` units gone from stock, whose
    /// rows' watchers are `watchers`, and where `stockOf` gives each watched row's stock now.
    init(takesAnswered: Int, taken: Int, watchers: [RowWatcher], stockOf: (Int) -> Int?) {
        var failures: [String] = []
        if taken != takesAnswered {
            failures.append("\(taken) units are gone from stock, but \(takesAnswered) takes were answered 200")
        }
        var notifications = 0
        for watcher in watchers {
            let verdict = watcher.verdict(currentStock: stockOf(watcher.id))
            notifications += verdict.notifications
            failures += verdict.failures
        }
        self.ok = failures.isEmpty
        self.takes = takesAnswered
        self.taken = taken
        self.watchedRows = watchers.count
        self.notifications = notifications
        self.failures = Array(failures.prefix(Self.shownFailures))
        self.failureCount = failures.count
    }

    /// The report as JSON, its keys sorted, so that two reports read alike; a 200 (the route sets the status).
    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(self)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json))
        )
    }
}
