import ExplorerWorkspace

extension LoadPlan {
    /// The plan as a k6 scenario: a constant or ramping arrival rate (open model), or constant or ramping users (closed
    /// model); a request count becomes shared iterations, or a duration at the rate.
    public var k6Scenario: JSONValue {
        func seconds(_ value: Double) -> JSONValue { .string("\(Int(value.rounded(.up)))s") }
        let warmup = warmup
        switch model {
        case let .open(rate):
            let duration = (self.duration ?? Double(requests ?? 1) / rate) + warmup
            let vus = JSONValue.integer(Int64(connections))
            guard ramp > 0 else {
                return .object(["executor": .string("constant-arrival-rate"), "rate": .number(rate), "timeUnit": .string("1s"),
                                "duration": seconds(duration), "preAllocatedVUs": vus, "maxVUs": vus])
            }
            return .object(["executor": .string("ramping-arrival-rate"), "startRate": .integer(0), "timeUnit": .string("1s"),
                            "preAllocatedVUs": vus, "maxVUs": vus,
                            "stages": .array([.object(["target": .number(rate), "duration": seconds(ramp)]),
                                              .object(["target": .number(rate), "duration": seconds(max(1, duration - ramp))])])])
        case let .closed(users):
            if let requests, duration == nil, ramp == 0 {
                return .object(["executor": .string("shared-iterations"), "vus": .integer(Int64(users)), "iterations": .integer(Int64(requests))])
            }
            let duration = (self.duration ?? 60) + warmup
            guard ramp > 0 else {
                return .object(["executor": .string("constant-vus"), "vus": .integer(Int64(users)), "duration": seconds(duration)])
            }
            return .object(["executor": .string("ramping-vus"), "startVUs": .integer(0),
                            "stages": .array([.object(["target": .integer(Int64(users)), "duration": seconds(ramp)]),
                                              .object(["target": .integer(Int64(users)), "duration": seconds(max(1, duration - ramp))])])])
        }
    }
}
