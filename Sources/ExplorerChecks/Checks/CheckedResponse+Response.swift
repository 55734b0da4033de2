import ExplorerCore
import Foundation

extension CheckedResponse {
    /// The parts of a received response that checks and captures read.
    public init(_ response: Request.Response) {
        self.init(status: response.statusCode, headers: response.headers.fields.map { (name: $0.name, value: $0.value) },
                  body: response.data, duration: response.duration)
        events = response.events
        eventCount = response.eventCount
    }
}
