import ExplorerLoad
import Testing

/// When an open-model test means each request to start, with and without a ramp.
@Suite("Load: the open model's schedule")
struct LoadScheduleTests {
    @Test func aSteadyRateSpacesRequestsEvenly() {
        let schedule = LoadSchedule(rate: 100)
        #expect(schedule.start(of: 0) == 0)
        #expect(abs(schedule.start(of: 1) - 0.01) < 1e-12 && abs(schedule.start(of: 250) - 2.5) < 1e-12)
        #expect(schedule.count(by: 1.0) == 100)
    }

    @Test func aRampRisesLinearlyThenHoldsTheRate() {
        let schedule = LoadSchedule(rate: 100, ramp: 10)
        // Over a 10 s ramp to 100/s, 500 requests start (the area under the ramp), then 100 a second.
        #expect(abs(schedule.start(of: 500) - 10) < 1e-9)
        #expect(abs(schedule.start(of: 600) - 11) < 1e-9)
        // Half way through the ramp a quarter of its requests have started.
        #expect(abs(schedule.start(of: 125) - 5) < 1e-9)
        #expect(schedule.count(by: 5) == 125 && schedule.count(by: 11) == 600)
        for index in [1, 7, 124, 499, 777] { #expect(schedule.start(of: index) < schedule.start(of: index + 1)) }
    }
}
